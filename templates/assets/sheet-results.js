// What is derived from the engine on every change: standings (shared places, winners, the
// perfect-game bonus), the rounds table (hand size, dealer, trump, points and running totals,
// a way to edit each round) and the running-totals chart.
import { h, hook, keepChildren } from './sheet-dom.js';
import { trumpText } from './sheet-entry.js';
import { chartSection } from './sheet-chart.js';
import { leftBy, notYet } from './sheet-seats.js';

/** What an away cell shows, by why the seat was away: sat the deal out (–) or had left (×). */
const AWAY = { out: ['–', 'satOut'], left: ['×', 'hadLeft'] };

function standingsSection(app) {
  const { data, result, state, i18n } = app;
  const { t, tn, num } = i18n;
  const played = state.rounds.length;
  const section = h('section', { class: 'sheet-standings', 'aria-labelledby': 'giv-standings-title' });
  const heading = result.finished ? t('finalStandings')
    : played ? t('standingsAfter', { round: num(played) }) : t('standings');
  section.append(h('h3', { id: 'giv-standings-title' }, heading));
  if (!played || !result.standings.length) {
    section.append(h('p', { class: 'sheet-hint' }, t('noRoundsYet')));
    return section;
  }
  section.append(app.sentence('p', { class: result.finished ? 'sheet-winner' : 'sheet-leader' }, () => app.winnerText()));
  const unit = data.template === 'tally' ? 'losses' : 'points';
  section.append(h('ol', { class: 'sheet-standings-list' }, result.standings.map((s) => h('li', {
    class: `sheet-standing${s.rank === 1 ? ' is-first' : ''}`,
  },
  h('span', { class: 'sheet-place', dataset: { ...hook(played, s.player, 'rank'), value: s.rank } }, i18n.place(s.rank)),
  h('span', { class: 'sheet-shared' }, s.shared ? t('shared') : ''),
  app.nameEl(s.player),
  h('span', { class: 'sheet-points', dataset: { ...hook(played, s.player, 'points'), value: s.total } }, tn(unit, s.total))))));
  if (result.bonuses.length) {
    const byPoints = new Map();
    for (const b of result.bonuses) byPoints.set(b.points, [...(byPoints.get(b.points) || []), b.player]);
    for (const [points, players] of byPoints) {
      section.append(app.sentence('p', { class: 'sheet-bonus' }, () => t('bonusNote', {
        points: i18n.signed(points), names: i18n.list(players.map((p) => app.names()[p])) })));
    }
  }
  return section;
}

/** Rounds that the current settings no longer accept (after a settings change). */
function problemsSection(app) {
  const { result, i18n } = app;
  const errors = result.errors;
  if (!errors.length) return null;
  const items = errors.map((e) => {
    const round = e.round !== null ? app.state.rounds[e.round - 1] : null;
    const context = round ? { handSize: round.handSize, bids: round.bids, took: round.took } : {};
    // (a message with a name follows the name as it is typed)
    return app.sentence('li', {}, () => {
      const text = app.errorText(e, context);
      return e.round !== null ? i18n.t('roundProblem', { round: i18n.num(e.round), message: text }) : text;
    });
  });
  return h('section', { class: 'sheet-problems', role: 'note', 'aria-labelledby': 'giv-problems-title' },
    h('h3', { id: 'giv-problems-title' }, i18n.t('problemsTitle')), h('ul', {}, items));
}

/**
 * A deal's trump as the round column shows it, when the trump varies: a sign, explained by a key
 * under the table's heading (trumpKey) and said in words to a screen reader. No trumps is ∅, not
 * the dash, which in the players' cells means that a seat sat the deal out.
 */
const TRUMP_SIGNS = { hearts: '♥', diamonds: '♦', clubs: '♣', spades: '♠', none: '∅', turnUp: '↑' };

/** The key to the trump signs the table shows, in the order they first come ("↑ turned-up card, ∅ no trump"). */
function trumpKey(t, trumps) {
  const signs = [...trumps].filter((trump) => TRUMP_SIGNS[trump]).map((trump) => `${TRUMP_SIGNS[trump]} ${trumpText(t, trump)}`);
  return signs.length ? t('trumpKey', { signs: signs.join(', ') }) : null;
}

