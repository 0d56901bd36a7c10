// Share, export, print, start again: a link with the game in its fragment, CSV and JSON
// downloads through Blob URLs, the browser's print dialog (sheet.css prints the filled sheet).
import { h } from './sheet-dom.js';
import { encodeFragment } from './sheet-store.js';
import { trumpText } from './sheet-entry.js';
import { historySection } from './sheet-memory.js';
import { noteText } from './sheet-results.js';
import { leftBy, notYet, roundAway } from './sheet-seats.js';

/** One CSV field: quoted when needed; text that a spreadsheet would run as a formula is defused. */
function field(value, sep) {
  if (typeof value === 'number') return String(value);
  let text = String(value ?? '');
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]|^\s|\s$/.test(text) || text.includes(sep) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(app) {
  const { data, result, state, i18n } = app;
  const { t } = i18n;
  const names = app.names();
  const rows = [];
  const sep = csvSeparator(i18n.locale);
  // a last column for the rounds' adjustments and notes, when there are any
  const noted = state.rounds.some((r) => r.note || r.adjust);
  const note = (i) => (noted ? [state.rounds[i].note || state.rounds[i].adjust ? noteText(app, state.rounds[i], i) : ''] : []);
  // a column naming who was away from each deal and why, when anyone was (a latecomer's deals
  // before she came are not hers to be away from)
  const awayText = state.rounds.map((round, i) => roundAway(round).filter((p) => !notYet(state, i).has(p))
    .map((p) => `${names[p]} (${t(leftBy(state, i).has(p) ? 'hadLeft' : 'satOut')})`).join(', '));
  const anyAway = awayText.some((text) => text !== '');
  const away = (i) => (anyAway ? [awayText[i]] : []);
  const extra = (i) => [...away(i), ...note(i)];
  const extraHead = [...(anyAway ? [t('csvAway')] : []), ...(noted ? [t('csvNote')] : [])];
  const carry = state.carryIn;
  if (data.template === 'tally') {
    rows.push([t('round'), t('lost'), ...names.map((name) => t('csvLosses', { name })), ...extraHead]);
    if (carry) rows.push([t('carryRow'), '', ...carry]);
    // a latecomer has no count in the deals before she came
    result.rounds.forEach((r, i) => rows.push([r.round, r.loser === null ? '' : names[r.loser],
      ...r.totals.map((total, p) => (notYet(state, i).has(p) ? '' : total)), ...extra(i)]));
  } else {
    rows.push([t('round'), t('cardsHeader'), t('dealer'), t('trump'), ...names.flatMap((name) => [
      t('csvBid', { name }), t('csvTook', { name }), t('csvPoints', { name }), t('csvTotal', { name })]), ...extraHead]);
    if (carry) rows.push([t('carryRow'), '', '', '', ...carry.flatMap((points) => ['', '', '', points])]);
    // a seat that sat the deal out has empty bid, tricks and points; one not come yet no total either
    result.rounds.forEach((r, i) => rows.push([r.round, r.handSize, names[r.dealer], trumpText(t, r.trump),
      ...names.flatMap((_, p) => [state.rounds[i].bids[p] ?? '', state.rounds[i].took[p] ?? '', r.scores[p] ?? '',
        notYet(state, i).has(p) ? '' : r.totals[p]]), ...extra(i)]));
    for (const b of result.bonuses) {
      rows.push([t('bonusRow'), '', '', '', ...names.flatMap((_, p) => ['', '', p === b.player ? b.points : '', ''])]);
    }
    if (result.bonuses.length) {
      rows.push([t('finalTotal'), '', '', '', ...names.flatMap((_, p) => ['', '', '', result.totals[p]])]);
    }
  }
  return `${rows.map((row) => row.map((v) => field(v, sep)).join(sep)).join('\r\n')}\r\n`;
}

/** The CSV separator a spreadsheet in this language expects: ";" where the decimal mark is ",". */
export function csvSeparator(locale) {
  const mark = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
  return mark && mark.value === ',' ? ';' : ',';
}

export function toJson(app) {
  const { data, state } = app;
  const result = app.run() || app.result; // (names typed since the last change are in it)
  return `${JSON.stringify({ format: 'giv-game', version: 1, id: state.id, game: data.game, name: data.name, lang: data.lang,
    input: app.engineInput(), result, rawPlayers: state.players, gone: state.gone || [], left: state.left, joined: state.joined }, null, 2)}\n`;
}

