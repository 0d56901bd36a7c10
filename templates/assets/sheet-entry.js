// The round being entered (or a past round being edited): bids first, then tricks, for the bid
// template; who lost the deal for the tally template. Numbers are refused with a message in the
// page's language, chosen from the engine's error codes; nothing is saved until the round is right.
import { h, hook, keepChildren, setText } from './sheet-dom.js';
import { TRUMPS } from './sheet-store.js';
import { awaySeats, sittingOut, tallyAway } from './sheet-seats.js';

/** A typed count: {value: whole number | null, empty: bool}. Only plain digits are a number. */
export function parseCount(text) {
  const clean = String(text).trim();
  if (clean === '') return { value: null, empty: true };
  return { value: /^\d{1,4}$/.test(clean) ? Number(clean) : null, empty: false };
}

export function trumpText(t, trump) {
  return TRUMPS.includes(trump) ? t(`trump_${trump}`) : '';
}

/** The message for one engine error, in the page's language. */
export function errorText(app, error, context = {}) {
  const { t, num } = app.i18n;
  const names = app.names();
  const name = error.player !== null && error.player !== undefined ? names[error.player] : '';
  const hand = context.handSize !== undefined && context.handSize !== null ? num(context.handSize) : '';
  const raw = context.raw || {};
  switch (error.code) {
    case 'bidRange':
      return t(raw.bids && raw.bids[error.player] === '' ? 'errBidMissing' : 'errBidRange', { name, hand });
    case 'tookRange':
      return t(raw.took && raw.took[error.player] === '' ? 'errTookMissing' : 'errTookRange', { name, hand });
    case 'tricksSum': {
      const sum = (context.took || []).reduce((a, b) => a + (b || 0), 0);
      return t('errTricksSum', { sum: num(sum), hand });
    }
    case 'dealerHook':
      return t('errDealerHook', { name, bid: num((context.bids || [])[error.player] ?? 0), hand });
    case 'tooManyRounds':
      return t('errTooMany');
    case 'tooFewPresent':
      return t('errTooFew');
    case 'dealerAbsent':
      return t('errDealerAway', { name });
    case 'adjustAbsent':
      return t(app.data.template === 'tally' ? 'errAdjustAwayLosses' : 'errAdjustAway', { name });
    case 'loserAbsent':
      return t('errLoserAway', { name });
    case 'handSizeRange':
      return t('errHandSize');
    case 'loserRange':
      return t('errLoser');
    case 'playerCount':
      return t('errPlayerCount', { min: num(app.data.spec.players.min), max: num(app.data.spec.players.max) });
    case 'badSetting': {
      const meta = app.data.settings.find((m) => m.key === error.setting);
      return t('errSettingBad', { label: meta ? meta.label : error.setting });
    }
    default:
      return t('errUnexpected');
  }
}

/**
 * An edited round keeps its one-off adjustment and note, and so does a round Undo took away
 * when it is saved again from the form (Undo is how a table puts the last deal's numbers right).
 */
function keepExtras(app, current, round) {
  const was = current.editing ? app.state.rounds[current.index] : app.state.redo;
  if (was && was.adjust) round.adjust = was.adjust.slice();
  if (was && was.note) round.note = was.note;
}

function roundFacts(app, current) {
  const { t, tn } = app.i18n;
  // a tally deal has no hand size, dealer or trump to show; only who sits it out
  const facts = current.handSize === null ? [] : [h('span', {}, tn('cards', current.handSize)),
    // sentences with a name follow a name being typed (app.sentence)
    app.sentence('span', {}, () => t('dealerIs', { name: app.names()[current.dealer] }))];
  if (current.trump) facts.push(h('span', {}, t('trumpIs', { trump: trumpText(t, current.trump) })));
  const out = sittingOut(app); // (a player who has left is not sitting out)
  if (out.length) facts.push(app.sentence('span', {}, () => t('awayIs', { names: app.i18n.list(out.map((p) => app.names()[p])) })));
  return facts.length ? h('p', { class: 'sheet-facts' }, facts) : null;
}

