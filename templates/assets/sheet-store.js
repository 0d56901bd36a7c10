// The sheet's stored state: what a game is (raw inputs only, every score is derived), reading it
// back defensively from localStorage or a shared link, and writing it.
//
// State, version 1:
//   {v: 1, id: text, players: [name], firstDealer, settings: {key: value}, rounds: [round],
//    redo: round | null (the round Undo took away, until something else changes),
//    draft: {edit: null | round index, phase: "bid" | "took", bids: [text], took: [text],
//            aside: null | {phase, bids, took, out, aside} (the next deal as far as it was typed,
//                   waiting while a past deal is edited or the last one Undo put back is in the
//                   form; its own aside is the deal after it, put aside by an earlier Undo)}}
// A bid round is {bids: [int | null], took: [int | null], handSize: int, dealer?: seat, trump?:
// trump as played} (null in both bids and took: the seat sat the round out); a tally round is
// {loser: int, away?: [seat]}. Either may carry adjust: [int | null] (one-off points per seat) and note: text.
// Table events (engine version 2), each optional: handSizes: [int] (bid: the table's own plan of
// deals), carryIn: [int] (the score each seat started from), gone: [seat] (seats that have left),
// left: [[int, int | null]] (per seat, its spells away from the game: the deals played when it
// left and when it came back; it had left the deals between),
// joined: [int] (per seat, the deals played before it joined: a latecomer is away from those),
// ended: true (tally: the evening was ended); draft.out: null | [seat] (seats away from the round
// being entered; null: those gone).
export const VERSION = 1;
export const TRUMPS = ['turnUp', 'hearts', 'diamonds', 'clubs', 'spades', 'none'];
const FRAGMENT = 'game=';

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const isWhole = (value) => typeof value === 'number' && Number.isInteger(value);

/** Whether value fits a setting's metadata (type, range, step, options). */
export function settingOk(meta, value) {
  if (meta.type === 'bool') return typeof value === 'boolean';
  if (meta.type === 'enum') return typeof value === 'string' && meta.options.some((o) => (o.id || o) === value);
  return isWhole(value) && value >= meta.min && value <= meta.max && (value - meta.min) % (meta.step || 1) === 0;
}

/** The game's default settings: every setting the page lists, at its default. */
export function defaultSettings(data) {
  return Object.fromEntries(data.settings.map((meta) => [meta.key, meta.default]));
}

export function blankDraft(n) {
  return { edit: null, phase: 'bid', bids: Array(n).fill(''), took: Array(n).fill(''), aside: null, out: null };
}

export const AGREED_LIMIT = 1000000; // carry-in and adjustments (the engine's limit)
export const NOTE_LENGTH = 60;
const agreed = (x) => isWhole(x) && Math.abs(x) <= AGREED_LIMIT;
const seatList = (value, n) => Array.isArray(value) && value.every((p) => isWhole(p) && p >= 0 && p < n)
  && new Set(value).size === value.length;

/** A game's id (for the history): random, short, text. */
export function newId() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

export function newState(data, players) {
  const { min, max } = data.spec.players;
  const names = players || Array(Math.max(min, Math.min(4, max))).fill('');
  return { v: VERSION, id: newId(), players: names, firstDealer: 0, settings: defaultSettings(data), rounds: [],
    redo: null, draft: blankDraft(names.length) };
}

/** A round's one-off adjustment and its note, when both are readable (else false). */
function cleanExtras(round, n, out) {
  if (round.adjust !== undefined) {
    if (!Array.isArray(round.adjust) || round.adjust.length !== n || !round.adjust.every((x) => x === null || agreed(x))) return false;
    if (round.adjust.some((x) => x !== null)) out.adjust = round.adjust.slice();
  }
  if (round.note !== undefined) {
    if (typeof round.note !== 'string') return false;
    if (round.note.trim()) out.note = round.note.slice(0, NOTE_LENGTH);
  }
  return true;
}

function cleanRound(data, round, n) {
  if (!isObject(round)) return null;
  if (data.template === 'tally') {
    if (!(isWhole(round.loser) && round.loser >= 0 && round.loser < n)) return null;
    const out = { loser: round.loser };
    if (round.away !== undefined) {
      // the seats that sat the deal out (or had gone): each once, never the loser, two or more playing
      const away = round.away;
      if (!Array.isArray(away) || !away.every((p) => isWhole(p) && p >= 0 && p < n && p !== round.loser)
        || new Set(away).size !== away.length || n - away.length < 2) return null;
      if (away.length) out.away = away.slice().sort((a, b) => a - b);
    }
    return cleanExtras(round, n, out) ? out : null;
  }
  const cardsOk = isWhole(round.handSize) && round.handSize >= 1 && round.handSize <= 1000;
  const away = (p) => Array.isArray(round.bids) && Array.isArray(round.took) && round.bids[p] === null && round.took[p] === null;
  const list = (value) => Array.isArray(value) && value.length === n
    && value.every((x, p) => away(p) || (isWhole(x) && x >= 0 && x <= round.handSize));
  if (!cardsOk || !list(round.bids) || !list(round.took)) return null;
  if (round.bids.every((_, p) => away(p))) return null; // a round nobody played
  const out = { bids: round.bids.slice(), took: round.took.slice(), handSize: round.handSize };
  if (!cleanExtras(round, n, out)) return null;
  // as played: a later change of the first dealer or of the trump rule leaves this round as it was
  if (round.dealer !== undefined) {
    if (!isWhole(round.dealer) || round.dealer < 0 || round.dealer >= n) return null;
    out.dealer = round.dealer;
  }
  if (round.trump !== undefined) {
    if (!TRUMPS.includes(round.trump)) return null;
    out.trump = round.trump;
  }
  return out;
}