export function download(text, type, name) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = h('a', { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10000);
}

function filename(app, extension) {
  const day = new Date();
  const pad = (v) => String(v).padStart(2, '0');
  return `${app.data.game}-${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}.${extension}`;
}

export function shareLink(app) {
  const { pathname, search, origin } = window.location;
  return `${origin}${pathname}${search}${encodeFragment(app.data, app.state)}`;
}

/** The link's field, once shown, follows the game: a link copied from it later is to the game as it is then. */
export function followLink(app) {
  const field = app.tools && app.tools.shared ? document.getElementById('giv-share-link') : null;
  if (field) field.value = shareLink(app);
}

export function toolsSection(app) {
  const { t } = app.i18n;
  const tools = app.tools || (app.tools = { shared: false, confirming: false, importError: '' });
  const played = app.state.rounds.length > 0;
  const button = (label, action, extra = {}) => h('button', { type: 'button', class: 'sheet-button', onclick: action, ...extra }, label);

  const linkBox = h('p', { class: 'sheet-link', hidden: !tools.shared });
  const linkInput = h('input', { type: 'text', id: 'giv-share-link', readonly: true, class: 'sheet-link-input' });
  linkInput.value = tools.shared ? shareLink(app) : '';
  linkBox.append(h('label', { for: 'giv-share-link' }, t('shareLabel')), linkInput);

  const share = button(t('share'), () => {
    tools.shared = true;
    linkInput.value = shareLink(app);
    linkBox.hidden = false;
    const fallback = () => { linkInput.focus(); linkInput.select(); app.announce(t('copyFailed')); };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(linkInput.value).then(() => app.announce(t('copied')), fallback);
    } else fallback();
  }, { id: 'giv-share' });

  const csv = button(t('exportCsv'), () => download(`\ufeff${toCsv(app)}`, 'text/csv;charset=utf-8', filename(app, 'csv')),
    { id: 'giv-csv', disabled: !played });
  const json = button(t('exportJson'), () => download(toJson(app), 'application/json', filename(app, 'json')),
    { id: 'giv-json', disabled: !played });
  const print = button(t('print'), () => window.print(), { id: 'giv-print' });
  // the file field itself stays hidden: a button of the same size as the others opens it
  const file = h('input', { type: 'file', id: 'giv-import', accept: '.json,application/json', hidden: true, tabindex: '-1' });
  file.addEventListener('change', () => {
    const chosen = file.files && file.files[0];
    if (!chosen) return;
    chosen.text().then((text) => app.importGame(text), () => app.importGame(''));
  });
  const open = button(t('importJson'), () => file.click(), { id: 'giv-open' });
  const importError = h('p', { class: 'sheet-field-error', id: 'giv-import-error', role: 'alert', hidden: !tools.importError },
    tools.importError || '');

  const confirm = h('div', { class: 'sheet-confirm', hidden: !tools.confirming, role: 'group', 'aria-labelledby': 'giv-confirm-text' },
    h('p', { id: 'giv-confirm-text' }, t('newGameConfirm')),
    button(t('newGameYes'), () => { tools.confirming = false; tools.shared = false; app.newGame(); }, { id: 'giv-new-yes', class: 'sheet-button is-danger' }),
    button(t('cancel'), () => { tools.confirming = false; app.renderTools(); document.getElementById('giv-new')?.focus(); }, { id: 'giv-new-no' }));
  const fresh = button(t('newGame'), () => {
    if (!played) return;
    tools.confirming = true;
    confirm.hidden = false;
    document.getElementById('giv-new-yes')?.focus();
  }, { id: 'giv-new', disabled: !played });

  return h('section', { class: 'sheet-tools', 'aria-labelledby': 'giv-tools-title' },
    h('h3', { id: 'giv-tools-title' }, t('toolsTitle')),
    h('div', { class: 'sheet-actions' }, share, csv, json, print, open, file, fresh), importError, linkBox, confirm,
    h('p', { class: 'sheet-hint' }, t(app.storage.available ? 'savedHere' : 'notSaved')),
    historySection(app, download));
}