/** The round's own cell: its number (a button that edits it, once played), hand size and trump. */
function roundCell(app, r, plan, played, editing, showTrump) {
  const { t, tn, num } = app.i18n;
  const words = [t('roundNumber', { round: num(r + 1) }), tn('cards', plan.handSize)];
  if (showTrump) words.push(t('trumpInList', { trump: trumpText(t, plan.trump) }));
  const number = played ? h('button', {
    type: 'button', class: 'sheet-edit', id: `giv-edit-${r + 1}`,
    'aria-label': t('editRound', { round: num(r + 1) }), 'aria-pressed': editing ? 'true' : null,
    onclick: () => app.editRound(r),
  }, num(r + 1)) : h('span', { class: 'sheet-round-no', 'aria-hidden': 'true' }, num(r + 1));
  return h('th', { scope: 'row', class: 'sheet-round' }, number,
    h('span', { class: 'sheet-round-facts', 'aria-hidden': 'true' },
      h('span', { class: 'sheet-cards' }, num(plan.handSize)),
      showTrump ? h('span', { class: `sheet-trump is-${plan.trump}` }, TRUMP_SIGNS[plan.trump] || '') : null),
    h('span', { class: 'visually-hidden' }, words.join(', ')));
}

function dealerMark(t) {
  return h('span', { class: 'sheet-dealt' }, t('dealerMark'));
}

/**
 * A row of the rounds table: {row, show(scored)}; show writes a played round's points and
 * running totals into its cells (in place, when only they changed: a settings change).
 */
function bidRow(app, r, plan, scored, round, classes, showTrump, editing) {
  const { t, tn, num } = app.i18n;
  const i18n = app.i18n;
  const shows = [];
  const later = notYet(app.state, r);
  const gone = leftBy(app.state, r);
  const cells = app.state.players.map((_, p) => {
    const dealt = plan.dealer === p;
    if (scored && later.has(p)) { // a latecomer was not at the table yet: no dash, no total
      return h('td', { class: 'sheet-cell is-later' }, h('span', { class: 'visually-hidden' }, t('notYetJoined')));
    }
    if (!scored) {
      return h('td', { class: dealt ? 'sheet-cell is-dealer' : 'sheet-cell' }, dealt ? dealerMark(t) : null,
        dealt ? h('span', { class: 'visually-hidden' }, t('dealerBadge')) : null);
    }
    const total = h('span', { class: 'sheet-total', 'aria-hidden': 'true', dataset: hook(r + 1, p, 'total') });
    const words = h('span', { class: 'visually-hidden' });
    const shown = { score: undefined, total: undefined }; // what the cell shows (only a change is written)
    const same = (now) => now.scores[p] === shown.score && now.totals[p] === shown.total;
    const showTotal = (now) => {
      Object.assign(shown, { score: now.scores[p], total: now.totals[p] });
      total.dataset.value = now.totals[p];
      total.textContent = num(now.totals[p]);
    };
    if (scored.scores[p] === null) { // the seat sat the deal out, or had left: its total stays as it was
      const [mark, why] = AWAY[gone.has(p) ? 'left' : 'out'];
      shows.push((now) => {
        if (same(now)) return;
        showTotal(now);
        words.textContent = `${t(why)}, ${num(now.totals[p])}`;
      });
      return h('td', { class: `sheet-cell is-away${gone.has(p) ? ' is-gone' : ''}` }, h('span', { class: 'sheet-away', 'aria-hidden': 'true' }, mark), total, words);
    }
    const made = round.bids[p] === round.took[p];
    const extra = round.adjust && round.adjust[p] !== null ? round.adjust[p] : null;
    const points = h('span', { class: 'sheet-score', 'aria-hidden': 'true', dataset: hook(r + 1, p, 'score') });
    shows.push((now) => {
      if (same(now)) return;
      points.dataset.value = now.scores[p];
      if (now.scores[p] !== shown.score) points.textContent = i18n.signed(now.scores[p]);
      showTotal(now);
      let text = t('cellWords', { bid: num(round.bids[p]), took: num(round.took[p]),
        points: tn('points', now.scores[p]), total: num(now.totals[p]) });
      if (extra !== null) text += `, ${t('adjustCell', { points: i18n.signed(extra) })}`;
      words.textContent = dealt ? `${text} ${t('dealtWord')}` : text;
    });
    return h('td', { class: `sheet-cell ${made ? 'is-made' : 'is-missed'}${dealt ? ' is-dealer' : ''}` },
      h('span', { class: 'sheet-bt', 'aria-hidden': 'true' }, dealt ? dealerMark(t) : null,
        t('bidTook', { bid: num(round.bids[p]), took: num(round.took[p]) })),
      extra !== null ? h('span', { class: 'sheet-adjust', 'aria-hidden': 'true', dataset: { ...hook(r + 1, p, 'adjust'), value: extra } },
        i18n.signed(extra)) : null,
      points, total, words);
  });
  if (scored && scored.errors.length) {
    classes.push('has-error');
  }
  const head = roundCell(app, r, plan, Boolean(scored), editing, showTrump);
  if (scored && scored.errors.length) {
    head.append(h('span', { class: 'sheet-flag' }, h('span', { 'aria-hidden': 'true' }, '!'),
      h('span', { class: 'visually-hidden' }, t('roundFlag'))));
  }
  const show = (now) => shows.forEach((f) => f(now));
  if (scored) show(scored);
  return { row: h('tr', { class: classes.join(' ') }, head, cells), show };
}