function cleanDraft(draft, n, rounds) {
  const texts = (value) => (Array.isArray(value) && value.length === n
    ? value.map((x) => (typeof x === 'string' ? x.slice(0, 6) : '')) : Array(n).fill(''));
  if (!isObject(draft)) return blankDraft(n);
  const edit = isWhole(draft.edit) && draft.edit >= 0 && draft.edit < rounds ? draft.edit : null;
  const seats = (value) => (Array.isArray(value) && seatList(value, n) ? value.slice() : null);
  const part = (value) => ({ phase: value.phase === 'took' ? 'took' : 'bid', bids: texts(value.bids), took: texts(value.took),
    out: seats(value.out), aside: null });
  const clean = { edit, ...part(draft) };
  // the deals put aside, each holding the one after it (a loop: a stored chain may be long)
  for (let to = clean, value = draft.aside; isObject(value); value = value.aside) {
    to.aside = part(value);
    to = to.aside;
  }
  return clean;
}

/** The deals a draft put aside, the next one first (see `aside` above). */
export function asides(draft) {
  const parts = [];
  for (let part = draft.aside; part; part = part.aside) parts.push(part);
  return parts;
}

/** The table events of a stored game (see the top of this file); returns false when one is unreadable. */
function cleanEvents(data, value, n, state) {
  if (value.handSizes !== undefined && value.handSizes !== null) {
    const ok = data.template === 'bid' && Array.isArray(value.handSizes) && value.handSizes.length > 0
      && value.handSizes.length <= 200 && value.handSizes.every((x) => isWhole(x) && x >= 1 && x <= 1000);
    if (!ok) return false;
    state.handSizes = value.handSizes.slice();
  }
  if (value.carryIn !== undefined && value.carryIn !== null) {
    if (!Array.isArray(value.carryIn) || value.carryIn.length !== n || !value.carryIn.every(agreed)) return false;
    if (value.carryIn.some((x) => x !== 0)) state.carryIn = value.carryIn.slice();
  }
  if (value.gone !== undefined) {
    if (!seatList(value.gone, n)) return false;
    if (value.gone.length) state.gone = value.gone.slice().sort((a, b) => a - b);
  }
  if (value.left !== undefined && value.left !== null) {
    // per seat, its spells away from the game: [deals played when it left, when it came back or null]
    const spell = (x) => Array.isArray(x) && x.length === 2 && isWhole(x[0]) && x[0] >= 0 && x[0] <= 1000
      && (x[1] === null || (isWhole(x[1]) && x[1] > x[0] && x[1] <= 1000));
    const ok = Array.isArray(value.left) && value.left.length === n
      && value.left.every((spells) => Array.isArray(spells) && spells.length <= 100 && spells.every(spell));
    if (!ok) return false;
    if (value.left.some((spells) => spells.length)) state.left = value.left.map((spells) => spells.map((x) => x.slice()));
  }
  if (value.joined !== undefined && value.joined !== null) {
    // a latecomer is away from every deal played before she joined
    const away = (round, p) => !round.bids || round.bids[p] === null;
    const ok = Array.isArray(value.joined) && value.joined.length === n && value.joined.every((k, p) => isWhole(k)
      && k >= 0 && k <= 1000 && state.rounds.slice(0, k).every((round) => away(round, p)));
    if (!ok) return false;
    if (value.joined.some((k) => k > 0)) state.joined = value.joined.slice();
  }
  if (value.ended !== undefined) {
    if (typeof value.ended !== 'boolean' || (value.ended && data.template !== 'tally')) return false;
    if (value.ended) state.ended = true;
  }
  return true;
}

/**
 * A stored value made safe. Returns {state, repaired}; state is null when nothing usable is left
 * (not an object, another version, no valid list of players).
 */
