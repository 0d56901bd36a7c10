// The live scoresheet: makes the page's blank sheet a working one. A thin layer over engine.js:
// the stored state holds raw inputs only (names, bids, tricks, losers, played hand sizes), and
// every score, total, place and winner is derived from the engine on each change.
//
// Modules: sheet-store (state, storage, shared links), sheet-setup (players and settings),
// sheet-entry (the round being entered), sheet-results (standings, rounds table, chart),
// sheet-tools (share, export, print), sheet-events (the table's own deals, players coming and
// going, adjustments), sheet-i18n (words and numbers), sheet-dom (DOM helpers).
import { score } from './engine.js';
import { h, keepChildren, setText } from './sheet-dom.js';
import { makeI18n } from './sheet-i18n.js';
import { blankDraft, decodeFragment, hasFragment, importedState, loadStored, newState, openStorage, sanitize, settingOk } from './sheet-store.js';
import { forget, history as finishedGames, lastPlayers, rememberPlayers, remember } from './sheet-memory.js';
import { setupSection } from './sheet-setup.js';
import { entrySection, errorText } from './sheet-entry.js';
import { resultsSections } from './sheet-results.js';
import { followLink, shareLink, toJson, toolsSection } from './sheet-tools.js';
import { eventsSection } from './sheet-events.js';
import { PLAN_KEYS, replan } from './sheet-plan.js';
import { atTable, awaySeats, fitSeats, roundAway } from './sheet-seats.js';

const BID_CODES = new Set(['bidRange', 'dealerHook', 'tooFewPresent', 'dealerAbsent']);
const typedText = (value) => (value === null ? '' : String(value));

/**
 * What of a draft waits while another deal takes the form (a past deal edited, or the last one
 * Undo put back): the next deal as far as it was typed, with the deals it put aside in turn.
 * A past deal being edited waits for nothing (its numbers are saved); a next deal with nothing
 * typed leaves only what it put aside.
 */
function putAside(draft) {
  const typed = draft.bids.some((x) => x !== '') || draft.took.some((x) => x !== '') || draft.out !== null;
  if (draft.edit !== null || !typed) return draft.aside;
  return { phase: draft.phase, bids: draft.bids, took: draft.took, out: draft.out, aside: draft.aside };
}

