// The scoring engine in JavaScript: the twin of the Python engine in this folder (core.py,
// shape.py, spec.py, bid.py, seats.py, tally.py, schedule.py, standings.py, values.py). Same JSON
// in, same JSON out; docs/engine.md states the contract. Pure: no DOM, no I/O.
//
// score(input) returns the output object, or throws a TypeError whose message is the Python
// ShapeError message for input that is not of the contract's shape.
//
// Numbers follow JSON's one number type: 2.0 is the whole number 2, booleans are not numbers,
// -0 is never given out. Sums that decide an error (tricks, dealer hook, steps) are exact even
// past 2 ** 53, as Python's integers are.
import TEMPLATES from './templates.js';

export { TEMPLATES };

const ROTATION = ['hearts', 'diamonds', 'clubs', 'spades', 'none'];
const TRUMPS = ['turnUp', 'hearts', 'diamonds', 'clubs', 'spades', 'none'];
// carryIn and adjust: agreed scores, far beyond any game's points, and exact in JavaScript.
const AGREED_LIMIT = 1000000;

// ---- values (values.py) ----------------------------------------------------------------

const hasOwn = (object, key) => Object.prototype.hasOwnProperty.call(object, key);

/** Python's dict.get on a JSON object: an absent key (or undefined) gives the default. */
function get(object, key, fallback) {
  return hasOwn(object, key) && object[key] !== undefined ? object[key] : fallback;
}

/** Python's `key in dict`. */
const has = (object, key) => hasOwn(object, key) && object[key] !== undefined;

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** 0 for -0, the number itself otherwise. */
const noNegZero = (number) => (number === 0 ? 0 : number);

/** The value when it is a whole JSON number (booleans excluded), else null. */
function whole(value) {
  return typeof value === 'number' && Number.isInteger(value) ? noNegZero(value) : null;
}

function wholeIn(value, low, high) {
  const number = whole(value);
  if (number === null || number < low || number > high) return null;
  return number;
}

const safe = (number) => Number.isSafeInteger(number);

/** sum(values) == target, exactly (values and target whole numbers). */
function sumEquals(values, target) {
  let total = 0;
  for (const value of values) total += value;
  if (safe(total) && safe(target) && values.every(safe)) return total === target;
  let big = 0n;
  for (const value of values) big += BigInt(value);
  return big === BigInt(target);
}

/** (number - low) % step != 0, exactly, for whole numbers with number >= low and step > 0. */
function offStep(number, low, step) {
  if (safe(number) && safe(low) && safe(step) && safe(number - low)) return (number - low) % step !== 0;
  return (BigInt(number) - BigInt(low)) % BigInt(step) !== 0n;
}

/** Python's sorted() on strings: by code point, not by UTF-16 unit. */
function byCodePoint(a, b) {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.codePointAt(i);
    const cb = b.codePointAt(j);
    if (ca !== cb) return ca < cb ? -1 : 1;
    i += ca > 0xffff ? 2 : 1;
    j += cb > 0xffff ? 2 : 1;
  }
  if (i < a.length) return 1;
  if (j < b.length) return -1;
  return 0;
}

// ---- spec (spec.py) ----------------------------------------------------------------------

const clone = (value) => JSON.parse(JSON.stringify(value));

/** The spec a template stands for when no game is named: every setting, its own limits. */
export function templateSpec(template) {
  const base = TEMPLATES[template];
  return { players: { ...base.players }, settings: clone(base.settings), fixed: {} };
}

/** The value normalised when it fits the setting's metadata, else null. */
function checkValue(meta, value) {
  const kind = meta.type;
  if (kind === 'bool') return typeof value === 'boolean' ? value : null;
  if (kind === 'enum') return typeof value === 'string' && meta.options.includes(value) ? value : null;
  const number = whole(value);
  if (number === null || number < meta.min || number > meta.max) return null;
  if (offStep(number, whole(meta.min), whole(get(meta, 'step', 1)))) return null;
  return number;
}

