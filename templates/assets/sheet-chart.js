// The running-totals chart: inline SVG built with DOM calls (no library, no style attributes;
// colours and dashes come from sheet.css classes), with a table of the same numbers for screen
// readers.
import { h, keepChildren, s } from './sheet-dom.js';

const PAD = { left: 40, right: 12, top: 12, bottom: 26 };

/** Round tick values: about five, at 1, 2 or 5 times a power of ten. */
function ticks(low, high) {
  const span = Math.max(1, high - low);
  const raw = span / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((m) => m >= raw) || power * 10;
  const unit = Math.max(1, Math.round(step));
  const out = [];
  for (let v = Math.floor(low / unit) * unit; v <= high; v += unit) if (v >= low) out.push(v);
  return out;
}

/** The chart is drawn at the width it is shown at, so its 12px labels stay 12px on a phone. */
export function chartSection(app, width) {
  const W = Math.round(Math.min(800, Math.max(280, width || 640)));
  const H = Math.round(Math.min(260, Math.max(180, W * 0.45)));
  const { result, i18n, data } = app;
  const { t, num } = i18n;
  const rounds = result.rounds;
  if (!rounds.length) return null;
  const names = app.names();
  // the perfect-game bonus is a last step of its own, after the last round
  const bonus = names.map((_, p) => result.bonuses.filter((b) => b.player === p).reduce((a, b) => a + b.points, 0));
  const hasBonus = bonus.some((b) => b !== 0);
  const steps = rounds.length + (hasBonus ? 1 : 0);
  const start = app.state.carryIn || names.map(() => 0); // a latecomer's agreed score
  // a latecomer's line starts where she joined (null before: the deals she was not at the table for)
  const joined = app.state.joined || names.map(() => 0);
  const series = names.map((_, p) => [start[p], ...rounds.map((r) => r.totals[p]), ...(hasBonus ? [result.totals[p]] : [])]
    .map((v, i) => (i < joined[p] ? null : v)));
  const all = series.flat().filter((v) => v !== null);
  const low = Math.min(0, ...all);
  const high = Math.max(1, ...all);
  const x = (i) => PAD.left + (i * (W - PAD.left - PAD.right)) / Math.max(1, steps);
  const y = (v) => PAD.top + ((high - v) * (H - PAD.top - PAD.bottom)) / (high - low);

  const svg = s('svg', { class: 'sheet-chart-svg', viewBox: `0 0 ${W} ${H}`, 'aria-hidden': 'true', focusable: 'false' });
  const grid = s('g', { class: 'sheet-chart-grid' });
  for (const v of ticks(low, high)) {
    grid.append(s('line', { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), class: v === 0 ? 'is-zero' : null }),
      s('text', { x: PAD.left - 6, y: y(v), class: 'sheet-chart-y' }, num(v)));
  }
  // about one label per 28 px, and never one so close to the last that the two overlap
  const every = Math.max(1, Math.ceil(rounds.length / Math.max(1, Math.floor((W - PAD.left - PAD.right) / 28))));
  for (let i = 1; i <= rounds.length; i += 1) {
    const last = i === rounds.length;
    if ((i % every === 0 && rounds.length - i >= every) || last) {
      grid.append(s('text', { x: x(i), y: H - 10, class: 'sheet-chart-x' }, num(i)));
    }
  }
  if (hasBonus) grid.append(s('text', { x: x(steps), y: H - 10, class: 'sheet-chart-x is-bonus' }, t('chartBonus')));
  svg.append(grid);
  series.forEach((points, p) => {
    if (points[points.length - 1] === null) return; // (joined after every deal shown: no line yet)
    const at = points.flatMap((v, i) => (v === null ? [] : [`${x(i).toFixed(1)},${y(v).toFixed(1)}`])).join(' ');
    svg.append(s('polyline', { points: at, class: `sheet-line series-${p % 8}` }),
      s('circle', { cx: x(points.length - 1), cy: y(points[points.length - 1]), r: 4, class: `sheet-dot series-${p % 8}` }));
  });

  // each swatch is a piece of its line: the same colour and the same dashes (long enough to show
  // each player's pattern, see sheet.css)
  const legend = h('ul', { class: 'sheet-legend', 'aria-hidden': 'true' }, names.map((_, p) => h('li', {},
    s('svg', { class: 'sheet-swatch', viewBox: '0 0 36 8', focusable: 'false' },
      s('line', { x1: 2, x2: 34, y1: 4, y2: 4, class: `sheet-line series-${p % 8}` })), app.nameEl(p))));

  // The section stays in the page from one drawing to the next: the picture is drawn again, and
  // the table of the same numbers (for screen readers) keeps its rows, with only changed numbers
  // written again.
  let view = app.chartView;
  if (!view || view.players !== names.length) {
    const figure = h('figure', {});
    const tbody = h('tbody', {});
    // A table box ignores width and overflow, so the hiding is done by a wrapper.
    const table = h('div', { class: 'visually-hidden' }, h('table', {},
      h('caption', {}, t('chartTable')),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('round')), names.map((_, p) => h('th', { scope: 'col' }, app.nameEl(p))))),
      tbody));
    const section = h('section', { class: 'sheet-chart', 'aria-labelledby': 'giv-chart-title' },
      h('h3', { id: 'giv-chart-title' }, t(data.template === 'tally' ? 'chartTitleTally' : 'chartTitle')), figure, table);
    view = app.chartView = { players: names.length, section, figure, tbody, rows: new Map() };
  }
  const rows = new Map();
  const row = (label, totals) => {
    const tr = view.rows.get(label) || h('tr', {}, h('th', { scope: 'row' }, label), totals.map(() => h('td', {})));
    totals.forEach((v, p) => {
      const text = v === null ? t('notYetJoined') : num(v);
      if (tr.cells[p + 1].textContent !== text) tr.cells[p + 1].textContent = text;
    });
    rows.set(label, tr);
    return tr;
  };
  const came = (r) => r.totals.map((v, p) => (r.round <= joined[p] ? null : v));
  keepChildren(view.tbody, [...rounds.map((r) => row(num(r.round), came(r))), ...(hasBonus ? [row(t('bonusRow'), result.totals)] : [])]);
  view.rows = rows;
  view.figure.replaceChildren(svg, legend);
  return view.section;
}