function title(app, current) {
  const { t, num } = app.i18n;
  const { data, result } = app;
  const round = num(current.index + 1);
  let text;
  if (current.editing) text = t('editingRound', { round });
  else if (data.template === 'tally') {
    const count = result.settings.roundCount;
    text = count > 0 ? t('roundOf', { round, count: num(count) }) : t('roundNumber', { round });
  } else text = t('roundOf', { round, count: num(result.schedule.length) });
  return h('h3', { class: 'sheet-entry-title', id: 'giv-entry-title', tabindex: '-1' }, text);
}

function errorBox() {
  return h('div', { class: 'sheet-error', id: 'giv-entry-error', role: 'alert' });
}

/** The engine's errors in the form's box; a message with a name follows the name as it is typed (app.sentence). */
function showErrors(app, box, errors, context) {
  box.replaceChildren(...(errors.length ? [h('ul', {}, errors.map((e) => app.sentence('li', {}, () => app.errorText(e, context))))] : []));
}

/** The entry's other actions: cancel, undo and redo, where they apply. */
function actionButtons(app, current) {
  const { t } = app.i18n;
  const buttons = [];
  if (current && current.editing) {
    buttons.push(h('button', { type: 'button', class: 'sheet-button', onclick: () => app.cancelEdit() }, t('cancelEdit')));
  }
  if (app.state.rounds.length && (!current || !current.editing)) {
    buttons.push(h('button', { type: 'button', class: 'sheet-button', id: 'giv-undo', onclick: () => app.undoLast() }, t('undoRound')));
  }
  if (app.state.redo && (!current || !current.editing)) {
    buttons.push(h('button', { type: 'button', class: 'sheet-button', id: 'giv-redo', onclick: () => app.redoLast() },
      t('redoRound')));
  }
  return buttons;
}

/** A row of the entry's actions (see actionButtons). */
function actionsRow(app, current) {
  return h('div', { class: 'sheet-actions' }, actionButtons(app, current));
}

// ---- bid template ----------------------------------------------------------------------------

/**
 * Bids, then tricks: one row of big number buttons (0 to the hand size) per player, in bidding
 * order. A tap chooses; nothing opens the on-screen keyboard, and the form is updated in place
 * (never redrawn) until it is submitted. Digits typed on a keyboard choose too. The step from
 * the bids to the tricks (and back) is made in place as well, by `showPhase`, which also makes
 * the first one: the rows and their buttons stay, and the card keeps its height line by line (the
 * step line holds both sentences, one of them unseen), so nothing below the step line moves.
 *
 * The form is kept from one deal to the next: `fit(current)` makes it the form of the round now
 * being entered. Its rows stay where they are, each given to the player who bids at its place (a
 * row's name, its dealer's badge, a button more or fewer for the new hand size), so that the
 * browser styles, lays out and paints what changed, not a new form. A new form is one made empty
 * and then fitted.
 */