/** Template defaults, then the spec's fixed values and defaults, then the given settings. */
function resolveSettings(template, spec, given) {
  const settings = {};
  const known = TEMPLATES[template].settings;
  for (const key of Object.keys(known)) settings[key] = known[key].default;
  // The spec was checked (checkSpec): its values fit, so checkValue only normalises them.
  const fixed = get(spec, 'fixed', {});
  for (const key of Object.keys(fixed)) settings[key] = checkValue(known[key], fixed[key]);
  for (const key of Object.keys(spec.settings)) settings[key] = checkValue(spec.settings[key], spec.settings[key].default);
  const errors = [];
  for (const key of Object.keys(given).sort(byCodePoint)) {
    const meta = hasOwn(spec.settings, key) ? spec.settings[key] : null;
    const value = meta === null ? null : checkValue(meta, given[key]);
    if (value === null) {
      errors.push({ code: 'badSetting', player: null, round: null, setting: key });
    } else {
      settings[key] = value;
    }
  }
  return [settings, errors];
}

// ---- shape (core.py) ---------------------------------------------------------------------

function demand(condition, message) {
  if (!condition) throw new TypeError(message);
}

function checkSpec(spec, template) {
  demand(isObject(spec), "input: 'spec' must be an object");
  demand(get(spec, 'template', template) === template, "input: 'spec.template' differs from 'template'");
  const players = get(spec, 'players', null);
  demand(isObject(players) && whole(get(players, 'min', null)) !== null
          && whole(get(players, 'max', null)) !== null, "input: 'spec.players' must be {min, max}");
  // A game narrows the template's range of players, as it does its settings' limits.
  const limits = TEMPLATES[template].players;
  demand(limits.min <= players.min && players.min <= players.max && players.max <= limits.max,
    `input: 'spec.players' must lie within ${limits.min}..${limits.max}, min at most max`);
  const settings = get(spec, 'settings', null);
  demand(isObject(settings), "input: 'spec.settings' must be an object");
  const known = TEMPLATES[template].settings;
  for (const key of Object.keys(settings)) {
    const meta = settings[key];
    demand(hasOwn(known, key) && isObject(meta) && get(meta, 'type', null) === known[key].type
            && has(meta, 'default'), `input: 'spec.settings.${key}' is not a setting of template ${template}`);
    const hard = known[key];
    if (meta.type === 'int') {
      demand(['min', 'max', 'step'].every((k) => whole(get(meta, k, null)) !== null) && meta.step > 0,
        `input: 'spec.settings.${key}' needs whole min, max and step`);
      // A game narrows the template's hard limits; it never widens them.
      demand(hard.min <= meta.min && meta.max <= hard.max,
        `input: 'spec.settings.${key}' goes beyond the template's limits`);
    }
    if (meta.type === 'enum') {
      const options = get(meta, 'options', null);
      demand(Array.isArray(options) && options.every((o) => typeof o === 'string' && hard.options.includes(o)),
        `input: 'spec.settings.${key}' needs options of the template`);
    }
    demand(checkValue(meta, meta.default) !== null,
      `input: 'spec.settings.${key}.default' is not a value of the setting`);
  }
  const fixed = get(spec, 'fixed', {});
  demand(isObject(fixed) && Object.keys(fixed).every((k) => hasOwn(known, k)),
    "input: 'spec.fixed' must name settings of the template");
  for (const key of Object.keys(fixed)) {
    demand(checkValue(known[key], fixed[key]) !== null, `input: 'spec.fixed.${key}' is not a value of the setting`);
  }
}

function agreed(value, allowNull) {
  if (value === null) return allowNull;
  const number = whole(value);
  return number !== null && number >= -AGREED_LIMIT && number <= AGREED_LIMIT;
}

function perSeat(values, players, allowNull) {
  return Array.isArray(values) && values.length === players.length && values.every((v) => agreed(v, allowNull));
}