/**
 * Rows are kept between drawings: made again when what they are changed (key), their numbers
 * written in place when only those changed (numbers, given to show).
 */
function keptRow(app, key, numbers, make) {
  const cache = app.rowCache;
  const kept = cache.rows.get(key) || { ...make(), numbers: numbers.key };
  if (kept.numbers !== numbers.key) {
    kept.show(numbers.value);
    kept.numbers = numbers.key;
  }
  cache.next.set(key, kept);
  return kept.row;
}

/** The key to the away marks, when a played deal has a seat away. */
function awayKey(app) {
  return app.result.rounds.some((r) => r.scores.includes(null)) ? app.i18n.t('awayKey') : null;
}

function bidTable(app) {
  const { result, state, i18n } = app;
  const { t, num } = i18n;
  const n = app.playerCount();
  const planned = result.schedule;
  const dealers = app.comingDealers(); // (from the deal being entered on: a seat away passes the deal on)
  const trumps = new Set(planned.map((p) => p.trump).concat(result.rounds.map((r) => r.trump)));
  const showTrump = trumps.size > 1;
  const count = Math.max(planned.length, state.rounds.length);
  const editing = state.draft.edit;
  const next = editing === null ? state.rounds.length : null;
  const head = () => h('tr', {}, h('th', { scope: 'col', class: 'sheet-round' }, t('round')),
    Array.from({ length: n }, (_, p) => h('th', { scope: 'col', class: 'sheet-col-player', dataset: { player: p } }, app.nameEl(p))));
  const body = [];
  const shown = new Set(); // the trumps of the rows, for the key to their signs
  for (let r = 0; r < count; r += 1) {
    const scored = r < state.rounds.length ? result.rounds[r] : null;
    const plan = scored || (r >= state.rounds.length ? { ...planned[r], dealer: dealers[r - state.rounds.length] } : planned[r]);
    shown.add(plan.trump);
    const round = state.rounds[r];
    const classes = ['sheet-row', scored ? 'is-played' : 'is-upcoming'];
    if (r === next) classes.push('is-next');
    if (r === editing) classes.push('is-editing');
    const key = JSON.stringify([r, round || null, scored ? scored.errors.length : null,
      plan.handSize, plan.dealer, plan.trump, r === next, r === editing, showTrump, n, [...notYet(state, r)], [...leftBy(state, r)]]);
    const numbers = { key: scored ? JSON.stringify([scored.scores, scored.totals]) : '', value: scored };
    body.push(keptRow(app, key, numbers, () => bidRow(app, r, plan, scored, round, classes, showTrump, r === editing)));
    if (round && (round.note || round.adjust)) body.push(noteRow(app, r, round, n + 1));
  }
  if (state.carryIn) body.unshift(carryRow(app, 1));
  const foot = [];
  if (result.bonuses.length) {
    const bonus = Array(n).fill(0);
    for (const b of result.bonuses) bonus[b.player] += b.points;
    foot.push(h('tr', { class: 'sheet-bonus-row' }, h('th', { scope: 'row' }, t('bonusRow')),
      bonus.map((points, p) => h('td', { dataset: { ...hook(state.rounds.length, p, 'bonus'), value: points } },
        points ? i18n.signed(points) : ''))));
    foot.push(h('tr', { class: 'sheet-final-row' }, h('th', { scope: 'row' }, t('finalTotal')),
      result.totals.map((total, p) => h('td', { dataset: { ...hook(state.rounds.length, p, 'final'), value: total } }, num(total)))));
  }
  const note = [];
  if (!showTrump && trumps.size === 1) note.push(t('trumpEvery', { trump: trumpText(t, [...trumps][0]) }));
  // (the signs are not read out: each row says its trump in words, so the key is for the eye alone)
  const signs = showTrump ? trumpKey(t, shown) : null;
  if (signs) note.push({ text: signs, hidden: true });
  note.push(t('cellKey'));
  const away = awayKey(app);
  if (away) note.push(away);
  return { className: `sheet-table is-bid players-${n}`, frame: () => [
    h('colgroup', {}, h('col', { class: 'sheet-col-round' }), Array.from({ length: n }, () => h('col', {}))), h('thead', {}, head())],
  body, foot, notes: note };
}