export function sanitize(data, value) {
  if (!isObject(value) || value.v !== VERSION) return { state: null, repaired: true };
  const { min, max } = data.spec.players;
  const players = value.players;
  if (!Array.isArray(players) || players.length < min || players.length > max
      || !players.every((p) => typeof p === 'string')) return { state: null, repaired: true };
  const n = players.length;
  let repaired = false;
  const state = newState(data, players.map((p) => p.slice(0, 40)));
  if (isWhole(value.firstDealer) && value.firstDealer >= 0 && value.firstDealer < n) state.firstDealer = value.firstDealer;
  else repaired = repaired || value.firstDealer !== undefined;
  const given = isObject(value.settings) ? value.settings : {};
  for (const meta of data.settings) {
    if (!(meta.key in given)) continue;
    if (settingOk(meta, given[meta.key])) state.settings[meta.key] = given[meta.key];
    else repaired = true;
  }
  if (Object.keys(given).some((key) => !data.settings.some((meta) => meta.key === key))) repaired = true;
  const rounds = Array.isArray(value.rounds) ? value.rounds : [];
  if (!Array.isArray(value.rounds) && value.rounds !== undefined) repaired = true;
  for (const round of rounds) {
    const clean = cleanRound(data, round, n);
    if (clean === null) { repaired = true; break; } // keep the rounds before the first broken one
    state.rounds.push(clean);
  }
  if (!cleanEvents(data, value, n, state)) repaired = true;
  state.draft = cleanDraft(value.draft, n, state.rounds.length);
  if (typeof value.id === 'string' && /^[0-9a-z]{1,40}$/.test(value.id)) state.id = value.id;
  state.redo = value.redo ? cleanRound(data, value.redo, n) : null;
  return { state, repaired };
}

/** localStorage behind a guard: every access may throw (privacy modes, full disk, policies). */
export function openStorage(key) {
  let store = null;
  try {
    store = window.localStorage;
    const probe = `${key}:probe`;
    store.setItem(probe, '1');
    store.removeItem(probe);
  } catch {
    store = null;
  }
  return {
    available: store !== null,
    backupKey: `${key}:backup`,
    read() {
      try { return store ? store.getItem(key) : null; } catch { return null; }
    },
    write(state) {
      if (!store) return false;
      try { store.setItem(key, JSON.stringify(state)); return true; } catch { return false; }
    },
    backup(raw) {
      try { if (store && raw !== null) store.setItem(`${key}:backup`, raw); } catch { /* nothing more to do */ }
    },
    readBackup() {
      try { return store ? store.getItem(`${key}:backup`) : null; } catch { return null; }
    },
  };
}

/**
 * The game stored on this page. Returns {state, notice}: notice is null, 'repaired' (some of it
 * was kept) or 'reset' (a new game); in both cases the raw value is copied to the backup key.
 */
export function loadStored(data, storage) {
  const raw = storage.read();
  if (raw === null) return { state: newState(data), notice: null };
  let parsed;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const { state, repaired } = sanitize(data, parsed);
  if (state && !repaired) return { state, notice: null };
  storage.backup(raw);
  return state ? { state, notice: 'repaired' } : { state: newState(data), notice: 'reset' };
}

// ---- shared links: the game in the URL fragment, as base64url JSON ---------------------------

function toBase64Url(text) {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The fragment that carries a game (without its draft). */
export function encodeFragment(data, state) {
  const { id, players, firstDealer, settings, rounds, handSizes, carryIn, gone, left, joined, ended } = state;
  return `#${FRAGMENT}${toBase64Url(JSON.stringify({ v: VERSION, id, game: data.game, players, firstDealer, settings, rounds,
    handSizes, carryIn, gone, left, joined, ended }))}`;
}

/** Whether the page was opened with a shared game in its fragment. */
export function hasFragment(hash) {
  return hash.startsWith(`#${FRAGMENT}`);
}

/** {state} from a shared link, or {state: null} when it cannot be read or is for another game. */
export function decodeFragment(data, hash) {
  try {
    const value = JSON.parse(fromBase64Url(hash.slice(FRAGMENT.length + 1)));
    if (!isObject(value) || value.game !== data.game) return { state: null };
    const { state } = sanitize(data, value);
    return { state };
  } catch {
    return { state: null };
  }
}

// ---- a game from an exported JSON file (sheet-tools.js toJson) --------------------------------

/** {state} from the text of an exported file, or {error: message key, name?}. */
export function importedState(data, text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: 'importBad' };
  }
  if (!isObject(value) || value.format !== 'giv-game' || !isObject(value.input)) return { error: 'importBad' };
  if (value.game !== data.game) return { error: 'importOtherGame', name: typeof value.name === 'string' ? value.name.slice(0, 80) : '' };
  const { input } = value;
  const players = Array.isArray(value.rawPlayers) ? value.rawPlayers : input.players;
  const { state, repaired } = sanitize(data, { v: VERSION, id: value.id, players, firstDealer: input.firstDealer,
    settings: input.settings, rounds: input.rounds, handSizes: input.handSizes, carryIn: input.carryIn,
    ended: input.ended, gone: value.gone, left: value.left, joined: value.joined });
  if (!state || repaired) return { error: 'importBad' };
  return { state };
}