function checkBidRound(round, number, players) {
  for (const key of ['bids', 'took']) {
    const list = get(round, key, null);
    demand(Array.isArray(list) && list.length === players.length,
      `input: round ${number}: '${key}' must list one number per player`);
  }
  demand(!has(round, 'handSize') || whole(round.handSize) !== null,
    `input: round ${number}: 'handSize' must be a whole number`);
  demand(!has(round, 'dealer') || (whole(round.dealer) !== null && round.dealer >= 0 && round.dealer < players.length),
    `input: round ${number}: 'dealer' must be the index of a player`);
  demand(!has(round, 'trump') || (typeof round.trump === 'string' && TRUMPS.includes(round.trump)),
    `input: round ${number}: 'trump' must be one of ${TRUMPS.join(', ')}`);
  demand(players.length === 0 || round.bids.some((b, p) => b !== null || round.took[p] !== null),
    `input: round ${number}: every seat is absent`);
}

function checkTallyRound(round, number, players) {
  demand(has(round, 'loser'), `input: round ${number}: 'loser' is missing`);
  const away = get(round, 'away', []);
  const seats = Array.isArray(away) ? away.map(whole) : [null];
  demand(seats.every((seat) => seat !== null && seat >= 0 && seat < players.length)
          && new Set(seats).size === seats.length,
  `input: round ${number}: 'away' must list seats (indices of players), each once`);
  demand(players.length === 0 || seats.length < players.length, `input: round ${number}: every seat is absent`);
}

function checkShape(data) {
  demand(isObject(data), 'input: expected a JSON object');
  let spec = get(data, 'spec', null);
  const template = get(data, 'template', isObject(spec) ? get(spec, 'template', null) : null);
  demand(typeof template === 'string' && hasOwn(TEMPLATES, template),
    'input: \'template\' must be "bid" or "tally" (or name a \'game\')');
  if (spec === null) spec = templateSpec(template);
  checkSpec(spec, template);
  const players = get(data, 'players', null);
  demand(Array.isArray(players) && players.every((p) => typeof p === 'string'),
    "input: 'players' must be a list of names");
  demand(isObject(get(data, 'settings', {})), "input: 'settings' must be an object");
  const rounds = get(data, 'rounds', []);
  demand(Array.isArray(rounds), "input: 'rounds' must be a list");
  rounds.forEach((round, index) => {
    const number = index + 1;
    demand(isObject(round), `input: round ${number} is not an object`);
    if (template === 'bid') {
      checkBidRound(round, number, players);
    } else {
      checkTallyRound(round, number, players);
    }
    demand(!has(round, 'adjust') || perSeat(round.adjust, players, true),
      `input: round ${number}: 'adjust' must list one whole number (or null) per player, `
      + `from -${AGREED_LIMIT} to ${AGREED_LIMIT}`);
  });
  const first = whole(get(data, 'firstDealer', 0));
  demand(first !== null && (players.length === 0 || (first >= 0 && first < players.length)),
    "input: 'firstDealer' must be the index of a player");
  demand(!has(data, 'carryIn') || perSeat(data.carryIn, players, false),
    `input: 'carryIn' must list one whole number per player, from -${AGREED_LIMIT} to ${AGREED_LIMIT}`);
  if (template === 'bid') {
    const sizes = get(data, 'handSizes', [1]);
    demand(Array.isArray(sizes) && sizes.length > 0 && sizes.every((s) => whole(s) !== null && s >= 1),
      "input: 'handSizes' must be a non-empty list of whole numbers from 1");
  } else {
    demand(typeof get(data, 'ended', false) === 'boolean', "input: 'ended' must be true or false");
  }
  return [template, spec, players];
}

// ---- schedule (schedule.py) --------------------------------------------------------------

function maxHand(settings, players) {
  return Math.min(settings.maxHandSize, Math.floor(settings.deckSize / players));
}

function range(from, to) {
  const out = [];
  for (let i = from; i <= to; i += 1) out.push(i);
  return out;
}

function pattern(name, m) {
  const up = range(1, m);
  const down = up.slice().reverse();
  switch (name) {
    case 'downAndUp': return down.concat(up.slice(1));
    case 'upAndDown': return up.concat(down.slice(1));
    case 'down': return down;
    case 'up': return up;
    case 'constant': return up.map(() => m);
    default: throw new Error(`unknown handSizePattern ${name}`);
  }
}

