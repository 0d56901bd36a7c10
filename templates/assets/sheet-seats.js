// Who is at the table (engine version 2): a seat sits out the deal being entered, leaves the game
// (away from then on) or comes back; a latecomer sits down where the table makes room and joins
// on the score the table agrees on (carryIn). A seat away from a deal is null in both its bids and
// its tricks, and in a tally deal a seat in its `away`; the engine does not tell why, the sheet
// does (gone, and joined: the deals played before a latecomer came, which she was not at the table
// for).
import { h } from './sheet-dom.js';
import { AGREED_LIMIT, asides } from './sheet-store.js';
import { rememberPlayers } from './sheet-memory.js';
import { planSizes, seatAdded } from './sheet-plan.js';

/** The seats not at the table yet in round r (from 0): latecomers who joined after it. */
export function notYet(state, r) {
  return new Set((state.joined || []).flatMap((k, p) => (r < k ? [p] : [])));
}

/** The seats that had left the game at round r (from 0): gone before it and not back by then. */
export function leftBy(state, r) {
  const away = (spells) => spells.some(([from, to]) => from <= r && (to === null || r < to));
  return new Set((state.left || []).flatMap((spells, p) => (away(spells) ? [p] : [])));
}

/** The index of the round being entered (or edited). */
const entering = (state) => (state.draft.edit !== null ? state.draft.edit : state.rounds.length);

/** The seats at the table now (one who sits a deal out is; one who has left the game is not). */
function seatsAtTable(state) {
  const gone = new Set(state.gone || []);
  return state.players.flatMap((_, p) => (gone.has(p) ? [] : [p]));
}

/** The names of the players at the table now: whom a next game is for. */
export function atTable(state) {
  return seatsAtTable(state).map((p) => state.players[p]);
}

/** The seats away from the round being entered (or edited): sitting it out, gone, or not come yet. */
export function awaySeats(app) {
  const { draft, gone } = app.state;
  const away = new Set(draft.out !== null && draft.out !== undefined ? draft.out : gone || []);
  for (const p of notYet(app.state, entering(app.state))) away.add(p);
  return away;
}

/** The seats away from a played round as the engine has them (a tally round's `away`). */
export function roundAway(round) {
  return round.bids ? round.bids.flatMap((b, p) => (b === null && round.took[p] === null ? [p] : [])) : (round.away || []).slice();
}

/** The seats away from a tally deal being saved, for the engine: not those that had not come yet. */
export function tallyAway(app) {
  const later = notYet(app.state, entering(app.state));
  return [...awaySeats(app)].filter((p) => !later.has(p)).sort((a, b) => a - b);
}

/** The seats away that sit the round out: not those that have left the game or not come yet. */
export function sittingOut(app) {
  const { state } = app;
  const r = entering(state);
  // (a deal edited: those who had left by then, as its row says, not those gone now)
  const left = state.draft.edit !== null ? leftBy(state, r) : state.gone || [];
  const other = new Set([...left, ...notYet(state, r)]);
  return [...awaySeats(app)].filter((p) => !other.has(p)).sort((a, b) => a - b);
}

/** The table's seats after the number of players changed (before the first deal). */
export function fitSeats(state, count) {
  delete state.joined; // (only before the first deal, when nobody is late)
  delete state.left; // (nor has anybody left: a seat gone now is simply not at the table)
  if (state.gone) state.gone = state.gone.filter((p) => p < count);
  if (state.gone && !state.gone.length) delete state.gone;
  if (state.carryIn) {
    const carry = state.carryIn.slice(0, count);
    while (carry.length < count) carry.push(0);
    state.carryIn = carry;
    if (!carry.some((x) => x !== 0)) delete state.carryIn;
  }
}