function bidForm(app) {
  const { i18n } = app;
  const { t, num } = i18n;
  // what the form is fitted to (see fit): the round, its draft, and who bids in which order
  let current = null;
  let draft = null;
  let roundNo = 0;
  let hand = 0;
  let hookOn = false;
  let away = new Set();
  let order = [];
  const bidding = () => draft.phase === 'bid';
  const box = errorBox();
  const parsed = (key) => draft[key].map((x) => parseCount(x).value);
  // (a sentence with the dealer's name: it follows the name as it is typed, app.sentence)
  const hookHint = app.sentence('p', { class: 'sheet-hook', id: 'giv-hook-hint' }, hookText);
  const sumHint = h('p', { class: 'sheet-sum', id: 'giv-sum-hint', 'aria-live': 'off' });
  const made = []; // the rows made so far, the first bidder's first: a row is given to another player from deal to deal
  let groups = []; // the rows shown, in bidding order

  /** The dealer's forbidden bid once every other bid is in, else null. */
  function forbidden() {
    if (!hookOn || !bidding()) return null;
    const bids = parsed('bids');
    const others = order.slice(0, -1).map((p) => bids[p]);
    if (others.some((b) => b === null)) return null;
    const value = hand - others.reduce((a, b) => a + b, 0);
    return value >= 0 && value <= hand ? value : null;
  }

  /** What the dealer may bid, in words: nothing until the others have bid, then the bid refused. */
  function hookText() {
    if (!hookOn || !bidding()) return '';
    const name = app.names()[current.dealer];
    const blocked = forbidden();
    if (order.slice(0, -1).some((p) => parsed('bids')[p] === null)) return i18n.tn('hookLater', hand, { name, hand: num(hand) });
    return blocked !== null ? t('hookForbidden', { name, bid: num(blocked) }) : t('hookFree', { name });
  }

  function refresh() {
    const values = parsed(bidding() ? 'bids' : 'took');
    const blocked = forbidden();
    if (hookOn && bidding()) {
      setText(hookHint, hookText());
      hookHint.dataset.forbidden = blocked === null ? '' : String(blocked);
    }
    const sum = values.reduce((a, b) => a + (b || 0), 0);
    setText(sumHint, i18n.tn(bidding() ? 'bidsSoFar' : 'tricksSoFar', hand, { sum: num(sum), hand: num(hand) }));
    const next = order.find((p) => values[p] === null);
    for (const { player, row, buttons, shown } of groups) {
      row.classList.toggle('is-next', player === next);
      setText(shown, values[player] === null ? '' : num(values[player]));
      buttons.forEach((button, value) => {
        button.setAttribute('aria-pressed', String(values[player] === value));
        const no = player === current.dealer && value === blocked;
        button.classList.toggle('is-forbidden', no);
        if (no) button.setAttribute('aria-describedby', 'giv-hook-hint');
        else button.removeAttribute('aria-describedby');
      });
    }
  }

  /** A refusal shown no longer holds. */
  function unrefuse() {
    box.replaceChildren();
    groups.forEach((g) => g.row.classList.remove('is-invalid'));
  }

  /** The draft was changed (a number chosen, the step taken): a refusal shown no longer holds, and the draft is kept. */
  function changed() {
    unrefuse();
    app.save();
  }

  function choose(player, value) {
    (bidding() ? draft.bids : draft.took)[player] = String(value);
    changed();
    refresh();
  }

  /** A bidder's row, for no player yet and without its number buttons (fitRow gives it both). */
  function pickRow() {
    const g = { player: null, buttons: [], typed: { text: '', at: 0 } };
    const { buttons, typed } = g;
    const shown = h('span', { class: 'sheet-pick-value', 'aria-hidden': 'true' });
    const bidNote = h('span', { class: 'sheet-pick-bid' });
    const name = h('span', { class: 'sheet-name' }); // (its player's name, following renaming as app.nameEl's does: fitRow)
    const badge = h('span', { class: 'sheet-badge' }, t('dealerBadge'));
    const what = h('span', { class: 'visually-hidden' });
    const label = h('span', { class: 'sheet-pick-name' }, name, what);
    const group = h('div', { class: 'sheet-numbers', role: 'group',
      onkeydown: (event) => {
        if (!/^\d$/.test(event.key)) return;
        // two quick digits make a two-digit number when the hand is that large
        const now = event.timeStamp;
        const text = now - typed.at < 800 && typed.text ? typed.text + event.key : event.key;
        typed.text = Number(text) <= hand ? text : event.key;
        typed.at = now;
        const value = Number(typed.text);
        if (value <= hand) { choose(g.player, value); buttons[value].focus(); }
        event.preventDefault();
      } });
    const row = h('li', { class: 'sheet-pick' }, h('div', { class: 'sheet-pick-head' }, label, bidNote, shown), group);
    return Object.assign(g, { row, shown, bidNote, label, name, badge, what, group });
  }

  /** A row made the player's in this round: the name, the dealer's badge, a button for each number from 0 to the hand size. */
  function fitRow(g, player) {
    g.player = player;
    const isDealer = player === current.dealer;
    g.row.dataset.player = String(player);
    g.row.classList.toggle('is-dealer', isDealer);
    g.name.dataset.name = String(player);
    setText(g.name, app.names()[player]);
    keepChildren(g.label, [g.name, ...(isDealer ? [g.badge] : []), g.what]);
    Object.assign(g.bidNote.dataset, hook(roundNo, g.player, 'bid-shown'));
    while (g.buttons.length > hand + 1) g.buttons.pop().remove();
    while (g.buttons.length < hand + 1) {
      const value = g.buttons.length;
      const button = h('button', {
        type: 'button', class: 'sheet-number', 'aria-pressed': 'false', dataset: { value: String(value) },
        onclick: () => choose(g.player, value),
      }, num(value));
      g.buttons.push(button);
      g.group.append(button);
    }
    g.typed.text = '';
  }

  const rows = h('ol', { class: 'sheet-picks' });
  // both steps' sentences, one above the other: the line is as tall as the longer one in both
  // phases. The way back to the bids is the tricks' sentence's own: unseen with it while the bids
  // are entered, so that the card's actions below the rows are the same in both phases.
  const back = h('button', { type: 'button', class: 'sheet-button', onclick: () => step('bid') }, t('backToBids'));
  const steps = { bid: h('span', {}, t('stepBids')), took: h('span', {}, t('stepTricks'), ' ', back) };
  const submit = h('button', { type: 'submit', class: 'sheet-button is-primary', id: 'giv-entry-go' });
  // The main action alone stays at the bottom of the screen while the round is entered: a bar of
  // one row, which never covers the number that has focus (scroll-margin). The others follow it.
  const actions = h('div', { class: 'sheet-actions is-sticky' }, submit);
  const others = h('div', { class: 'sheet-actions' });

  /** What differs between the bids and the tricks, written for the phase the draft is in. */
  function showPhase() {
    const field = bidding() ? 'bid' : 'took';
    steps.bid.classList.toggle('is-off', !bidding());
    steps.took.classList.toggle('is-off', bidding());
    hookHint.hidden = !hookOn || !bidding();
    const bids = parsed('bids');
    for (const { player, buttons, bidNote, label, what, group } of groups) {
      label.id = `giv-${field}-label-${player}`;
      group.setAttribute('aria-labelledby', label.id);
      setText(what, `: ${t(field)}`);
      setText(bidNote, bidding() ? '' : t('bidWas', { bid: num(bids[player] ?? 0) }));
      buttons.forEach((button, value) => {
        button.id = value === 0 ? `giv-${field}-${player}` : '';
        if (!button.id) button.removeAttribute('id');
        Object.assign(button.dataset, hook(roundNo, player, field));
      });
    }
    setText(submit, bidding() ? t('toTricks') : t(current.editing ? 'saveChanges' : 'saveRound'));
    refresh();
  }

  /** From the bids to the tricks or back: the card is changed in place, and focus goes to the first row still to choose. */
  function step(phase) {
    draft.phase = phase;
    changed();
    showPhase();
    app.entryKept();
    app.focusEntry();
  }

  /** The form made the form of the round being entered now (see above). */
  function fit(round) {
    current = round;
    draft = app.state.draft;
    roundNo = current.index + 1;
    hand = current.handSize;
    hookOn = app.result.settings.dealerHook === true;
    away = awaySeats(app);
    const n = app.playerCount();
    // the dealer bids last; a seat away from the round has no row
    order = Array.from({ length: n }, (_, i) => (current.dealer + 1 + i) % n).filter((p) => !away.has(p));
    while (made.length < order.length) made.push(pickRow());
    unrefuse();
    groups = made.slice(0, order.length);
    groups.forEach((g, i) => fitRow(g, order[i]));
    keepChildren(rows, groups.map((g) => g.row));
    keepChildren(others, actionButtons(app, current));
    others.hidden = !others.firstChild;
    showPhase();
  }

  const form = h('form', { class: 'sheet-form', novalidate: true, 'aria-labelledby': 'giv-entry-title' },
    h('p', { class: 'sheet-step' }, steps.bid, steps.took), rows, hookHint, sumHint, box, actions, others);

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const phase = draft.phase;
    const here = (values) => values.map((v, p) => (away.has(p) ? null : v));
    const bids = here(parsed('bids'));
    const took = phase === 'took' ? here(parsed('took')) : bids.map(() => null);
    // a played round keeps its dealer and trump (engine version 2), and its adjustment (keepExtras)
    const candidate = { bids, took, handSize: hand, dealer: current.dealer };
    if (current.trump) candidate.trump = current.trump;
    keepExtras(app, current, candidate);
    // the refusals in the order of the rows they name (bidding order), then those of no row
    const row = (e) => (e.player === null || e.player === undefined ? order.length : order.indexOf(e.player));
    const errors = app.check(current.index, candidate, phase, away).sort((a, b) => row(a) - row(b));
    if (errors.length) {
      const context = { handSize: hand, bids, took, raw: { bids: draft.bids, took: draft.took } };
      showErrors(app, box, errors, context);
      for (const e of errors) {
        const at = e.code === 'bidRange' || e.code === 'dealerHook' || e.code === 'tookRange' ? e.player : null;
        const g = at !== null && at !== undefined ? groups.find((x) => x.player === at) : null;
        if (g) g.row.classList.add('is-invalid');
      }
      // focus on the topmost row refused; a refusal of no row (tricks that do not add up) leaves
      // focus where it is and brings its message into view, below the rows
      const target = groups.find((g) => g.row.classList.contains('is-invalid'));
      if (target) {
        const chosen = target.buttons.find((b) => b.getAttribute('aria-pressed') === 'true') || target.buttons[0];
        chosen.focus();
      } else box.scrollIntoView({ block: 'nearest' });
      return;
    }
    if (phase === 'bid') step('took');
    else app.saveRound(current.index, candidate);
  });

  return { form, fit };
}