/**
 * The hand size of every deal: `length` planned deals, and beyond them the cycle repeated. The
 * cycle is the table's own handSizes (each clamped to the deck) when given, else the pattern with,
 * for oneCardDeals perPlayer, every one-card deal played once per player.
 */
function makePlan(settings, players, handSizes) {
  if (handSizes !== null) {
    const limit = Math.floor(settings.deckSize / players);
    return { cycle: handSizes.map((size) => Math.min(size, limit)), length: handSizes.length };
  }
  let sizes = pattern(settings.handSizePattern, maxHand(settings, players));
  if (settings.oneCardDeals === 'perPlayer') {
    sizes = sizes.flatMap((size) => (size === 1 ? Array(players).fill(1) : [size]));
  }
  return { cycle: sizes, length: settings.roundCount || sizes.length };
}

const planSize = (plan, index) => plan.cycle[index % plan.cycle.length];

function trump(settings, players, index, handSize) {
  if (settings.oneCardRoundTrump === 'none' && handSize === 1) return 'none';
  if (settings.fullDealNoTrump && handSize * players === settings.deckSize) return 'none';
  const selection = settings.trumpSelection;
  if (selection === 'rotating') return ROTATION[index % ROTATION.length];
  return selection;
}

// ---- bid (bid.py) ------------------------------------------------------------------------

/** What a made bid scores. */
function madeBid(settings, bid) {
  const shape = settings.bonusShape;
  const zero = bid === 0 ? settings.zeroBidBonus : 0;
  // prefix: the digit 1 written before the bid: 0 -> 10, 3 -> 13, 10 -> 110
  if (shape === 'prefix') return noNegZero(10 ** String(bid).length + bid + zero);
  const extra = shape === 'perTrick' ? settings.pointsPerBidTrick * bid : shape === 'squared' ? bid * bid : 0;
  return noNegZero(settings.exactBidBonus + extra + zero);
}

/** One player's points for one round in which both numbers are valid. */
function points(settings, bid, took) {
  if (took === bid) return madeBid(settings, bid);
  const off = Math.abs(took - bid);
  switch (settings.missPenalty) {
    case 'nothing': return 0;
    case 'perTrickOff': return noNegZero(-settings.pointsPerMissedTrick * off);
    case 'perTrickTaken': return took;
    case 'flatLoss': return noNegZero(-settings.exactBidBonus);
    case 'squaredOff': return noNegZero(-(off * off));
    default: throw new Error(`unknown missPenalty ${settings.missPenalty}`);
  }
}

// ---- seats (seats.py) --------------------------------------------------------------------

/** True for every seat that played the round: a seat is absent when both its numbers are null. */
const presentSeats = (round) => round.bids.map((bid, p) => !(bid === null && round.took[p] === null));

/** The first seat present from `start` on, going left (index + 1, wrapping). */
function nextDealer(start, present) {
  const n = present.length;
  for (let step = 0; step < n; step += 1) {
    const seat = (start + step) % n;
    if (present[seat]) return seat;
  }
  return start;
}

// ---- bid (bid.py) ------------------------------------------------------------------------

function roundErrors(settings, number, hand, dealer, round, present, extra) {
  const errors = [];
  const add = (code, player) => errors.push({ code, player, round: number });
  const seats = present.flatMap((here, p) => (here ? [p] : []));
  if (extra) add('tooManyRounds', null);
  if (seats.length < 2) add('tooFewPresent', null);
  if (!(hand >= 1 && hand <= Math.floor(settings.deckSize / seats.length))) add('handSizeRange', null);
  if (!present[dealer]) add('dealerAbsent', dealer);
  const goodBids = seats.map((p) => wholeIn(round.bids[p], 0, hand));
  const goodTook = seats.map((p) => wholeIn(round.took[p], 0, hand));
  goodBids.forEach((value, i) => { if (value === null) add('bidRange', seats[i]); });
  goodTook.forEach((value, i) => { if (value === null) add('tookRange', seats[i]); });
  if (!goodTook.includes(null) && !sumEquals(goodTook, hand)) add('tricksSum', null);
  if (settings.dealerHook && present[dealer] && !goodBids.includes(null) && sumEquals(goodBids, hand)) {
    add('dealerHook', dealer);
  }
  get(round, 'adjust', []).forEach((value, p) => { if (value !== null && !present[p]) add('adjustAbsent', p); });
  return errors;
}

