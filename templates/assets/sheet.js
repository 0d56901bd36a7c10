// The live scoresheet: makes the page's blank sheet a working one. A thin layer over engine.js:
// the stored state holds raw inputs only (names, bids, tricks, losers, played hand sizes), and
// every score, total, place and winner is derived from the engine on each change.
//
// Modules: sheet-store (state, storage, shared links), sheet-setup (players and settings),
// sheet-entry (the round being entered), sheet-results (standings, rounds table, chart),
// sheet-tools (share, export, print), sheet-i18n (words and numbers), sheet-dom (DOM helpers).
import { score } from './engine.js';
import { h } from './sheet-dom.js';
import { makeI18n } from './sheet-i18n.js';
import { blankDraft, decodeFragment, hasFragment, loadStored, newState, openStorage, settingOk } from './sheet-store.js';
import { setupSection } from './sheet-setup.js';
import { entrySection, errorText } from './sheet-entry.js';
import { resultsSections } from './sheet-results.js';
import { toolsSection } from './sheet-tools.js';

const BID_CODES = new Set(['bidRange', 'dealerHook']);

/** Makes parent's children exactly nodes, leaving in place those already there (no relayout). */
function keepChildren(parent, nodes) {
  nodes.forEach((node, i) => {
    if (parent.children[i] !== node) parent.insertBefore(node, parent.children[i] || null);
  });
  while (parent.children.length > nodes.length) parent.lastElementChild.remove();
}

