// The sheet's stored state: what a game is (raw inputs only, every score is derived), reading it
// back defensively from localStorage or a shared link, and writing it.
//
// State, version 1:
//   {v: 1, id: text, players: [name], firstDealer, settings: {key: value}, rounds: [round],
//    redo: round | null (the round Undo took away, until something else changes),
//    draft: {edit: null | round index, phase: "bid" | "took", bids: [text], took: [text],
//            aside: null | {phase, bids, took} (the new round half typed when an edit began)}}
// A bid round is {bids: [int], took: [int], handSize: int, dealer?: seat, trump?: trump as played};
// a tally round is {loser: int}.
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
  return { edit: null, phase: 'bid', bids: Array(n).fill(''), took: Array(n).fill(''), aside: null };
}

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

function cleanRound(data, round, n) {
  if (!isObject(round)) return null;
  if (data.template === 'tally') {
    return isWhole(round.loser) && round.loser >= 0 && round.loser < n ? { loser: round.loser } : null;
  }
  const cardsOk = isWhole(round.handSize) && round.handSize >= 1 && round.handSize <= 1000;
  const list = (value) => Array.isArray(value) && value.length === n
    && value.every((x) => isWhole(x) && x >= 0 && x <= round.handSize);
  if (!cardsOk || !list(round.bids) || !list(round.took)) return null;
  const out = { bids: round.bids.slice(), took: round.took.slice(), handSize: round.handSize };
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
  const aside = edit !== null && isObject(draft.aside)
    ? { phase: draft.aside.phase === 'took' ? 'took' : 'bid', bids: texts(draft.aside.bids), took: texts(draft.aside.took) } : null;
  return { edit, phase: draft.phase === 'took' ? 'took' : 'bid', bids: texts(draft.bids), took: texts(draft.took), aside };
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
  const { id, players, firstDealer, settings, rounds } = state;
  return `#${FRAGMENT}${toBase64Url(JSON.stringify({ v: VERSION, id, game: data.game, players, firstDealer, settings, rounds }))}`;
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
    settings: input.settings, rounds: input.rounds });
  if (!state || repaired) return { error: 'importBad' };
  return { state };
}