/** Each seat's points for the round plus its adjustment; null for an absent seat. */
function roundScores(settings, round, hand, present) {
  const adjust = get(round, 'adjust', present.map(() => null));
  return present.map((here, p) => {
    if (!here) return null;
    const bid = wholeIn(round.bids[p], 0, hand);
    const took = wholeIn(round.took[p], 0, hand);
    const base = bid !== null && took !== null ? points(settings, bid, took) : 0;
    return noNegZero(base + (whole(adjust[p]) ?? 0));
  });
}

function scoreBid(settings, n, firstDealer, rounds, carry, handSizes) {
  const plan = makePlan(settings, n, handSizes);
  let totals = carry.slice();
  const played = Array(n).fill(false);
  const madeAll = Array(n).fill(true);
  const outRounds = [];
  const errors = [];
  let valid = 0;
  let dealer = firstDealer - 1;
  rounds.forEach((round, index) => {
    const present = presentSeats(round);
    const hand = has(round, 'handSize') ? whole(round.handSize) : planSize(plan, index);
    dealer = has(round, 'dealer') ? whole(round.dealer) : nextDealer((dealer + 1) % n, present);
    const extra = index >= plan.length;
    const errs = roundErrors(settings, index + 1, hand, dealer, round, present, extra);
    const scores = roundScores(settings, round, hand, present);
    if (!extra) { // a round after the game's last deal is shown, but the game ended before it
      totals = totals.map((t, p) => (scores[p] === null ? t : t + scores[p]));
      for (let p = 0; p < n; p += 1) {
        if (present[p]) {
          const bid = wholeIn(round.bids[p], 0, hand);
          const took = wholeIn(round.took[p], 0, hand);
          played[p] = true;
          madeAll[p] = madeAll[p] && bid !== null && bid === took;
        }
      }
    }
    if (errs.length === 0) valid += 1;
    errors.push(...errs);
    const playedTrump = has(round, 'trump') ? round.trump
      : trump(settings, present.filter(Boolean).length, index, hand);
    outRounds.push({ round: index + 1, handSize: hand, dealer, trump: playedTrump,
      scores, totals: totals.slice(), errors: errs });
  });
  const schedule = outRounds.slice(0, plan.length).map((r) => (
    { round: r.round, handSize: r.handSize, dealer: r.dealer, trump: r.trump }));
  for (let index = schedule.length; index < plan.length; index += 1) {
    dealer = (dealer + 1) % n;
    const hand = planSize(plan, index);
    schedule.push({ round: index + 1, handSize: hand, dealer, trump: trump(settings, n, index, hand) });
  }
  const finished = valid >= plan.length;
  const bonuses = [];
  if (finished && settings.perfectGameBonus > 0) {
    for (let p = 0; p < n; p += 1) {
      if (played[p] && madeAll[p]) {
        bonuses.push({ player: p, points: settings.perfectGameBonus, reason: 'perfectGame' });
        totals[p] += settings.perfectGameBonus;
      }
    }
  }
  return { schedule, rounds: outRounds, totals, bonuses, finished, errors };
}

// ---- tally (tally.py) --------------------------------------------------------------------

/** Every check on one tally round, in a fixed order; only the seats present are checked. */
function tallyErrors(number, loser, round, present, extra) {
  const errors = [];
  const add = (code, player) => errors.push({ code, player, round: number });
  if (extra) add('tooManyRounds', null);
  if (present.filter(Boolean).length < 2) add('tooFewPresent', null);
  if (loser === null) add('loserRange', null);
  else if (!present[loser]) add('loserAbsent', loser);
  get(round, 'adjust', []).forEach((value, p) => { if (value !== null && !present[p]) add('adjustAbsent', p); });
  return errors;
}