export function createSheet(root, data) {
  const i18n = makeI18n(data.strings, data.locale);
  const { t } = i18n;
  const storage = openStorage(data.storageKey);
  const notices = [];                   // lasting notices at the top of the sheet
  let status = null;                    // the live region for short confirmations

  const app = {
    data, i18n, storage, state: null, result: null, notices,

    /** Display names: what was typed, or "Player n" when a name is left empty. */
    names() {
      return app.state.players.map((name, i) => name.trim() || t('playerDefault', { n: i18n.num(i + 1) }));
    },
    playerCount: () => app.state.players.length,
    dealerOf: (index) => (app.state.firstDealer + index) % app.state.players.length,

    engineInput(rounds = app.state.rounds) {
      return { template: data.template, spec: data.spec, settings: app.state.settings, players: app.names(),
        firstDealer: app.state.firstDealer, rounds };
    },

    /** Runs the engine; a thrown error (never expected) becomes a message, not a crash. */
    run(rounds) {
      try {
        return score(app.engineInput(rounds));
      } catch (error) {
        app.announce(t('errUnexpected'));
        return null;
      }
    },

    recompute() {
      const out = app.run();
      if (out) app.result = out;
      return app.result;
    },

    save() {
      if (storage.available && !storage.write(app.state) && !notices.some((n) => n.id === 'storageFull')) {
        notices.push({ id: 'storageFull', text: t('storageFull') });
        app.render();
      }
    },

    announce(text) {
      if (!status) return;
      status.textContent = '';
      // A fresh text node after a tick, so that a repeated message is read again.
      window.setTimeout(() => { status.textContent = text; }, 30);
    },

    /** The round being entered: its index, hand size, dealer and trump; null when the game is over. */
    current() {
      const { state, result } = app;
      const editing = state.draft.edit;
      if (editing !== null) {
        const scored = result.rounds[editing];
        return { index: editing, editing: true, handSize: data.template === 'tally' ? null : state.rounds[editing].handSize,
          dealer: app.dealerOf(editing), trump: scored ? scored.trump : null };
      }
      const index = state.rounds.length;
      if (data.template === 'tally') {
        if (result.finished || result.errors.some((e) => e.round === null)) return null;
        const { roundCount, lossLimit } = result.settings;
        if (roundCount > 0 && index >= roundCount) return null;
        if (lossLimit > 0 && Math.max(0, ...result.totals) >= lossLimit) return null;
        return { index, editing: false, handSize: null, dealer: app.dealerOf(index), trump: null };
      }
      const planned = result.schedule[index];
      if (!planned) return null;
      return { index, editing: false, handSize: planned.handSize, dealer: planned.dealer, trump: planned.trump };
    },

    /** The engine's errors for one candidate round at index (players' numbers as given). */
    check(index, round, phase) {
      // A number not typed yet goes to the engine as '' (a missing number): null in both a bid
      // and its tricks would tell the engine that the seat sat the round out.
      const typed = (values) => values.map((value) => (value === null ? '' : value));
      const candidate = round.bids ? { ...round, bids: typed(round.bids), took: typed(round.took) } : round;
      const out = app.run(app.state.rounds.slice(0, index).concat([candidate]));
      if (!out) return [{ code: 'unexpected', round: index + 1, player: null }];
      return out.errors.filter((e) => (e.round === null || e.round === index + 1)
        && (phase !== 'bid' || BID_CODES.has(e.code) || e.round === null));
    },

    errorText: (error, context) => errorText(app, error, context),

    // ---- changes --------------------------------------------------------------------------

    /** Any change: store, recompute, redraw (keeping focus where it was). */
    commit(options = {}) {
      app.save();
      app.recompute();
      app.render(options);
    },

    setSetting(key, value) {
      const meta = data.settings.find((m) => m.key === key);
      if (!meta || !settingOk(meta, value)) return false;
      app.state.settings[key] = value;
      app.commit({ setup: false });
      return true;
    },

    applyPreset(settings) {
      app.state.settings = settings;
      app.commit();
    },

    setPlayerCount(count) {
      const { state } = app;
      if (state.rounds.length || count === state.players.length) return;
      const names = state.players.slice(0, count);
      while (names.length < count) names.push('');
      state.players = names;
      if (state.firstDealer >= count) state.firstDealer = 0;
      state.draft = blankDraft(count);
      app.commit();
    },

    setName(index, name) {
      app.state.players[index] = name.slice(0, 40);
      app.commit({ setup: false });
    },

    setFirstDealer(index) {
      app.state.firstDealer = index;
      app.commit({ setup: false });
    },

    saveRound(index, round) {
      const { state } = app;
      const editing = state.draft.edit !== null;
      if (editing) state.rounds[index] = round;
      else state.rounds.push(round);
      if (state.rounds.length === 1 && !editing) app.setupOpen = false; // the game is on: fold the setup away
      state.draft = blankDraft(app.playerCount());
      app.commit({ focus: 'entry' });
      const word = data.template === 'tally' ? 'dealSaved' : 'roundSaved';
      const parts = [t(editing ? 'roundChanged' : word, { round: i18n.num(index + 1) })];
      if (data.template === 'tally') parts.push(t('lossTo', { name: app.names()[round.loser] }));
      if (app.result.finished) parts.push(app.winnerText());
      app.announce(parts.join(' '));
    },

    editRound(index) {
      const { state } = app;
      const round = state.rounds[index];
      const draft = blankDraft(app.playerCount());
      draft.edit = index;
      if (data.template === 'bid') {
        draft.bids = round.bids.map(String);
        draft.took = round.took.map(String);
      }
      state.draft = draft;
      app.commit({ focus: 'entry', setup: false });
      app.announce(t(data.template === 'tally' ? 'editingDeal' : 'editingRound', { round: i18n.num(index + 1) }));
    },

    cancelEdit() {
      app.state.draft = blankDraft(app.playerCount());
      app.commit({ focus: 'entry', setup: false });
    },

    undoLast() {
      const { state } = app;
      const last = state.rounds.pop();
      if (!last) return;
      const draft = blankDraft(app.playerCount());
      if (data.template === 'bid') {
        draft.bids = last.bids.map(String);
        draft.took = last.took.map(String);
      }
      state.draft = draft;
      app.commit({ focus: 'entry' });
      app.announce(t('undone', { round: i18n.num(state.rounds.length + 1) }));
    },

    newGame() {
      const { state } = app;
      app.state = { ...newState(data, state.players.slice()), settings: { ...state.settings },
        firstDealer: state.firstDealer };
      app.commit({ focus: 'entry' });
      app.announce(t('newGameStarted'));
    },

    replaceGame(state) {
      if (storage.available) storage.backup(JSON.stringify(app.state));
      app.state = state;
      app.commit();
    },

    winnerText() {
      const { result } = app;
      const names = result.standings.filter((s) => s.rank === 1).map((s) => s.name);
      return i18n.tn(result.finished ? 'winners' : 'leaders', names.length, { names: i18n.list(names) });
    },

    // ---- drawing ----------------------------------------------------------------------------

    render(options = {}) {
      const active = document.activeElement;
      const focusId = active && root.contains(active) ? active.id : null;
      slots.notices.replaceChildren(noticeArea());
      if (options.setup === false && slots.setup.firstChild) app.syncSetup();
      else slots.setup.replaceChildren(setupSection(app));
      const entry = entrySection(app);
      slots.entry.replaceChildren(entry);
      keepChildren(slots.results, resultsSections(app, root.clientWidth));
      slots.tools.replaceChildren(toolsSection(app));
      if (options.focus === 'entry') {
        const target = entry.querySelector('input:not([disabled]), [data-field="loser"], .sheet-entry-title');
        if (target) target.focus();
      } else if (focusId && document.activeElement !== active) {
        const again = document.getElementById(focusId);
        if (again) again.focus();
      }
    },
  };

  function noticeArea() {
    const area = h('div', { class: 'sheet-notices' });
    for (const notice of notices) {
      const actions = (notice.actions || []).map(([label, action]) =>
        h('button', { type: 'button', class: 'sheet-button', onclick: action }, label));
      area.append(h('p', { class: `sheet-notice${notice.kind === 'bad' ? ' is-bad' : ''}` }, notice.text, ' ', actions));
    }
    return area;
  }

  function dismiss(id) {
    const at = notices.findIndex((n) => n.id === id);
    if (at >= 0) notices.splice(at, 1);
  }

  // ---- start-up: stored game, shared link, the page's blank sheet made live ---------------------

  const loaded = loadStored(data, storage);
  app.state = loaded.state;
  if (!storage.available) notices.push({ id: 'storageOff', text: t('storageOff') });
  if (loaded.notice === 'reset') notices.push({ id: 'reset', kind: 'bad', text: t('storageReset', { key: storage.backupKey }) });
  if (loaded.notice === 'repaired') notices.push({ id: 'repaired', kind: 'bad', text: t('storageRepaired', { key: storage.backupKey }) });

  /** A shared game in the URL fragment: opened at once, or after asking when a game is under way. */
  function openFragment() {
    if (!hasFragment(window.location.hash)) return false;
    const shared = decodeFragment(data, window.location.hash);
    history.replaceState(null, '', `${window.location.pathname}${window.location.search}#sheet`);
    for (const id of ['sharedBad', 'sharedOpened', 'sharedAsk']) dismiss(id);
    if (!shared.state) {
      notices.push({ id: 'sharedBad', kind: 'bad', text: t('sharedBad') });
    } else if (!app.state.rounds.length) {
      app.state = shared.state;
      notices.push({ id: 'sharedOpened', text: t('sharedOpened') });
    } else {
      notices.push({ id: 'sharedAsk', text: t('sharedAsk'), actions: [
        [t('sharedOpen'), () => { dismiss('sharedAsk'); app.replaceGame(shared.state); app.announce(t('sharedOpened')); }],
        [t('sharedKeep'), () => { dismiss('sharedAsk'); app.render(); }],
      ] });
    }
    return true;
  }
  const fromLink = openFragment();

  root.querySelectorAll('.blank-sheet').forEach((el) => { el.hidden = true; });
  root.classList.add('is-live');
  status = h('p', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite' });
  const slots = {
    notices: h('div', { class: 'sheet-slot' }), setup: h('div', { class: 'sheet-slot' }),
    entry: h('div', { class: 'sheet-slot' }), results: h('div', { class: 'sheet-slot' }),
    tools: h('div', { class: 'sheet-slot' }),
  };
  root.append(status, h('div', { class: 'sheet-live' }, Object.values(slots)));

  app.save();
  app.recompute();
  app.render();
  if (fromLink) document.getElementById('sheet')?.scrollIntoView();

  // A shared link pasted into this tab's address bar.
  window.addEventListener('hashchange', () => {
    if (!openFragment()) return;
    app.commit();
    document.getElementById('sheet')?.scrollIntoView();
  });

  // Another tab of the same page changed the game: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key !== data.storageKey || event.newValue === null) return;
    const again = loadStored(data, storage);
    if (again.notice) return;
    app.state = again.state;
    app.recompute();
    app.render();
  });
  return app;
}

function start() {
  const root = document.getElementById('sheet-app');
  const source = document.getElementById('giv-data');
  if (!root || !source) return;
  let data;
  try {
    data = JSON.parse(source.textContent);
  } catch {
    return; // the blank, printable sheet stays
  }
  createSheet(root, data);
}

start();