/** A round's one-off adjustments and note, in a row of their own under it. */
export function noteText(app, round, r) {
  const { i18n } = app;
  const names = app.names();
  const given = (round.adjust || []).flatMap((points, p) => (points === null ? [] : [i18n.t('noteAdjust', { name: names[p], points: i18n.signed(points) })]));
  const parts = [given.length ? i18n.list(given) : '', round.note ? (given.length ? `(${round.note})` : round.note) : ''].filter(Boolean);
  return i18n.t('noteRow', { round: i18n.num(r + 1), text: parts.join(' ') });
}

function noteRow(app, r, round, span) {
  return h('tr', { class: 'sheet-note-row' }, app.sentence('td', { colspan: span, dataset: { round: String(r + 1), field: 'note' } },
    () => noteText(app, round, r)));
}

/** The scores the players started from (a latecomer's agreed score), above the first round. */
function carryRow(app, blank) {
  const { t, num } = app.i18n;
  return h('tr', { class: 'sheet-carry-row' }, h('th', { scope: 'row', class: 'sheet-round' }, t('carryRow')),
    Array.from({ length: blank - 1 }, () => h('td', {})),
    app.state.carryIn.map((points, p) => h('td', { dataset: { player: String(p), field: 'carry', value: points } }, num(points))));
}

function tallyTable(app) {
  const { result, state, i18n } = app;
  const { t, num } = i18n;
  const n = app.playerCount();
  const editing = state.draft.edit;
  const head = () => h('tr', {}, h('th', { scope: 'col', class: 'sheet-round' }, t('round')), h('th', { scope: 'col' }, t('lost')),
    Array.from({ length: n }, (_, p) => h('th', { scope: 'col', class: 'sheet-col-player', dataset: { player: p } }, app.nameEl(p))));
  const body = result.rounds.flatMap((scored, r) => {
    const classes = ['sheet-row', 'is-played'];
    if (r === editing) classes.push('is-editing');
    if (scored.errors.length) classes.push('has-error');
    const loser = scored.loser;
    const later = notYet(state, r);
    const gone = leftBy(state, r);
    const key = JSON.stringify([r, scored.loser, scored.scores, scored.totals, scored.errors.length, r === editing, n, [...later], [...gone]]);
    const row = keptRow(app, key, { key: '' }, () => ({ row: h('tr', { class: classes.join(' ') },
      h('th', { scope: 'row', class: 'sheet-round' }, h('button', {
        type: 'button', class: 'sheet-edit', id: `giv-edit-${r + 1}`, 'aria-label': t('editRound', { round: num(r + 1) }),
        'aria-pressed': r === editing ? 'true' : null, onclick: () => app.editRound(r),
      }, num(r + 1))),
      h('td', { class: 'sheet-loser-name', dataset: hook(r + 1, loser, 'loser') }, loser === null ? '' : app.nameEl(loser)),
      scored.totals.map((total, p) => (later.has(p) ? h('td', { class: 'sheet-cell is-later' },
        h('span', { class: 'visually-hidden' }, t('notYetJoined'))) : scored.scores[p] === null ? h('td', { class: `sheet-cell is-away${gone.has(p) ? ' is-gone' : ''}` },
        h('span', { class: 'sheet-away', 'aria-hidden': 'true' }, AWAY[gone.has(p) ? 'left' : 'out'][0]),
        h('span', { class: 'sheet-total', 'aria-hidden': 'true', dataset: { ...hook(r + 1, p, 'total'), value: total } }, num(total)),
        h('span', { class: 'visually-hidden' }, `${t(AWAY[gone.has(p) ? 'left' : 'out'][1])}, ${num(total)}`)) : h('td', { class: `sheet-cell${p === loser ? ' is-loser' : ''}` },
        p === loser ? h('span', { class: 'sheet-lost-mark', 'aria-hidden': 'true' }, '●') : null,
        h('span', { class: 'sheet-total', dataset: { ...hook(r + 1, p, 'total'), value: total } }, num(total)))))) }));
    const round = state.rounds[r];
    return round && (round.note || round.adjust) ? [row, noteRow(app, r, round, n + 2)] : [row];
  });
  if (state.carryIn) body.unshift(carryRow(app, 2));
  return { className: `sheet-table is-tally players-${n}`, frame: () => [
    h('colgroup', {}, h('col', { class: 'sheet-col-round' }), h('col', { class: 'sheet-col-lost' }),
      Array.from({ length: n }, () => h('col', {}))), h('thead', {}, head())],
  body, foot: [], notes: [t('tallyKey'), awayKey(app)].filter(Boolean) };
}

