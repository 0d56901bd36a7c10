// What a real evening changes as it goes (the engine's table events, version 2), behind one
// folded panel so that the normal round stays as it is: the coming deals (sheet-plan.js), who
// plays, sits out, leaves or joins (sheet-seats.js), a one-off adjustment with a short note and
// the end of an open evening (sheet-adjust.js).
import { h } from './sheet-dom.js';
import { dealsPart } from './sheet-plan.js';
import { joinPart, seatsPart } from './sheet-seats.js';
import { adjustPart, endPart } from './sheet-adjust.js';

function parts(app) {
  const bid = app.data.template === 'bid';
  return (bid ? [dealsPart(app), seatsPart(app)] : [seatsPart(app), endPart(app)]).concat([joinPart(app), adjustPart(app)]).filter(Boolean);
}

/**
 * The panel; the one drawn before (`shown`) is kept, as a panel put in anew is laid out anew:
 * folded, it is kept as it is (its summary never changes; its parts are made when it is opened),
 * and open, only its parts are made again.
 */
export function eventsSection(app, shown = null) {
  const { t } = app.i18n;
  if (!app.result || app.result.errors.some((e) => e.round === null)) return null;
  const bid = app.data.template === 'bid';
  // who plays the deal being entered is there from the first deal on, while the game is on
  if (!app.state.rounds.length && !app.current()) return null;
  if (app.tableOpen === undefined) app.tableOpen = false;
  if (shown) {
    const kept = shown.lastElementChild;
    if (shown.open) kept.replaceChildren(...parts(app));
    else if (kept.firstChild) kept.replaceChildren();
    return shown;
  }
  // folded, the panel's parts are made only when it is opened (by its summary, or by setting open)
  const body = h('div', { class: 'sheet-panel-body' });
  const fill = () => { if (!body.firstChild) body.append(...parts(app)); };
  const summary = h('summary', { onclick: fill }, h('span', { class: 'sheet-summary' }, t(bid ? 'tableTitle' : 'tableTitleTally')));
  const details = h('details', { class: 'sheet-table-panel', id: 'giv-table', open: app.tableOpen }, summary, body);
  if (app.tableOpen) fill();
  details.addEventListener('toggle', () => {
    app.tableOpen = details.open;
    if (details.open) fill();
  });
  return details;
}
