// What is derived from the engine on every change: standings (shared places, winners, the
// perfect-game bonus), the rounds table (hand size, dealer, trump, points and running totals,
// a way to edit each round) and the running-totals chart.
import { h, hook } from './sheet-dom.js';
import { trumpText } from './sheet-entry.js';
import { chartSection } from './sheet-chart.js';

function standingsSection(app) {
  const { data, result, state, i18n } = app;
  const { t, tn, num } = i18n;
  const played = state.rounds.length;
  const section = h('section', { class: 'sheet-standings', 'aria-labelledby': 'giv-standings-title' });
  const heading = result.finished ? t('finalStandings')
    : played ? t(data.template === 'tally' ? 'standingsAfterDeal' : 'standingsAfter', { round: num(played) }) : t('standings');
  section.append(h('h3', { id: 'giv-standings-title' }, heading));
  if (!played || !result.standings.length) {
    section.append(h('p', { class: 'sheet-hint' }, t('noRoundsYet')));
    return section;
  }
  section.append(h('p', { class: result.finished ? 'sheet-winner' : 'sheet-leader' }, app.winnerText()));
  const unit = data.template === 'tally' ? 'losses' : 'points';
  section.append(h('ol', { class: 'sheet-standings-list' }, result.standings.map((s) => h('li', {
    class: `sheet-standing${s.rank === 1 ? ' is-first' : ''}`,
  },
  h('span', { class: 'sheet-place', dataset: { ...hook(played, s.player, 'rank'), value: s.rank } }, i18n.place(s.rank)),
  h('span', { class: 'sheet-shared' }, s.shared ? t('shared') : ''),
  h('span', { class: 'sheet-name' }, s.name),
  h('span', { class: 'sheet-points', dataset: { ...hook(played, s.player, 'points'), value: s.total } }, tn(unit, s.total))))));
  if (result.bonuses.length) {
    const byPoints = new Map();
    for (const b of result.bonuses) byPoints.set(b.points, [...(byPoints.get(b.points) || []), result.players[b.player]]);
    for (const [points, names] of byPoints) {
      section.append(h('p', { class: 'sheet-bonus' }, t('bonusNote', { points: i18n.signed(points), names: i18n.list(names) })));
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
    const text = app.errorText(e, context);
    return h('li', {}, e.round !== null ? i18n.t('roundProblem', { round: i18n.num(e.round), message: text }) : text);
  });
  return h('section', { class: 'sheet-problems', role: 'note', 'aria-labelledby': 'giv-problems-title' },
    h('h3', { id: 'giv-problems-title' }, i18n.t('problemsTitle')), h('ul', {}, items));
}

function editButton(app, index, editing) {
  const { t, num } = app.i18n;
  const word = app.data.template === 'tally' ? 'editDeal' : 'editRound';
  return h('button', {
    type: 'button', class: 'sheet-edit', id: `giv-edit-${index + 1}`, 'aria-label': t(word, { round: num(index + 1) }),
    'aria-pressed': editing ? 'true' : null, onclick: () => app.editRound(index),
  }, t('edit'));
}

function dealerMark(t) {
  return h('span', { class: 'sheet-dealt' }, h('span', { 'aria-hidden': 'true' }, t('dealerMark')),
    h('span', { class: 'visually-hidden' }, t('dealerBadge')));
}

function bidTable(app) {
  const { result, state, i18n } = app;
  const { t, num } = i18n;
  const names = app.names();
  const n = names.length;
  const planned = result.schedule;
  const trumps = new Set(planned.map((p) => p.trump).concat(result.rounds.map((r) => r.trump)));
  const showTrump = trumps.size > 1;
  const count = Math.max(planned.length, state.rounds.length);
  const editing = state.draft.edit;
  const next = editing === null ? state.rounds.length : null;
  const head = h('tr', {}, h('th', { scope: 'col' }, t('round')), h('th', { scope: 'col' }, t('cardsHeader')),
    showTrump ? h('th', { scope: 'col' }, t('trump')) : null,
    names.map((name, p) => h('th', { scope: 'col', class: 'sheet-col-player', dataset: { player: p } }, name)),
    h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, t('edit'))));
  const body = [];
  for (let r = 0; r < count; r += 1) {
    const scored = r < state.rounds.length ? result.rounds[r] : null;
    const plan = scored || planned[r];
    const round = state.rounds[r];
    const classes = ['sheet-row', scored ? 'is-played' : 'is-upcoming'];
    if (r === next) classes.push('is-next');
    if (r === editing) classes.push('is-editing');
    if (scored && scored.errors.length) classes.push('has-error');
    const cells = names.map((_, p) => {
      const dealt = plan.dealer === p;
      if (!scored) return h('td', { class: dealt ? 'sheet-cell is-dealer' : 'sheet-cell' }, dealt ? dealerMark(t) : null);
      const made = round.bids[p] === round.took[p];
      return h('td', { class: `sheet-cell ${made ? 'is-made' : 'is-missed'}${dealt ? ' is-dealer' : ''}` },
        h('span', { class: 'sheet-bt' }, dealt ? dealerMark(t) : null,
          t('bidTook', { bid: num(round.bids[p]), took: num(round.took[p]) })),
        h('span', { class: 'sheet-score', dataset: { ...hook(r + 1, p, 'score'), value: scored.scores[p] } }, i18n.signed(scored.scores[p])),
        h('span', { class: 'sheet-total', dataset: { ...hook(r + 1, p, 'total'), value: scored.totals[p] } }, num(scored.totals[p])));
    });
    body.push(h('tr', { class: classes.join(' ') },
      h('th', { scope: 'row' }, num(r + 1), scored && scored.errors.length
        ? h('span', { class: 'sheet-flag' }, h('span', { 'aria-hidden': 'true' }, '!'), h('span', { class: 'visually-hidden' }, t('roundFlag'))) : null),
      h('td', { class: 'sheet-cards' }, num(plan.handSize)),
      showTrump ? h('td', { class: 'sheet-trump' }, trumpText(t, plan.trump)) : null,
      cells,
      h('td', { class: 'sheet-edit-cell' }, scored ? editButton(app, r, r === editing) : null)));
  }
  const foot = [];
  if (result.bonuses.length) {
    const bonus = Array(n).fill(0);
    for (const b of result.bonuses) bonus[b.player] += b.points;
    const span = showTrump ? 3 : 2;
    foot.push(h('tr', { class: 'sheet-bonus-row' }, h('th', { scope: 'row', colspan: span }, t('bonusRow')),
      bonus.map((points, p) => h('td', { dataset: { ...hook(state.rounds.length, p, 'bonus'), value: points } },
        points ? i18n.signed(points) : '')), h('td', {})));
    foot.push(h('tr', { class: 'sheet-final-row' }, h('th', { scope: 'row', colspan: span }, t('finalTotal')),
      result.totals.map((total, p) => h('td', { dataset: { ...hook(state.rounds.length, p, 'final'), value: total } }, num(total))),
      h('td', {})));
  }
  const note = [];
  if (!showTrump && trumps.size === 1) note.push(t('trumpEvery', { trump: trumpText(t, [...trumps][0]) }));
  note.push(t('cellKey'));
  return [t('roundsTitle'), h('table', { class: 'sheet-table is-bid', 'aria-labelledby': 'giv-rounds-title' },
    h('thead', {}, head), h('tbody', {}, body), foot.length ? h('tfoot', {}, foot) : null), note];
}