/**
 * The rounds section. Its table stays in the page from one drawing to the next (made again only
 * for another number of players), and of its rows only those that changed are replaced, so the
 * browser lays out and paints the new rows, not the whole table again.
 */
function roundsSection(app) {
  const tally = app.data.template === 'tally';
  if (tally && !app.state.rounds.length) return null;
  const cache = app.rowCache || (app.rowCache = { rows: new Map(), next: new Map() });
  cache.next = new Map();
  const parts = tally ? tallyTable(app) : bidTable(app);
  cache.rows = cache.next;
  let view = app.roundsView;
  if (!view || view.className !== parts.className) {
    const tbody = h('tbody', {});
    const table = h('table', { class: parts.className, 'aria-labelledby': 'giv-rounds-title' }, parts.frame(), tbody);
    const scroll = h('div', { class: 'sheet-scroll', role: 'region', 'aria-labelledby': 'giv-rounds-title', tabindex: '0' }, table);
    const section = h('section', { class: 'sheet-rounds', 'aria-labelledby': 'giv-rounds-title' },
      h('h3', { id: 'giv-rounds-title' }, app.i18n.t('roundsTitle')), scroll);
    view = app.roundsView = { className: parts.className, section, scroll, table, tbody, tfoot: h('tfoot', {}), hints: new Map() };
  }
  keepChildren(view.tbody, parts.body);
  view.tfoot.replaceChildren(...parts.foot);
  keepChildren(view.table, [...Array.from(view.table.children).filter((el) => el !== view.tfoot),
    ...(parts.foot.length ? [view.tfoot] : [])]);
  // the hints under the heading, each kept while its text stays (a hint for the eye alone, as the
  // key to the trump signs, is {text, hidden})
  const hints = new Map(parts.notes.map((note) => {
    const { text, hidden } = typeof note === 'string' ? { text: note, hidden: false } : note;
    return [text, view.hints.get(text) || h('p', { class: 'sheet-hint', 'aria-hidden': hidden ? 'true' : null }, text)];
  }));
  view.hints = hints;
  keepChildren(view.section, [view.section.firstElementChild, ...hints.values(), view.scroll]);
  return view.section;
}

/**
 * The sections derived from the game; with `only`, just those parts are made again and the
 * others are kept as they are.
 */
export function resultsSections(app, width, only = null) {
  if (!app.result) return [];
  if (app.result.errors.some((e) => e.round === null)) return [problemsSection(app)];
  const parts = app.resultParts || (app.resultParts = {});
  const make = {
    standings: () => standingsSection(app),
    problems: () => problemsSection(app),
    rounds: () => roundsSection(app),
    // the chart's inner width: the slot less the section's padding and border
    chart: () => chartSection(app, width() - 26),
  };
  const later = app.later || new Set(); // parts put off (see the sheet's render): kept as they are until drawn
  for (const [name, build] of Object.entries(make)) {
    if (later.has(name)) continue;
    if (!only || only.includes(name) || !(name in parts)) parts[name] = build();
  }
  return Object.keys(make).filter((name) => !later.has(name) || name in parts).map((name) => parts[name]).filter(Boolean);
}
