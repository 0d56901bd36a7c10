// The search page: runs the language's Pagefind index (pagefind/ beside assets/) in the page and
// lists the games it finds as links, each with its summary. The query is the page's ?q= (the
// header's search box sends it), and typing in the page's own box searches again. Words come from
// the page's JSON.
import { makeI18n } from './sheet-i18n.js';

const root = new URL('../', import.meta.url);
const form = document.getElementById('search-form');
const input = document.getElementById('search-q');
const status = document.getElementById('search-status');
const list = document.getElementById('search-results');
const i18n = makeI18n(JSON.parse(document.getElementById('search-strings').textContent),
  document.documentElement.lang);

let engine = null;
let latest = 0; // the newest query: an older answer that arrives late is dropped

// The index comes in shards (generator/search/index.py): pagefind/ holds the first, and the
// others, listed in pagefind/shards.json, are merged into it.
function load() {
  if (!engine) {
    const options = { baseUrl: root.pathname };
    engine = Promise.all([
      import(new URL('pagefind/pagefind.js', root).href),
      fetch(new URL('pagefind/shards.json', root)).then((response) => {
        if (!response.ok) throw new Error(`pagefind/shards.json: ${response.status}`);
        return response.json();
      }),
    ]).then(async ([pagefind, shards]) => {
      await pagefind.options(options);
      await Promise.all(shards.map((folder) => pagefind.mergeIndex(new URL(`pagefind/${folder}`, root).pathname, options)));
      return pagefind;
    });
    engine.catch(() => { engine = null; }); // offline: try again on the next search
  }
  return engine;
}

function show(query, found) {
  list.replaceChildren(...found.map((data) => {
    const item = document.createElement('li');
    const heading = document.createElement('h2');
    const link = document.createElement('a');
    link.href = data.url;
    link.textContent = data.meta.title;
    heading.append(link);
    const lead = document.createElement('p');
    lead.textContent = data.meta.lead;
    item.append(heading, lead);
    return item;
  }));
  status.textContent = found.length ? i18n.tn('found', found.length, { query }) : i18n.t('none', { query });
}

async function search(query) {
  const mine = ++latest;
  const url = new URL(location.href);
  if (query) url.searchParams.set('q', query); else url.searchParams.delete('q');
  history.replaceState(null, '', url);
  if (!query) {
    list.replaceChildren();
    status.textContent = '';
    return;
  }
  status.textContent = i18n.t('searching');
  try {
    const pagefind = await load();
    const result = await pagefind.search(query);
    const found = await Promise.all(result.results.slice(0, 20).map((r) => r.data()));
    if (mine === latest) show(query, found);
  } catch {
    if (mine === latest) {
      list.replaceChildren();
      status.textContent = i18n.t('offline');
    }
  }
}

let timer = 0;
input.addEventListener('input', () => {
  clearTimeout(timer);
  timer = setTimeout(() => search(input.value.trim()), 150);
});
form.addEventListener('submit', (event) => {
  event.preventDefault();
  clearTimeout(timer);
  search(input.value.trim());
});

input.value = new URLSearchParams(location.search).get('q') || '';
if (input.value.trim()) search(input.value.trim());
