// What this browser remembers across games and across the site's game pages: the players of the
// last game (offered when a new game starts, on any game's page) and the finished games (date,
// game, result), each of which can be opened again or downloaded as JSON. Both live in
// localStorage under keys of their own, read defensively: anything unreadable is ignored.
import { h } from './sheet-dom.js';

const PLAYERS_KEY = 'giv:v1:players';
const HISTORY_KEY = 'giv:v1:history';
const KEEP = 30; // finished games kept, newest first

function read(key) {
  try {
    const value = JSON.parse(window.localStorage.getItem(key));
    return value === null ? null : value;
  } catch {
    return null;
  }
}

function write(key, value) {
  try { window.localStorage.setItem(key, JSON.stringify(value)); return true; } catch { return false; }
}

const isText = (x) => typeof x === 'string';

/** The names of the last game's players, or null. */
export function lastPlayers() {
  const value = read(PLAYERS_KEY);
  if (!value || !Array.isArray(value.names) || !value.names.length || !value.names.every(isText)) return null;
  const names = value.names.map((n) => n.slice(0, 40)).filter((n) => n.trim());
  return names.length ? names : null;
}

export function rememberPlayers(names) {
  if (names.some((n) => n.trim())) write(PLAYERS_KEY, { names });
}

// Each finished game's file (its exported JSON) is kept under a key of its own, so that the
// list, read on every page and written at every finished game, stays small; a list written
// before that holds the files in its entries, which are read as they are and moved out the next
// time the list is written.
const fileKey = (id) => `${HISTORY_KEY}:${id}`;

function has(key) {
  try { return Object.prototype.hasOwnProperty.call(window.localStorage, key); } catch { return false; }
}

function writeText(key, text) {
  try { window.localStorage.setItem(key, text); return true; } catch { return false; }
}

function remove(key) {
  try { window.localStorage.removeItem(key); } catch { /* nothing to free */ }
}

/** The finished games, newest first; entries that cannot be read are left out. */
export function history() {
  const value = read(HISTORY_KEY);
  if (!Array.isArray(value)) return [];
  return value.filter((e) => e && isText(e.id) && isText(e.date) && isText(e.game) && isText(e.name)
    && isText(e.link) && isText(e.result) && (e.json === undefined ? has(fileKey(e.id)) : isText(e.json))
    && !Number.isNaN(Date.parse(e.date)));
}

/** A finished game's file (the JSON the sheet exports), or '' when it is gone. */
function gameFile(entry) {
  if (entry.json !== undefined) return entry.json;
  try { return window.localStorage.getItem(fileKey(entry.id)) || ''; } catch { return ''; }
}

/** Adds or replaces (same game id) a finished game: {id, date, game, name, link, result, json}. */
export function remember(entry) {
  const { json, ...listed } = entry;
  const list = [listed, ...history().filter((e) => e.id !== entry.id)];
  for (const e of list) {
    if (e.json !== undefined && writeText(fileKey(e.id), e.json)) delete e.json;
  }
  for (const old of list.splice(KEEP)) remove(fileKey(old.id));
  // a full storage drops the oldest games until the new one and the list fit
  let kept = writeText(fileKey(entry.id), json);
  while (!kept && list.length > 1) {
    remove(fileKey(list.pop().id));
    kept = writeText(fileKey(entry.id), json);
  }
  if (!kept) list.shift();
  while (list.length && !write(HISTORY_KEY, list)) remove(fileKey(list.pop().id));
  if (!list.length) write(HISTORY_KEY, list);
}

export function forget(id) {
  write(HISTORY_KEY, history().filter((e) => e.id !== id));
  remove(fileKey(id));
}

/** The history section: one line per finished game, with Open and Download. */
export function historySection(app, download) {
  const { t, locale } = app.i18n;
  const games = history();
  if (!games.length) return null;
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const items = games.map((entry) => h('li', { class: 'sheet-past', dataset: { id: entry.id } },
    h('p', { class: 'sheet-past-what' },
      h('time', { datetime: entry.date }, dates.format(new Date(entry.date))), ' · ',
      h('span', { class: 'sheet-past-game' }, entry.name)),
    h('p', { class: 'sheet-past-result' }, entry.result),
    h('div', { class: 'sheet-actions' },
      h('a', { class: 'sheet-button', href: entry.link, 'aria-label': t('historyOpenOf', { name: entry.name, result: entry.result }) },
        t('historyOpen')),
      h('button', { type: 'button', class: 'sheet-button',
        'aria-label': t('historyDownloadOf', { name: entry.name, result: entry.result }),
        onclick: () => download(gameFile(entry), 'application/json', `${entry.game}-${entry.date.slice(0, 10)}.json`) },
      t('exportJson')),
      h('button', { type: 'button', class: 'sheet-button sheet-forget',
        'aria-label': t('historyForgetOf', { name: entry.name, result: entry.result }),
        onclick: () => {
          const at = games.indexOf(entry);
          forget(entry.id);
          app.renderTools();
          app.announce(t('historyForgotten'));
          // focus stays in the list (the game now in its place, or the one above), else on the tools
          const left = document.querySelectorAll('.sheet-past .sheet-forget');
          (left[Math.min(at, left.length - 1)] || document.getElementById('giv-open'))?.focus();
        } },
      t('historyForget')))));
  return h('section', { class: 'sheet-history', 'aria-labelledby': 'giv-history-title' },
    h('h3', { id: 'giv-history-title' }, t('historyTitle')),
    h('p', { class: 'sheet-hint' }, t('historyHint')),
    h('ol', { class: 'sheet-past-list' }, items));
}