/** A typed agreed score: a whole number (a minus sign allowed), or null. */
export function agreedNumber(text) {
  const clean = String(text).trim().replace('\u2212', '-');
  if (!/^[-+]?\d{1,7}$/.test(clean)) return null;
  const value = Number(clean);
  return Math.abs(value) <= AGREED_LIMIT ? value : null;
}

/** The seats away from the deal being entered become `out` (and `gone`, when given). */
function seat(app, out, gone, message, focusId, box) {
  const { state } = app;
  if (state.players.length - out.size < 2) {
    box.textContent = app.errorText({ code: 'tooFewPresent', player: null, round: null });
    return;
  }
  if (gone) {
    if (gone.size) state.gone = [...gone].sort((a, b) => a - b);
    else delete state.gone;
    // each seat's spells away from the game: [the deals played when it left, when it came back]
    const k = state.rounds.length;
    const left = state.players.map((_, p) => {
      const spells = state.left ? state.left[p].map((spell) => spell.slice()) : [];
      const last = spells[spells.length - 1];
      if (gone.has(p) && !(last && last[1] === null)) spells.push([k, null]);
      if (!gone.has(p) && last && last[1] === null) last[1] = k;
      return spells.filter(([from, to]) => to === null || to > from); // (back before a deal was missed)
    });
    if (left.some((spells) => spells.length)) state.left = left;
    else delete state.left;
    rememberPlayers(atTable(state)); // (one who went home is not offered for the next game)
  }
  const seats = [...out].sort((a, b) => a - b);
  // a new deal with exactly the seats that are gone away follows the table from then on
  const following = state.draft.edit === null && seats.join() === (state.gone || []).join();
  state.draft.out = following ? null : seats;
  for (const p of out) { state.draft.bids[p] = ''; state.draft.took[p] = ''; }
  // a seat back in the deal needs a bid before the tricks
  if (state.draft.phase === 'took' && state.draft.bids.some((b, p) => b === '' && !out.has(p))) state.draft.phase = 'bid';
  app.commit({ focusId });
  app.announce(message);
}

/** Who plays the deal being entered: sits out, plays, leaves, comes back. */
export function seatsPart(app) {
  const current = app.current();
  if (!current) return null;
  const { t, num } = app.i18n;
  const { state } = app;
  const round = num(current.index + 1);
  const out = awaySeats(app);
  const gone = new Set(state.gone || []);
  const later = notYet(state, current.index);
  const box = h('p', { class: 'sheet-field-error', role: 'alert' });
  // (what a button says names its player as the name is now: it may be typed again meanwhile)
  // A tap moves focus to the button that takes it back, in the same row: the page stays where it was tapped.
  const button = (label, words, id, run) => app.labelled(h('button', { type: 'button', class: 'sheet-button is-small', id, onclick: run }, label), words);
  const rows = state.players.map((_, p) => {
    const named = (key, values = {}) => () => t(key, { name: app.names()[p], ...values });
    const toggled = (set, add) => { const next = new Set(set); if (add) next.add(p); else next.delete(p); return next; };
    const does = [];
    if (later.has(p)) {
      // a latecomer was not at the table for this deal: nothing to sit out or leave
    } else if (gone.has(p) && !current.editing) {
      does.push(button(t('comesBack'), named('comesBackOf'), `giv-back-${p}`,
        () => seat(app, toggled(out, false), toggled(gone, false), named('cameBack')(), `giv-out-${p}`, box)));
    } else {
      does.push(out.has(p)
        ? button(t('playsAgain'), named('playsAgainOf', { round }), `giv-plays-${p}`,
          () => seat(app, toggled(out, false), null, named('playingAgain', { round })(), `giv-out-${p}`, box))
        : button(t('sitsOut'), named('sitsOutOf', { round }), `giv-out-${p}`,
          () => seat(app, toggled(out, true), null, named('sittingOut', { round })(), `giv-plays-${p}`, box)));
      if (!current.editing) {
        does.push(button(t('leaves'), named('leavesOf'), `giv-leave-${p}`,
          () => seat(app, toggled(out, true), toggled(gone, true), named('left')(), `giv-back-${p}`, box)));
      }
    }
    const status = later.has(p) ? 'notYetJoined' : gone.has(p) && out.has(p) ? 'statusGone' : out.has(p) ? 'statusOut' : 'statusPlays';
    return h('li', { class: 'sheet-seat', dataset: { player: String(p) } },
      h('span', { class: 'sheet-seat-who' }, app.nameEl(p), h('span', { class: 'sheet-seat-state' }, t(status))),
      h('span', { class: 'sheet-seat-do' }, does));
  });
  return h('div', { class: 'sheet-table-part' }, h('h4', {}, t('playersTitle')),
    h('p', { class: 'sheet-hint' }, t('playersHint')), h('ul', { class: 'sheet-seats' }, rows), box);
}