function tallyTable(app) {
  const { result, state, i18n } = app;
  const { t, num } = i18n;
  const names = app.names();
  const editing = state.draft.edit;
  const head = h('tr', {}, h('th', { scope: 'col' }, t('deal')), h('th', { scope: 'col' }, t('lost')),
    names.map((name, p) => h('th', { scope: 'col', class: 'sheet-col-player', dataset: { player: p } }, name)),
    h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, t('edit'))));
  const body = result.rounds.map((scored, r) => {
    const classes = ['sheet-row', 'is-played'];
    if (r === editing) classes.push('is-editing');
    if (scored.errors.length) classes.push('has-error');
    const loser = scored.loser;
    return h('tr', { class: classes.join(' ') },
      h('th', { scope: 'row' }, num(r + 1)),
      h('td', { class: 'sheet-loser-name', dataset: hook(r + 1, loser, 'loser') }, loser === null ? '' : names[loser]),
      scored.totals.map((total, p) => h('td', { class: `sheet-cell${p === loser ? ' is-loser' : ''}` },
        p === loser ? h('span', { class: 'sheet-lost-mark', 'aria-hidden': 'true' }, '●') : null,
        h('span', { class: 'sheet-total', dataset: { ...hook(r + 1, p, 'total'), value: total } }, num(total)))),
      h('td', { class: 'sheet-edit-cell' }, editButton(app, r, r === editing)));
  });
  return [t('dealsTitle'), h('table', { class: 'sheet-table is-tally', 'aria-labelledby': 'giv-rounds-title' },
    h('thead', {}, head), h('tbody', {}, body)), [t('tallyKey')]];
}

/**
 * What the rounds table shows apart from the points: when only settings that change points
 * changed, the table is kept and its numbers are rewritten in place (much cheaper for a long game).
 */
function tableShape(app) {
  const { result, state } = app;
  return JSON.stringify([app.names(), app.i18n.locale, result.schedule, state.rounds, state.draft.edit,
    result.rounds.map((r) => [r.handSize, r.dealer, r.trump, r.errors.length]), result.bonuses]);
}

function updateNumbers(app, section) {
  const { result, i18n } = app;
  for (const el of section.querySelectorAll('[data-field="score"], [data-field="total"]')) {
    const scored = result.rounds[Number(el.dataset.round) - 1];
    const value = scored[el.dataset.field === 'score' ? 'scores' : 'totals'][Number(el.dataset.player)];
    if (el.dataset.value === String(value)) continue;
    el.dataset.value = String(value);
    el.textContent = el.dataset.field === 'score' ? i18n.signed(value) : i18n.num(value);
  }
  for (const el of section.querySelectorAll('[data-field="final"]')) {
    const value = result.totals[Number(el.dataset.player)];
    el.dataset.value = String(value);
    el.textContent = i18n.num(value);
  }
}

function roundsSection(app) {
  const tally = app.data.template === 'tally';
  if (tally && !app.state.rounds.length) return null;
  const shape = tally ? null : tableShape(app);
  const kept = app.roundsCache;
  if (shape && kept && kept.shape === shape) {
    updateNumbers(app, kept.section);
    return kept.section;
  }
  const [heading, table, notes] = tally ? tallyTable(app) : bidTable(app);
  const section = h('section', { class: 'sheet-rounds', 'aria-labelledby': 'giv-rounds-title' },
    h('h3', { id: 'giv-rounds-title' }, heading),
    notes.map((text) => h('p', { class: 'sheet-hint' }, text)),
    h('div', { class: 'sheet-scroll', role: 'region', 'aria-labelledby': 'giv-rounds-title', tabindex: '0' }, table));
  app.roundsCache = shape ? { shape, section } : null;
  return section;
}

export function resultsSections(app, width) {
  if (!app.result) return [];
  if (app.result.errors.some((e) => e.round === null)) return [problemsSection(app)];
  // The chart's inner width: the slot less the section's padding and border.
  return [standingsSection(app), problemsSection(app), roundsSection(app), chartSection(app, width - 26)].filter(Boolean);
}