// ---- tally template --------------------------------------------------------------------------

function tallyForm(app, current) {
  const { t, num } = app.i18n;
  const roundNo = current.index + 1;
  const box = errorBox();
  // the loser as saved: of the deal being edited, or of the deal Undo put back in the form
  const saved = current.editing ? app.state.rounds[current.index] : app.state.redo;
  const was = saved ? saved.loser : null;
  const question = h('p', { class: 'sheet-step', id: 'giv-who-lost' }, t('whoLost', { round: num(roundNo) }));
  // a player away from the deal (sitting out, gone, or not come yet) cannot lose it
  const away = awaySeats(app);
  const buttons = app.state.players.flatMap((_, p) => (away.has(p) ? [] : [h('button', {
    type: 'button', class: 'sheet-button sheet-loser', id: `giv-loser-${p}`, dataset: hook(roundNo, p, 'loser'),
    'aria-pressed': was === null ? null : String(p === was),
    onclick: () => {
      const candidate = { loser: p };
      const out = tallyAway(app);
      if (out.length) candidate.away = out;
      keepExtras(app, current, candidate);
      const errors = app.check(current.index, candidate, 'loser');
      if (errors.length) { showErrors(app, box, errors); return; }
      app.saveRound(current.index, candidate);
    },
  }, app.nameEl(p))]));
  const limit = app.result.settings.lossLimit;
  const note = limit > 0 ? h('p', { class: 'sheet-facts' }, app.i18n.tn('lossLimitNote', limit)) : null;
  return h('div', { class: 'sheet-form' }, question,
    h('div', { class: 'sheet-losers', role: 'group', 'aria-labelledby': 'giv-who-lost' }, buttons),
    note, box, actionsRow(app, current));
}