/**
 * A seat more at `at` (the newcomer sits there; the seats from `at` on move one place on), in
 * every list indexed by seat: the deal passes on round the table in the new order.
 */
function makeRoom(app, at, name, score) {
  const { state, result } = app;
  const on = (p) => (p >= at ? p + 1 : p);
  const n = state.players.length;
  // an unnamed seat is called after its number: the seats that move keep the names they had, and
  // an unnamed newcomer takes the next number, so that nobody is renamed by her coming
  const { t, num } = app.i18n;
  const called = (p) => t('playerDefault', { n: num(p + 1) });
  state.players = state.players.map((typed, p) => (p >= at && !typed.trim() ? called(p) : typed));
  state.players.splice(at, 0, name.trim() ? name.slice(0, 40) : called(n));
  state.rounds.forEach((round, i) => {
    if (round.bids) {
      // a played deal keeps its dealer (the engine's as played), whoever sits where now
      if (round.dealer === undefined && result.rounds[i]) round.dealer = result.rounds[i].dealer;
      round.bids.splice(at, 0, null);
      round.took.splice(at, 0, null);
      if (round.dealer !== undefined) round.dealer = on(round.dealer);
    } else {
      round.loser = on(round.loser);
      if (round.away) round.away = round.away.map(on);
    }
    if (round.adjust) round.adjust.splice(at, 0, null);
  });
  state.firstDealer = on(state.firstDealer);
  if (state.gone) state.gone = state.gone.map(on);
  const carry = (state.carryIn || Array(n).fill(0)).slice();
  carry.splice(at, 0, score);
  if (carry.some((x) => x !== 0)) state.carryIn = carry;
  else delete state.carryIn;
  const joined = (state.joined || Array(n).fill(0)).slice();
  joined.splice(at, 0, state.rounds.length);
  state.joined = joined;
  if (state.left) state.left.splice(at, 0, []);
  const { draft } = state;
  for (const part of [draft, ...asides(draft)]) {
    part.bids.splice(at, 0, '');
    part.took.splice(at, 0, '');
    if (part.out) part.out = part.out.map(on);
  }
  if (app.adjustForm) app.adjustForm.player = on(app.adjustForm.player);
}

/**
 * A latecomer: a seat more after `after`, away from every deal played so far, from an agreed score.
 * Returns the largest hand of the new plan when her seat changed the plan and the coming deals
 * follow it now (the table's changes to them gone), else null.
 */
function join(app, name, score, after) {
  const { state } = app;
  const before = app.result.schedule.map((d) => d.handSize);
  const planBefore = app.data.template === 'bid' ? planSizes(app) : null;
  makeRoom(app, after + 1, name, score);
  rememberPlayers(atTable(state)); // (she is one of the players offered for the next game)
  const { draft } = state;
  // the new deals (being entered, or put aside: all but a past one being edited) need her bid first
  for (const fresh of draft.edit === null ? [draft, ...asides(draft)] : asides(draft)) {
    if (fresh.phase === 'took') fresh.phase = 'bid';
  }
  state.redo = null; // a round of another table cannot come back
  const replanned = seatAdded(app, before, planBefore); // a seat more may lower the largest hand the pack allows
  app.commit({ focusId: 'giv-join-go' });
  return replanned;
}