export function createSheet(root, data) {
  const i18n = makeI18n(data.strings, data.locale);
  const { t } = i18n;
  const storage = openStorage(data.storageKey);
  const notices = [];                   // lasting notices at the top of the sheet
  const named = new Map();              // shown sentences and aria-labels with names in them -> how to write them again
  let status = null;                    // the live region for short confirmations
  const shownNames = { key: null, names: [] }; // the display names, for the players they were made for
  const lastRun = { key: null, out: null }; // the engine's last input (as JSON) and result, see run

  const app = {
    data, i18n, storage, state: null, result: null, notices,

    /**
     * Display names: what was typed, or "Player n" when a name is left empty; two players of the
     * same name are told apart by their seat number.
     */
    names() {
      // (made again only when a name changed: a redraw asks for them once per name it shows)
      const key = app.state.players.join('\u0000');
      if (shownNames.key !== key) {
        const plain = app.state.players.map((name, i) => name.trim() || t('playerDefault', { n: i18n.num(i + 1) }));
        const seen = new Map();
        for (const name of plain) seen.set(name.toLocaleLowerCase(), (seen.get(name.toLocaleLowerCase()) || 0) + 1);
        shownNames.key = key;
        shownNames.names = plain.map((name, i) => (seen.get(name.toLocaleLowerCase()) > 1 ? t('sameName', { name, n: i18n.num(i + 1) }) : name));
      }
      return shownNames.names.slice();
    },

    /** A player's name as text that follows renaming in place (see updateNames). */
    nameEl(player, tag = 'span') {
      return h(tag, { class: 'sheet-name', dataset: { name: String(player) } }, app.names()[player]);
    },

    /** A sentence with names in it ("In the lead: Anna and Bo"), kept up to date by updateNames. */
    sentence(tag, attrs, make) {
      const el = h(tag, attrs, make());
      named.set(el, () => setText(el, make()));
      return el;
    },

    /** An element's aria-label with names in it ("Bo sits out deal 3"), kept up to date as a sentence is. */
    labelled(el, make) {
      const write = () => el.setAttribute('aria-label', make());
      write();
      named.set(el, write);
      return el;
    },

    /** A name was typed: every shown name follows, without recomputing or redrawing the sheet. */
    updateNames() {
      const names = app.names();
      for (const el of root.querySelectorAll('[data-name]')) {
        const name = names[Number(el.dataset.name)];
        if (name !== undefined) setText(el, name);
      }
      for (const [el, write] of named) {
        if (!el.isConnected) named.delete(el);
        else write();
      }
    },

    playerCount: () => app.state.players.length,
    dealerOf: (index) => (app.state.firstDealer + index) % app.state.players.length,

    engineInput(rounds = app.state.rounds, overrides = {}) {
      const { state } = app;
      const input = { template: data.template, spec: data.spec, settings: state.settings, players: app.names(),
        firstDealer: state.firstDealer, rounds };
      // the table events (engine version 2), when the game has them
      if (state.handSizes && data.template === 'bid') input.handSizes = state.handSizes;
      if (state.carryIn) input.carryIn = state.carryIn;
      if (state.ended && data.template === 'tally') input.ended = true;
      return { ...input, ...overrides };
    },

    /**
     * Runs the engine; a thrown error (never expected) becomes a message, not a crash. The same
     * input as the last run's gives the last run's result, which is never changed by its readers:
     * a round saved is the round its check just scored.
     */
    run(rounds, overrides) {
      const input = app.engineInput(rounds, overrides);
      const key = JSON.stringify(input);
      if (lastRun.key === key) return lastRun.out;
      try {
        lastRun.out = score(input);
        lastRun.key = key;
        return lastRun.out;
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
      followLink(app); // (every change is saved: the shared link shown follows it too)
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
          dealer: scored && scored.dealer !== undefined && scored.dealer !== null ? scored.dealer : app.dealerOf(editing),
          trump: scored ? scored.trump : null };
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
      return { index, editing: false, handSize: planned.handSize, dealer: app.comingDealers()[0], trump: planned.trump };
    },

    /**
     * Who deals each deal still to come, from the one being entered on: the plan's dealer, or, when
     * that seat is away, the seat the engine passes the deal on to. Away: from the deal being
     * entered, the seats away from it; from the later ones, those who have left. One engine run.
     */
    comingDealers() {
      const { state, result } = app;
      const k = state.rounds.length;
      const planned = result.schedule.slice(k);
      const gone = new Set(state.gone || []);
      const first = state.draft.edit === null ? awaySeats(app) : gone;
      if (!planned.length || (!gone.size && !first.size)) return planned.map((d) => d.dealer);
      const probe = planned.map((d, i) => {
        const seats = state.players.map((_, p) => ((i ? gone : first).has(p) ? null : 0));
        return { bids: seats, took: seats, handSize: d.handSize };
      });
      const out = app.run(state.rounds.concat(probe));
      return planned.map((d, i) => (out && out.rounds[k + i] ? out.rounds[k + i].dealer : d.dealer));
    },

    /** The engine's errors for one candidate round at index (players' numbers as given). */
    check(index, round, phase, away = new Set()) {
      // A number not typed yet goes to the engine as '' (a missing number): null in both a bid
      // and its tricks tells the engine that the seat sat the round out.
      const typed = (values) => values.map((value, p) => (value === null && !away.has(p) ? '' : value));
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
      app.gameOn();
    },

    /**
     * While a game is under way: the screen stays on (Screen Wake Lock, where the browser has
     * it) and printing the page prints the sheet, not the rules.
     */
    gameOn() {
      const on = app.state.rounds.length > 0 && !(app.result && app.result.finished);
      document.documentElement.classList.toggle('giv-sheet-game', app.state.rounds.length > 0);
      wake.want = on;
      afterPaint('wake', wake.update); // (taking or letting go of the lock is nothing the frame shows)
    },

    setSetting(key, value) {
      const meta = data.settings.find((m) => m.key === key);
      if (!meta || !settingOk(meta, value)) return false;
      const before = app.result.schedule.map((d) => d.handSize);
      app.state.settings[key] = value;
      if (PLAN_KEYS.includes(key)) replan(app, before);
      app.commit();
      app.keepFinished();
      return true;
    },

    applyPreset(settings) {
      const before = app.result.schedule.map((d) => d.handSize);
      const was = app.state.settings;
      app.state.settings = settings;
      if (PLAN_KEYS.some((key) => was[key] !== settings[key])) replan(app, before);
      app.commit();
      app.keepFinished();
    },

    setPlayerCount(count) {
      const { state } = app;
      if (state.rounds.length || count === state.players.length) return;
      const names = state.players.slice(0, count);
      while (names.length < count) names.push('');
      state.players = names;
      fitSeats(state, count);
      state.redo = null; // a round of another number of players cannot come back
      if (state.firstDealer >= count) state.firstDealer = 0;
      state.draft = blankDraft(count);
      app.commit();
    },

    setName(index, name) {
      app.state.players[index] = name.slice(0, 40);
      app.save();
      if (app.state.rounds.length) rememberPlayers(atTable(app.state)); // (a typo fixed mid-game is not offered next time)
      app.updateNames();
      app.keepFinished(); // (a finished game's line in the history names the players as they are now)
    },

    setFirstDealer(index) {
      app.state.firstDealer = index;
      app.commit();
    },

    saveRound(index, round) {
      const { state } = app;
      const editing = state.draft.edit !== null;
      const wasFinished = Boolean(app.result && app.result.finished);
      if (editing) state.rounds[index] = round;
      else state.rounds.push(round);
      if (state.rounds.length === 1 && !editing) {
        app.setupOpen = false; // the game is on: fold the setup away
        rememberPlayers(atTable(state));
      }
      state.redo = null;
      state.draft = app.nextDraft();
      app.commit({ focus: 'entry' });
      app.keepFinished();
      const parts = [t(editing ? 'roundChanged' : 'roundSaved', { round: i18n.num(index + 1) })];
      if (data.template === 'tally') parts.push(t('lossTo', { name: app.names()[round.loser] }));
      app.announceChange(parts.join(' '), wasFinished);
    },

    /**
     * The form once the deal in it is saved, cancelled or brought back by Redo: the next deal as far
     * as it was typed before an edit or an Undo put it aside (with what it put aside in turn), else blank.
     */
    nextDraft() {
      return Object.assign(blankDraft(app.playerCount()), app.state.draft.aside);
    },

    /** What a change is said to be; a change that ended the game also says who won. */
    announceChange(text, wasFinished) {
      app.announce(app.result && app.result.finished && !wasFinished ? `${text} ${app.winnerText()}` : text);
    },

    /**
     * A finished game goes into this phone's history (again, under the same id, after any change:
     * a round edited, a name, a setting, an adjustment), in the task after the next paint (see
     * afterPaint): the frame that answers the action is not its. A game no longer finished (its
     * last deal undone, a setting changed back) leaves it: the history holds finished games alone.
     */
    keepFinished() {
      afterPaint('history', app.keepNow);
    },

    /** What keepFinished puts off, done now: true when the game is in the history. */
    keepNow() {
      const kept = () => finishedGames().some((e) => e.id === app.state.id);
      if (!app.result || !app.result.finished) {
        if (kept()) {
          forget(app.state.id);
          app.renderTools();
        }
        return false;
      }
      const names = app.names();
      const standings = app.result.standings.map((s) => `${names[s.player]} ${i18n.num(s.total)}`);
      remember({ id: app.state.id, date: new Date().toISOString(), game: data.game, name: data.name, lang: data.lang,
        link: shareLink(app), result: `${app.winnerText()} (${i18n.list(standings)})`, json: toJson(app) });
      app.renderTools();
      return kept();
    },

    /**
     * The game over and kept in the history: a new one for the same table, with no question asked
     * (not kept, as in a full storage: the tools' New game asks first, as for a game under way).
     */
    nextGame() {
      if (app.keepNow()) app.newGame();
      else document.getElementById('giv-new')?.click();
    },

    editRound(index) {
      const { state } = app;
      const round = state.rounds[index];
      const before = state.draft;
      const draft = blankDraft(app.playerCount());
      draft.edit = index;
      // what was typed for the new round waits until the edit is saved or cancelled
      draft.aside = putAside(before);
      if (data.template === 'bid') {
        draft.bids = round.bids.map(typedText);
        draft.took = round.took.map(typedText);
      }
      draft.out = roundAway(round);
      state.draft = draft;
      app.commit({ focus: 'entry' });
      app.announce(t('editingRound', { round: i18n.num(index + 1) }));
    },

    cancelEdit() {
      app.state.draft = app.nextDraft();
      app.commit({ focus: 'entry' });
    },

    undoLast() {
      const { state } = app;
      const last = state.rounds.pop();
      if (!last) return;
      const draft = blankDraft(app.playerCount());
      // the next deal, half typed, waits until this one is saved again or brought back by Redo
      draft.aside = putAside(state.draft);
      if (data.template === 'bid') {
        draft.bids = last.bids.map(typedText);
        draft.took = last.took.map(typedText);
      }
      draft.out = roundAway(last);
      state.draft = draft;
      state.redo = last;
      app.commit({ focus: 'entry' });
      app.keepFinished();
      app.announce(t('undone', { round: i18n.num(state.rounds.length + 1) }));
    },

    /** Undo undone: the round taken away comes back as it was. */
    redoLast() {
      const { state } = app;
      const round = state.redo;
      if (!round || state.draft.edit !== null) return;
      const wasFinished = Boolean(app.result && app.result.finished);
      const errors = app.check(state.rounds.length, round, 'round');
      if (errors.length) {
        state.redo = null;
        app.commit({ focus: 'entry' });
        return;
      }
      state.rounds.push(round);
      state.redo = null;
      state.draft = app.nextDraft();
      app.commit({ focus: 'entry' });
      app.keepFinished();
      app.announceChange(t('redone', { round: i18n.num(state.rounds.length) }), wasFinished);
    },

    /** A new game for the players at the table (one who has left is not), with the same settings. */
    newGame() {
      const { state } = app;
      const players = atTable(state);
      while (players.length < data.spec.players.min) players.push('');
      app.state = { ...newState(data, players), settings: { ...state.settings },
        firstDealer: state.firstDealer < players.length ? state.firstDealer : 0 };
      app.commit({ focus: 'entry' });
      app.announce(t('newGameStarted'));
    },

    /** Another game replaces this one (a shared link, an imported file); this one is kept aside. */
    replaceGame(state) {
      if (storage.available) storage.backup(JSON.stringify(app.state));
      app.state = state;
      dismiss('backup');
      if (storage.available) notices.push({ id: 'backup', text: t('replacedNote'), actions: [[t('restoreBackup'), () => app.restoreBackup()]] });
      app.commit();
    },

    /** The game kept aside comes back (and the one open now is kept aside in its place). */
    restoreBackup() {
      const raw = storage.readBackup();
      let parsed = null;
      try { parsed = JSON.parse(raw); } catch { parsed = null; }
      const { state } = sanitize(data, parsed);
      dismiss('backup');
      for (const id of ['reset', 'repaired']) dismiss(id);
      if (!state) {
        notices.push({ id: 'backupBad', kind: 'bad', text: t('backupBad') });
        app.render();
        return;
      }
      storage.backup(JSON.stringify(app.state));
      app.state = state;
      app.commit();
      app.announce(t('backupRestored'));
    },

    /** A game from a JSON file this sheet exported (here or on another phone). */
    importGame(text) {
      const read = importedState(data, text);
      if (read.error) {
        app.announce(t(read.error, { name: read.name || '' }));
        app.tools.importError = t(read.error, { name: read.name || '' });
        app.renderTools();
        return;
      }
      app.tools.importError = '';
      app.replaceGame(read.state);
      app.announce(t('imported'));
    },

    winnerText() {
      const { result } = app;
      const all = app.names();
      const names = result.standings.filter((s) => s.rank === 1).map((s) => all[s.player]);
      return i18n.tn(result.finished ? 'winners' : 'leaders', names.length, { names: i18n.list(names) });
    },

    // ---- drawing ----------------------------------------------------------------------------

    /**
     * The sheet drawn again after a change: the parts whose content may have changed are made
     * again, the setup panel and the tools are kept when they can follow in place, and focus is
     * moved last, so that the page is laid out once, after every part is in. The results (the
     * standings, the rounds table and the chart, below the round being entered) follow in the task
     * after the next paint: the frame that answers an action is not theirs.
     */
    render(options = {}) {
      const active = document.activeElement;
      const focusId = active && root.contains(active) ? active.id : null;
      renderNotices();
      if (!(slots.setup.firstChild && app.syncSetup())) slots.setup.replaceChildren(setupSection(app));
      if (!slots.entry.firstChild || entryKey() !== entryShown) app.renderEntry(false);
      keepChildren(slots.events, [eventsSection(app, slots.events.firstElementChild)].filter(Boolean));
      drawLater();
      app.renderResults();
      app.renderTools(false);
      const wanted = options.focusId && document.getElementById(options.focusId);
      if (options.focus === 'entry') app.focusEntry();
      else if (options.focusId) {
        // (a button that is gone or disabled now leaves focus on its panel's summary)
        const target = wanted && !wanted.disabled ? wanted : root.querySelector('#giv-table > summary');
        if (target) target.focus();
      } else if (focusId && document.activeElement !== active) {
        const again = document.getElementById(focusId);
        if (again) again.focus();
      }
    },

    /** The round being entered, drawn again (its bid form kept: see entrySection); with focus, see focusEntry. */
    renderEntry(focus = true) {
      const shown = slots.entry.firstChild;
      const section = entrySection(app, shown);
      if (section !== shown) slots.entry.replaceChildren(section);
      entryShown = entryKey();
      if (focus) app.focusEntry();
    },

    /** The round being entered was changed in place (bids to tricks): what it shows is what it is made from now. */
    entryKept() {
      entryShown = entryKey();
    },

    /**
     * Focus on the first player still to choose in the round being entered (never on a heading:
     * on a phone that would close nothing but lose the player's place).
     */
    focusEntry() {
      const entry = slots.entry.firstChild;
      const target = entry && ['.sheet-pick.is-next .sheet-number', '.sheet-loser', '#giv-entry-go',
        '.sheet-actions button', '.sheet-entry-title'].map((q) => entry.querySelector(q)).find(Boolean);
      if (target) target.focus();
    },

    /** The tools and the history; without force, only when what they show may have changed. */
    renderTools(force = true) {
      if (!force && slots.tools.firstChild && toolsKey() === toolsShown) return;
      slots.tools.replaceChildren(toolsSection(app));
      toolsShown = toolsKey();
    },

    /** The standings, the rounds table and the chart (or only the parts named). */
    renderResults(only = null) {
      keepChildren(slots.results, resultsSections(app, sheetWidth, only));
    },
  };

  // What the round being entered is made from: the game and the form's draft (the objects
  // themselves, which its buttons write to, and what they hold), the names, and the settings and
  // results it shows; a change elsewhere (a setting it does not show) leaves the form as it is.
  const ids = new WeakMap();
  let lastId = 0;
  const identity = (object) => {
    if (!ids.has(object)) ids.set(object, (lastId += 1));
    return ids.get(object);
  };
  const entryKey = () => {
    const { state, result } = app;
    const current = app.current();
    return JSON.stringify([identity(state), identity(state.draft), { ...state, settings: null }, current, app.names(),
      result.settings.dealerHook, result.settings.lossLimit, result.settings.roundCount, result.schedule.length,
      Boolean(result.finished), current ? null : app.winnerText()]);
  };
  let entryShown = null;

  // What the tools section is made from (its history changes only through renderTools()).
  const toolsKey = () => {
    const tools = app.tools || {};
    return JSON.stringify([app.state.rounds.length > 0, tools.shared, tools.confirming, tools.importError]);
  };
  let toolsShown = null;

  // What the game's results show (the standings, the rounds table and the chart) is put off by
  // render() until the task after the next paint: the frame that answers an action is the round
  // being entered's, where the player's eyes and thumb are. The page's first frame shows the
  // standings too (the live sheet), and the whole sheet is in the page after it. The rounds table
  // or the chart off the screen (not laid out: content-visibility) stays so until it is drawn again,
  // even when the change brings it near the screen (the entry shrinking to the game-over box): the
  // browser could otherwise lay out and paint the old one in a frame of its own before the new one
  // is in.
  const offScreen = new WeakSet();
  root.addEventListener('contentvisibilityautostatechange', (event) => {
    if (event.skipped) offScreen.add(event.target);
    else offScreen.delete(event.target);
  }, true);
  const LATER = ['standings', 'rounds', 'chart'];
  const putOff = () => LATER.map((name) => app.resultParts && app.resultParts[name]).filter(Boolean);
  function drawTheRest() {
    if (app.later === null) return;
    app.later = null;
    for (const part of putOff()) part.classList.remove('is-put-off');
    app.renderResults(LATER);
    if (root.classList.contains('is-live')) return;
    root.classList.add('is-live'); // the whole sheet is in the page
    laidOut();
    if (fromLink) document.getElementById('sheet')?.scrollIntoView();
  }
  function drawLater() {
    app.later = new Set(root.classList.contains('is-live') ? LATER : LATER.filter((name) => name !== 'standings'));
    for (const part of putOff()) if (offScreen.has(part)) part.classList.add('is-put-off');
    afterPaint('rest', drawTheRest);
  }

  // Work put off until the task after the next paint, by name (the last job asked under a name
  // is the one done). A tab not shown paints no frame (requestAnimationFrame waits until it is
  // shown): there the work is done in the next task; and a tab hidden or left before the frame
  // comes does it at once, so that nothing is lost with it.
  const pending = new Map();
  let asked = false;
  function runPending() {
    asked = false;
    const jobs = Array.from(pending.values());
    pending.clear();
    for (const job of jobs) job();
  }
  function afterThisTask() {
    const channel = new MessageChannel();
    channel.port1.onmessage = runPending;
    channel.port2.postMessage(0);
  }
  function afterPaint(name, job) {
    pending.set(name, job);
    if (asked) return;
    asked = true;
    if (document.visibilityState === 'hidden') afterThisTask();
    else requestAnimationFrame(afterThisTask);
  }
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') runPending();
  });
  window.addEventListener('pagehide', runPending);

  // The sheet's width, for the chart: read once, then kept by a ResizeObserver (which redraws the
  // chart when it changes), as reading it in each redraw would force a layout in its middle.
  let width = null;
  function sheetWidth() {
    if (width === null) width = root.clientWidth;
    return width;
  }
  if ('ResizeObserver' in window) {
    new ResizeObserver(() => {
      const now = root.clientWidth; // after layout, so no extra one
      if (width !== null && now !== width && app.result) {
        width = now;
        app.renderResults(['chart']);
      } else width = now;
    }).observe(root);
  }

  /** The screen wake lock: taken while wanted and the page is shown, taken again when it comes back. */
  const wake = {
    want: false,
    lock: null,
    update() {
      if (!('wakeLock' in navigator)) return;
      if (wake.want && !wake.lock && document.visibilityState === 'visible') {
        wake.lock = 'asking';
        navigator.wakeLock.request('screen').then((lock) => {
          wake.lock = lock;
          lock.addEventListener('release', () => { if (wake.lock === lock) wake.lock = null; });
          if (!wake.want) wake.update();
        }, () => { wake.lock = null; });
      } else if (!wake.want && wake.lock && wake.lock !== 'asking') {
        const lock = wake.lock;
        wake.lock = null;
        lock.release().catch(() => {});
      }
    },
  };
  document.addEventListener('visibilitychange', () => wake.update());

  /** The notices, drawn again only when one came or went (an area put in anew is laid out anew). */
  let noticesShown = null;
  function renderNotices() {
    // a notice that holds only while something is true (an offer for a new game) goes when it stops
    for (const notice of notices.filter((n) => n.when && !n.when())) dismiss(notice.id);
    const key = notices.map(identity).join();
    if (slots.notices.firstChild && key === noticesShown) return;
    slots.notices.replaceChildren(noticeArea());
    noticesShown = key;
  }

  function noticeArea() {
    const area = h('div', { class: 'sheet-notices' });
    for (const notice of notices) {
      // a notice answered goes away with its buttons: focus goes on to the round being entered
      // (left where it fell, it would be at the top of the page, above the rules)
      const actions = (notice.actions || []).map(([label, action]) =>
        h('button', { type: 'button', class: 'sheet-button', onclick: () => {
          action();
          if (!root.contains(document.activeElement)) app.focusEntry();
        } }, label));
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
  if (loaded.notice) {
    // what could not be read is kept, and can be downloaded (to be mended, or sent to someone who can)
    const keep = () => {
      const raw = storage.readBackup() || '';
      const url = URL.createObjectURL(new Blob([raw], { type: 'application/json' }));
      const link = h('a', { href: url, download: `${data.game}-damaged.json`, hidden: true });
      document.body.append(link);
      link.click();
      link.remove();
    };
    notices.push({ id: loaded.notice, kind: 'bad', text: t(loaded.notice === 'reset' ? 'storageReset' : 'storageRepaired'),
      actions: [[t('downloadDamaged'), keep]] });
  }
  /** The last game's players, offered when this page has a new game with no names yet. */
  const before = lastPlayers();
  const newAndNameless = () => !app.state.rounds.length && app.state.players.every((n) => !n.trim());
  if (before && newAndNameless()) {
    const { min, max } = data.spec.players;
    const names = before.slice(0, max);
    if (names.length >= min) {
      notices.push({ id: 'lastPlayers', when: newAndNameless, text: t('lastPlayers', { names: i18n.list(names) }), actions: [
        [t('lastPlayersUse'), () => {
          dismiss('lastPlayers');
          // the offer is for a new game: once a round is saved or a name typed, it no longer holds
          if (!newAndNameless()) { app.render(); return; }
          app.state.players = names.slice();
          fitSeats(app.state, names.length);
          app.state.redo = null;
          if (app.state.firstDealer >= names.length) app.state.firstDealer = 0;
          app.state.draft = blankDraft(names.length);
          app.commit({ focus: 'entry' });
          app.announce(t('lastPlayersUsed'));
        }],
        [t('lastPlayersNo'), () => { dismiss('lastPlayers'); app.render(); }],
      ] });
    }
  }

  /**
   * A shared game in the URL fragment: opened at once, or after asking when a game is under way.
   * A game of this phone's own history (its Open button is such a link) is said to be that.
   */
  function openFragment() {
    if (!hasFragment(window.location.hash)) return false;
    const shared = decodeFragment(data, window.location.hash);
    history.replaceState(null, '', `${window.location.pathname}${window.location.search}#sheet`);
    for (const id of ['sharedBad', 'sharedOpened', 'sharedAsk']) dismiss(id);
    const own = shared.state && finishedGames().some((e) => e.id === shared.state.id);
    const words = own ? { ask: 'historyAsk', open: 'historyOpenAgain', opened: 'historyOpened' }
      : { ask: 'sharedAsk', open: 'sharedOpen', opened: 'sharedOpened' };
    if (!shared.state) {
      notices.push({ id: 'sharedBad', kind: 'bad', text: t('sharedBad') });
    } else if (!app.state.rounds.length || (own && app.state.id === shared.state.id)) {
      app.state = shared.state;
      notices.push({ id: 'sharedOpened', text: t(words.opened) });
    } else {
      notices.push({ id: 'sharedAsk', text: t(words.ask), actions: [
        [t(words.open), () => { dismiss('sharedAsk'); app.replaceGame(shared.state); app.announce(t(words.opened)); }],
        [t('sharedKeep'), () => { dismiss('sharedAsk'); app.render(); }],
      ] });
    }
    return true;
  }
  const fromLink = openFragment();

  root.classList.add('is-running'); // the blank sheet gives way to the live one
  status = h('p', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite' });
  const slots = {
    notices: h('div', { class: 'sheet-slot' }), setup: h('div', { class: 'sheet-slot' }),
    entry: h('div', { class: 'sheet-slot' }), events: h('div', { class: 'sheet-slot' }), results: h('div', { class: 'sheet-slot' }),
    tools: h('div', { class: 'sheet-slot' }),
  };
  root.append(status, h('div', { class: 'sheet-live' }, Object.values(slots)));

  // The page opens on the round being entered and the standings; the rounds table and the chart
  // are drawn in the task after that first paint (render() puts them off, as after every change).
  app.save();
  app.recompute();
  app.render();
  app.gameOn();

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
    app.gameOn();
  });
  return app;
}

/** The long text the page put off laying out while the sheet was drawn (giv.css) is laid out. */
function laidOut() {
  document.querySelector('.game')?.classList.add('is-laid-out');
}

function start() {
  const root = document.getElementById('sheet-app');
  const source = document.getElementById('giv-data');
  let data = null;
  try {
    data = root && source ? JSON.parse(source.textContent) : null;
  } catch {
    data = null; // the blank, printable sheet stays
  }
  if (!data) {
    laidOut();
    return;
  }
  try {
    createSheet(root, data);
  } catch (error) {
    laidOut(); // a sheet that cannot start leaves no text waiting to be laid out
    throw error;
  }
}

start();