function scoreTally(settings, n, rounds, carry, ended) {
  const limit = settings.lossLimit;
  const count = settings.roundCount;
  let totals = carry.slice();
  const outRounds = [];
  const errors = [];
  let valid = 0;
  rounds.forEach((round, index) => {
    const extra = (count > 0 && index >= count) || (limit > 0 && Math.max(...totals) >= limit);
    const loser = wholeIn(round.loser, 0, n - 1);
    const away = new Set(get(round, 'away', []).map(whole));
    const present = Array.from({ length: n }, (_, p) => !away.has(p));
    const errs = tallyErrors(index + 1, loser, round, present, extra);
    const adjust = get(round, 'adjust', Array(n).fill(null));
    const scores = present.map((here, p) => (
      here ? noNegZero((p === loser ? 1 : 0) + (whole(adjust[p]) ?? 0)) : null));
    // a round after the game's last deal is shown, but the game ended before it
    if (!extra) totals = totals.map((t, p) => (scores[p] === null ? t : t + scores[p]));
    if (errs.length === 0) valid += 1;
    errors.push(...errs);
    outRounds.push({ round: index + 1, loser, scores, totals: totals.slice(), errors: errs });
  });
  const finished = ended || (count > 0 && valid >= count) || (limit > 0 && Math.max(...totals) >= limit);
  return { schedule: [], rounds: outRounds, totals, bonuses: [], finished, errors };
}

// ---- standings (standings.py) ------------------------------------------------------------

function standings(players, totals, higherWins) {
  const ahead = (a, b) => (higherWins ? a > b : a < b);
  const order = players.map((_, i) => i).sort((i, j) => {
    if (totals[i] !== totals[j]) return ahead(totals[i], totals[j]) ? -1 : 1;
    return i - j;
  });
  return order.map((i) => ({
    player: i,
    name: players[i],
    total: totals[i],
    rank: 1 + totals.filter((t) => ahead(t, totals[i])).length,
    shared: totals.filter((t) => t === totals[i]).length > 1,
  }));
}

// ---- score (core.py) ---------------------------------------------------------------------

/**
 * The input as the JSON the Python engine would receive: a fresh copy, so that the output
 * shares nothing with the input, undefined means absent, and -0 is 0.
 */
function asJSON(input) {
  let text;
  try {
    text = JSON.stringify(input);
  } catch (error) {
    throw new TypeError(`input: not JSON: ${error.message}`);
  }
  demand(text !== undefined, 'input: expected a JSON object');
  return JSON.parse(text);
}

/** Score one game. Throws a TypeError for input that is not of the contract's shape. */
export function score(input) {
  const data = asJSON(input);
  const [template, spec, players] = checkShape(data);
  const [settings, errors] = resolveSettings(template, spec, get(data, 'settings', {}));
  const n = players.length;
  // Never more players than cards: the spec's range lies within the template's (checkSpec), and
  // the smallest deck of a template holds a card for the most players it allows.
  if (!(spec.players.min <= n && n <= spec.players.max)) errors.push({ code: 'playerCount', player: null, round: null });
  const result = { template, players, settings };
  if (errors.length) {
    return Object.assign(result, { schedule: [], rounds: [], totals: players.map(() => 0), bonuses: [],
      standings: [], finished: false, errors });
  }
  const rounds = get(data, 'rounds', []);
  const carry = get(data, 'carryIn', players.map(() => 0)).map(whole);
  if (template === 'bid') {
    const sizes = has(data, 'handSizes') ? data.handSizes.map(whole) : null;
    Object.assign(result, scoreBid(settings, n, whole(get(data, 'firstDealer', 0)), rounds, carry, sizes));
  } else {
    Object.assign(result, scoreTally(settings, n, rounds, carry, get(data, 'ended', false)));
  }
  result.standings = standings(players, result.totals, template === 'bid');
  return result;
}