// ---- the section -----------------------------------------------------------------------------

function overBox(app) {
  const { t } = app.i18n;
  const { result } = app;
  const parts = [h('h3', { class: 'sheet-entry-title', id: 'giv-entry-title', tabindex: '-1' }, t('gameOver'))];
  if (result.finished) parts.push(h('p', { class: 'sheet-winner' }, app.winnerText()));
  else parts.push(h('p', {}, t('gameOverFix')));
  const row = actionsRow(app, null);
  // the game is kept in the history (where storage works): the next one is a tap away, not a question
  if (result.finished && app.storage.available) {
    row.prepend(h('button', { type: 'button', class: 'sheet-button is-primary', id: 'giv-next-game', onclick: () => app.nextGame() },
      t('newGame')));
  }
  parts.push(row);
  return parts;
}

// a section in the page -> its bid form, kept for the next round (see bidForm)
const kept = new WeakMap();

/**
 * The round being entered, or the game-over box. `shown` is the section in the page now (or
 * null): a bid form in it is fitted to the round and kept, with its section; anything else is
 * made anew.
 */
export function entrySection(app, shown = null) {
  const current = app.current();
  const bid = current && app.data.template !== 'tally' ? (shown && kept.get(shown)) || bidForm(app) : null;
  const section = bid && kept.get(shown) === bid ? shown
    : h('section', { class: 'sheet-entry', 'aria-labelledby': 'giv-entry-title' });
  if (!current) {
    section.append(...overBox(app));
    return section;
  }
  if (bid) {
    bid.fit(current);
    kept.set(section, bid);
  }
  const facts = roundFacts(app, current);
  keepChildren(section, [title(app, current), ...(facts ? [facts] : []), bid ? bid.form : tallyForm(app, current)]);
  return section;
}
