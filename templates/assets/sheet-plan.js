// The plan of deals as the table changes it (engine version 2's handSizes): the coming deals
// resized, skipped or played twice, and a mid-game change of the plan's settings (or a player
// more at the table, when it changes the plan) that goes on from where the table is. The played
// deals keep their sizes.
import { h } from './sheet-dom.js';

/** Settings that shape the plan of deals. */
export const PLAN_KEYS = ['handSizePattern', 'maxHandSize', 'roundCount', 'oneCardDeals'];

/** The engine's plan for a new game with the current settings: {sizes, roundCount}. */
function freshPlan(app, settings) {
  const out = app.run([], { handSizes: undefined, settings });
  return out && out.schedule.length ? out : null;
}

/**
 * After a change of the plan (a setting, a latecomer): the played deals stay as played, and the
 * coming ones follow the new plan from the point that matches where the table is (the same hand
 * size going the same way, or the nearest), so that 10, 9, 8 with the largest hand set to 5 goes
 * on 5, 4, 3 and not 2. `before` is the schedule's hand sizes before the change.
 */
export function replan(app, before) {
  const { state } = app;
  const k = state.rounds.length;
  if (app.data.template !== 'bid') return;
  delete state.handSizes;
  if (!k) return; // a game not begun simply takes the new plan
  const cycleSettings = { ...state.settings };
  if ('roundCount' in cycleSettings) cycleSettings.roundCount = 0;
  const full = freshPlan(app, state.settings);
  const cycleRun = freshPlan(app, cycleSettings);
  if (!full || !cycleRun) return;
  const cycle = cycleRun.schedule.map((d) => d.handSize);
  const played = state.rounds.map((r) => r.handSize);
  // the deal to come next, as planned before; a plan that had no deal left goes on after the last played
  const after = before[k] === undefined;
  const target = after ? played[k - 1] : before[k];
  const way = after ? Math.sign(target - (k > 1 ? played[k - 2] : target))
    : Math.sign((before[k + 1] !== undefined ? before[k + 1] : target) - target);
  let best = 0;
  let cost = Infinity;
  cycle.forEach((size, j) => {
    // the way the plan goes at j: into it for the deal last played, out of it for the one to come
    const near = after ? cycle[j - 1] : cycle[j + 1];
    const going = near === undefined ? 0 : Math.sign(after ? size - near : near - size);
    const c = Math.abs(size - target) * 2 + (way !== 0 && going !== way ? 1 : 0);
    if (c < cost) { cost = c; best = j; }
  });
  const start = after ? best + 1 : best;
  const count = full.settings.roundCount > 0 ? Math.max(0, full.settings.roundCount - k) : Math.max(0, cycle.length - start);
  state.handSizes = played.concat(Array.from({ length: count }, (_, i) => cycle[(start + i) % cycle.length]));
}

/** The hand sizes of the engine's plan for a new game at this table, with its settings. */
export function planSizes(app) {
  const out = freshPlan(app, app.state.settings);
  return out ? out.schedule.map((d) => d.handSize) : null;
}

/**
 * A seat more at the table (a latecomer). When the plan for the new table is the plan the table
 * had and every coming deal still fits the pack, the coming deals stay exactly as they were (the
 * table's own changes to them kept); otherwise they follow the new plan from where the table is.
 * `before` is the schedule's hand sizes and `planBefore` the plan (planSizes) before she came.
 * Returns the new plan's largest hand when the coming deals were made again, else null.
 */
export function seatAdded(app, before, planBefore) {
  const { state } = app;
  if (app.data.template !== 'bid') return null;
  const plan = planSizes(app);
  const most = Math.floor(app.result.settings.deckSize / app.playerCount());
  const coming = (state.handSizes || before).slice(state.rounds.length);
  if (plan && planBefore && plan.join() === planBefore.join() && coming.every((size) => size <= most)) return null;
  replan(app, before);
  return plan ? Math.max(...plan) : most;
}

/** The coming deals edited: the played ones keep their hand sizes. */
function setComing(app, sizes, focusId, message) {
  const { state } = app;
  const all = state.rounds.map((r) => r.handSize).concat(sizes);
  if (!all.length) return;
  state.handSizes = all;
  app.commit({ focusId });
  app.announce(message);
}

export function dealsPart(app) {
  const { t, tn, num } = app.i18n;
  const { result, state } = app;
  const k = state.rounds.length;
  const sizes = result.schedule.slice(k).map((d) => d.handSize);
  const most = Math.floor(result.settings.deckSize / app.playerCount());
  const rows = sizes.map((size, i) => {
    const round = num(k + i + 1);
    const at = (change) => { const next = sizes.slice(); change(next); return next; };
    const b = (label, id, words, disabled, change, message) => h('button', {
      type: 'button', class: 'sheet-button is-small', id, 'aria-label': words, disabled,
      onclick: () => setComing(app, at(change), id, message),
    }, label);
    return h('li', { class: 'sheet-deal', dataset: { round: String(k + i + 1) } },
      h('span', { class: 'sheet-deal-what' }, t('roundNumber', { round }), ': ', tn('cards', size)),
      h('span', { class: 'sheet-deal-do' },
        b('−', `giv-less-${k + i + 1}`, t('dealLess', { round }), size <= 1, (s) => { s[i] -= 1; }, t('dealResized', { round, cards: tn('cards', size - 1) })),
        b('+', `giv-more-${k + i + 1}`, t('dealMore', { round }), size >= most, (s) => { s[i] += 1; }, t('dealResized', { round, cards: tn('cards', size + 1) })),
        b(t('dealSkip'), `giv-skip-${k + i + 1}`, t('dealSkipOf', { round }), !k && sizes.length === 1, (s) => { s.splice(i, 1); }, t('dealSkipped', { round })),
        b(t('dealAdd'), `giv-add-${k + i + 1}`, t('dealAddOf', { round, cards: tn('cards', size) }), false, (s) => { s.splice(i, 0, size); }, t('dealAdded', { round }))));
  });
  const last = sizes.length ? sizes[sizes.length - 1] : (k ? state.rounds[k - 1].handSize : 1);
  const more = h('button', { type: 'button', class: 'sheet-button', id: 'giv-add-end',
    onclick: () => setComing(app, sizes.concat([Math.min(last, most)]), 'giv-add-end', t('dealAdded', { round: num(k + sizes.length + 1) })) },
  t('dealAddEnd', { cards: tn('cards', Math.min(last, most)) }));
  return h('div', { class: 'sheet-table-part' }, h('h4', {}, t('comingTitle')),
    h('p', { class: 'sheet-hint' }, t('comingHint')),
    rows.length ? h('ol', { class: 'sheet-deals' }, rows) : null, h('div', { class: 'sheet-actions' }, more));
}