export function joinPart(app) {
  const { state, data, result, i18n } = app;
  if (!state.rounds.length || !app.current()) return null;
  const { t, num, tn } = i18n;
  const max = data.template === 'bid' ? Math.min(data.spec.players.max, result.settings.deckSize) : data.spec.players.max;
  const totals = result.totals;
  // the last player's score is offered: the lowest points, or the most losses
  const offer = data.template === 'bid' ? Math.min(...totals) : Math.max(...totals);
  // what is typed stays through a redraw (a deal saved, a seat away) until she sits down, for this
  // game only; the score offered follows the game until one is typed
  if (!app.joinForm || app.joinForm.game !== state.id) app.joinForm = { game: state.id, name: '', seat: null, score: null };
  const kept = app.joinForm;
  const name = h('input', { type: 'text', id: 'giv-join-name', maxlength: 40, autocomplete: 'off', spellcheck: 'false',
    placeholder: t('playerDefault', { n: num(state.players.length + 1) }) });
  name.value = kept.name;
  const score = h('input', { type: 'text', id: 'giv-join-score', inputmode: 'numeric', autocomplete: 'off', 'aria-describedby': 'giv-join-error' });
  score.value = kept.score === null ? String(offer) : kept.score;
  // where the newcomer sits: to the left of a player at the table (one who sits a deal out is; one
  // who has left the game is not), so that the deal passes on to her after that player's deal; the
  // last seat at the table unless the table says otherwise
  const names = app.names();
  const beside = seatsAtTable(state);
  const seat = h('select', { id: 'giv-join-seat' }, beside.map((p) => h('option', { value: p, dataset: { name: String(p) } }, names[p])));
  seat.value = String(kept.seat !== null && beside.includes(kept.seat) ? kept.seat : beside[beside.length - 1]);
  const remember = () => Object.assign(kept, { name: name.value, seat: Number(seat.value),
    score: score.value === String(offer) ? null : score.value });
  for (const field of [name, seat, score]) field.addEventListener('change', remember);
  const box = h('p', { class: 'sheet-field-error', id: 'giv-join-error', role: 'alert' });
  const go = h('button', { type: 'button', class: 'sheet-button', id: 'giv-join-go', onclick: () => {
    if (state.players.length >= max) { box.textContent = t('errJoinFull', { max: num(max) }); return; }
    const value = agreedNumber(score.value);
    if (value === null) { box.textContent = t('errAgreed'); score.setAttribute('aria-invalid', 'true'); score.focus(); return; }
    const after = Number(seat.value);
    app.joinForm = null; // (she sits down: the form is blank for the next one)
    const replanned = join(app, name.value, value, after);
    const shown = app.names()[after + 1];
    const joined = t('joined', { name: shown, points: tn(data.template === 'bid' ? 'points' : 'losses', value) });
    // the coming deals made again from the plan for the new table: the table hears it, and why
    app.announce(replanned === null ? joined : `${joined} ${t('comingReplanned', { count: num(state.players.length), cards: tn('cards', replanned) })}`);
  } }, t('joinGo'));
  return h('div', { class: 'sheet-table-part' }, h('h4', {}, t('joinTitle')), h('p', { class: 'sheet-hint' }, t('joinHint')),
    h('div', { class: 'sheet-field' }, h('label', { for: 'giv-join-name' }, t('joinName')), name),
    h('div', { class: 'sheet-field' }, h('label', { for: 'giv-join-seat' }, t('joinSeat')), seat),
    h('div', { class: 'sheet-field' }, h('label', { for: 'giv-join-score' }, t('joinScore')), score),
    box, h('div', { class: 'sheet-actions' }, go));
}
