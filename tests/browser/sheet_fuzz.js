// The in-page driver of test_sheet_fuzz.py, added to every page of the test's browser context as
// an init script (so the page's CSP does not apply to it). It drives the live sheet through the
// controls a person uses: text goes into the focused field with the browser's own editing commands
// (typing one character at a time, pasting a whole string, deleting, all firing real `input`
// events and honouring `maxlength`), buttons are clicked, selects and checkboxes change, Enter is a
// keydown that, when nothing handles it, submits the form as the browser's implicit submission
// does. Every random choice comes from the Python side (a seeded random.Random), as numbers in
// [0, 1) handed in with each action, so a run is reproducible from its seed.
//
// window.__givFuzz.runJob(segments) runs sessions' actions (run(actions, settle) for each), one by
// one, and checks the sheet after each:
// no uncaught error, no text or attribute showing NaN / undefined / null / [object / Infinity, no
// "unexpected error" message (the sheet's catch-all for an engine exception), the stored game
// parses and passes the sheet's own sanitize() without repair, and the page agrees with it.
(() => {
  // The words on their own ("Annullér" is Danish for "Cancel"); "[object" anywhere.
  const BAD = /(?<!\p{L})(?:NaN|undefined|null|Infinity)(?!\p{L})|\[object/u;
  const bad = (text) => { const m = BAD.exec(text); return m ? m[0] : null; };
  const pending = [];       // errors and announcements not yet checked
  const downloads = [];     // blobs handed to URL.createObjectURL (the CSV and JSON exports)
  window.addEventListener('error', (e) => pending.push({ error: `uncaught: ${e.message} at ${e.filename}:${e.lineno}` }));
  window.addEventListener('unhandledrejection', (e) => {
    const reason = e.reason;
    pending.push({ error: `unhandled rejection: ${reason && reason.stack ? reason.stack : String(reason)}` });
  });
  const createObjectURL = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (blob) => { downloads.push(blob); return createObjectURL(blob); };

  const $ = (sel) => document.querySelector(sel);
  const $$ = (sel) => Array.from(document.querySelectorAll(sel));
  const pick = (list, r) => (list.length ? list[Math.min(list.length - 1, Math.floor(r * list.length))] : null);
  // The option of a <select> that r points at, chosen as a person does: set, then 'change'. Its value.
  const choose = (select, r) => {
    const { value } = pick(Array.from(select.options), r);
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    return value;
  };
  const sleep = (ms) => new Promise((resolve) => { window.setTimeout(resolve, ms); });
  // The next frame painted and the task after it (where the sheet draws what it put off).
  const painted = () => new Promise((resolve) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(0);
  }));
  const enabled = (el) => el && !el.disabled && !el.closest('[hidden]');

  let mods = null;
  let observed = null;

  function pageData() {
    return JSON.parse(document.getElementById('giv-data').textContent);
  }

  /** The sheet's own modules (the same instances the page runs). */
  async function modules() {
    if (!mods) {
      const src = $('script[type="module"][src*="sheet.js"]').src;
      const [store, engine] = await Promise.all([import(new URL('sheet-store.js', src).href),
        import(new URL('engine.js', src).href)]);
      mods = { store, engine, data: pageData() };
    }
    return mods;
  }

  function describe(el) {
    if (!el) return 'nothing';
    if (el.id) return `#${el.id}`;
    const d = el.dataset || {};
    if (d.field) return `${el.tagName.toLowerCase()}[${d.field} r${d.round} p${d.player}]`;
    const text = (el.textContent || '').trim().slice(0, 30);
    return `${el.tagName.toLowerCase()}.${el.className} "${text}"`;
  }

  /** Every message the sheet announces (set 30 ms after the change, so watched, not polled). */
  function watchStatus() {
    const status = $('#sheet-app [role="status"]');
    if (!status || observed === status) return;
    observed = status;
    new MutationObserver(() => {
      if (status.textContent) pending.push({ announced: status.textContent });
    }).observe(status, { childList: true, characterData: true, subtree: true });
  }

  function stored(data) {
    const raw = localStorage.getItem(data.storageKey);
    return raw === null ? null : JSON.parse(raw);
  }

  // ---- editing text as a person does -----------------------------------------------------------

  function keydownEnter(el) {
    const event = new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true, cancelable: true });
    el.dispatchEvent(event);
    // Nothing took the key: a text field in a form submits it (the browser's implicit submission).
    if (!event.defaultPrevented && el.isConnected && el.form) {
      const submit = el.form.querySelector('button[type="submit"]');
      if (submit && !submit.disabled) el.form.requestSubmit(submit);
    }
  }

  /**
   * Text into a field: 'type' (select all, then one insertText per character), 'paste' (select
   * all, one insertText with the whole string), 'append' (one insertText at the end), 'delete'
   * (select all, delete), 'backspace' (delete one character), 'raw' (value set and an `input`
   * event, cut to maxlength as the browser would).
   */
  function edit(el, text, mode) {
    const command = (name, value) => document.execCommand(name, false, value);
    if (mode !== 'raw' && document.activeElement !== el) el.focus();
    if (mode === 'raw') {
      el.value = el.maxLength >= 0 ? text.slice(0, el.maxLength) : text;
      el.dispatchEvent(new Event('input', { bubbles: true }));
      return;
    }
    if (mode === 'append') {
      if (el.type !== 'number') el.setSelectionRange(el.value.length, el.value.length);
    } else if (mode !== 'backspace') command('selectAll');
    if (mode === 'delete' || mode === 'backspace') { command('delete'); return; }
    if (mode === 'type') {
      for (const ch of text) {
        if (!el.isConnected) return; // a keystroke redrew the form: the rest goes nowhere
        command('insertText', ch);
      }
      return;
    }
    if (text === '') command('delete');
    else command('insertText', text);
  }

  // ---- the actions -------------------------------------------------------------------------

  // The round's rows: one per player, each a group of number buttons (0 to the hand size).
  const countRows = () => $$('#sheet-app .sheet-entry .sheet-pick');
  const rowButtons = (row) => Array.from(row.querySelectorAll('button.sheet-number'));
  const rowValue = (row) => { const b = row.querySelector('button.sheet-number[aria-pressed="true"]'); return b ? b.dataset.value : ''; };
  /** Keys typed on a keyboard into a row's buttons (digits choose; anything else is ignored). */
  function typeInto(row, text) {
    for (const key of text) {
      const target = row.querySelector('button.sheet-number[aria-pressed="true"]') || rowButtons(row)[0];
      if (!target || !target.isConnected) return;
      target.focus();
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }
  }

  function openSetup() {
    const setup = $('#giv-setup');
    if (setup && !setup.open) $('#giv-setup > summary').click();
  }

  /** The round in the form: its index (0-based), hand size, dealer and phase; null when none. */
  async function currentRound() {
    const { engine, data } = await modules();
    const rows = countRows();
    if (!rows.length) return null;
    const state = stored(data);
    const first = rowButtons(rows[0])[0];
    const index = Number(first.dataset.round) - 1;
    const phase = first.dataset.field;
    let hand;
    if (index < state.rounds.length) hand = state.rounds[index].handSize;
    else {
      const names = state.players.map((name, i) => name.trim() || `Player ${i + 1}`);
      const out = engine.score({ template: data.template, spec: data.spec, settings: state.settings, players: names,
        firstDealer: state.firstDealer, rounds: state.rounds, handSizes: state.handSizes, carryIn: state.carryIn });
      hand = out.schedule[index].handSize;
    }
    const dealerRow = $('#sheet-app .sheet-entry .sheet-pick.is-dealer');
    const dealer = dealerRow ? Number(dealerRow.dataset.player) : null;
    const hook = $('#giv-hook-hint');
    return { index, hand, dealer, phase, hookOn: !!hook && !hook.hidden, n: state.players.length };
  }

  /** Fills the form's step with numbers that fit (now and then the dealer's forbidden bid). */
  async function playValid(a) {
    const { data } = await modules();
    const rr = (i) => a.r[i % a.r.length];
    if (data.template === 'tally') {
      const button = pick($$('#sheet-app .sheet-entry button[data-field="loser"]'), rr(0));
      if (!button) return 'valid: no deal to enter';
      button.click();
      return `valid: ${describe(button)} lost`;
    }
    const log = [];
    for (let step = 0; step < 2; step += 1) {
      const round = await currentRound();
      if (!round) { log.push('no round to enter'); break; }
      const inputs = countRows();
      const values = {};
      if (round.phase === 'bid') {
        for (const el of inputs) values[el.dataset.player] = Math.floor(rr(el.dataset.player * 3 + 1) * (round.hand + 1));
        if (round.hookOn && rr(2) > 0.15) {
          const others = Object.entries(values).filter(([p]) => Number(p) !== round.dealer).reduce((s, [, v]) => s + v, 0);
          if (values[round.dealer] === round.hand - others) values[round.dealer] = (values[round.dealer] + 1) % (round.hand + 1);
        }
      } else {
        for (const el of inputs) values[el.dataset.player] = 0;
        for (let trick = 0; trick < round.hand; trick += 1) values[pick(inputs, rr(trick + 5)).dataset.player] += 1;
      }
      // Mostly tapped; now and then typed on a keyboard.
      const mode = rr(step + 3) < 0.15 ? 'type' : 'tap';
      for (const row of countRows()) {
        const value = String(values[row.dataset.player]);
        if (mode === 'type' && value.length === 1) typeInto(row, value);
        else rowButtons(row).find((b) => b.dataset.value === value).click();
      }
      $('#sheet-app .sheet-entry button[type="submit"]').click();
      log.push(`round ${round.index + 1} ${round.phase} ${JSON.stringify(values)} (hand ${round.hand})`);
      if (round.phase === 'took' || rr(7) < 0.45) break;
    }
    return `valid: ${log.join('; ')}`;
  }

  async function settingAction(a) {
    const controls = $$('#sheet-app [id^="giv-setting-"]').filter((el) => ['INPUT', 'SELECT'].includes(el.tagName));
    const el = pick(controls, a.r[0]);
    if (!el) return 'setting: none';
    openSetup();
    if (el.type === 'checkbox') { el.click(); return `setting ${describe(el)} clicked -> ${el.checked}`; }
    if (el.tagName === 'SELECT') {
      return `setting ${describe(el)} = ${choose(el, a.r[1])}`;
    }
    const min = Number(el.min);
    const max = Number(el.max);
    const step = Number(el.step) || 1;
    let text = a.v;
    if (text === '@valid') text = String(min + step * Math.floor(a.r[1] * ((max - min) / step + 1)));
    if (text === '@edge') text = String(pick([min, max, max + step, min - step, max + 1, min + 1], a.r[1]));
    edit(el, text, a.m);
    const how = a.r[2] < 0.5 ? 'Enter' : 'change';
    if (el.isConnected) {
      if (how === 'Enter') keydownEnter(el);
      else el.dispatchEvent(new Event('change', { bubbles: true }));
    }
    return `setting ${describe(el)} ${a.m} ${JSON.stringify(text)} + ${how} -> value ${JSON.stringify(el.value)}`;
  }

  async function shareLink() {
    const button = $('#giv-share');
    if (!button) return null;
    button.click();
    await sleep(0);
    const input = $('#giv-share-link');
    return input ? input.value : null;
  }

  async function hashAction(a) {
    let hash;
    if (a.m === 'share') {
      const link = await shareLink();
      if (!link) return 'hash: no link';
      hash = new URL(link).hash;
    } else hash = `#game=${a.v}`;
    const changed = new Promise((resolve) => { window.addEventListener('hashchange', resolve, { once: true }); });
    window.location.hash = hash;
    await Promise.race([changed, sleep(200)]);
    await sleep(0);
    return `hash ${a.m} ${hash.slice(0, 60)}${hash.length > 60 ? '...' : ''}`;
  }

  async function exportAction(a) {
    const { data } = await modules();
    const button = pick([$('#giv-csv'), $('#giv-json')], a.r[0]);
    if (!enabled(button)) return `export: ${describe(button)} disabled`;
    downloads.length = 0;
    button.click();
    const blob = downloads.pop();
    if (!blob) return `export ${describe(button)}: no download`;
    const text = await blob.text();
    if (button.id === 'giv-json') {
      const out = JSON.parse(text); // throws (and fails the run) when it does not parse
      const totals = out.result.totals;
      if (!Array.isArray(totals) || !totals.every(Number.isFinite) || out.game !== data.game) {
        pending.push({ problem: `JSON export: bad totals ${JSON.stringify(totals)}` });
      }
    } else {
      if (bad(text)) pending.push({ problem: `CSV export shows ${bad(text)}: ${text.slice(0, 200)}` });
    }
    return `export ${describe(button)} (${text.length} chars)`;
  }

  async function act(a) {
    const rr = (i) => a.r[i % a.r.length];
    switch (a.k) {
      case 'setup': {
        const log = [];
        const fresh = $('#giv-new');
        if (enabled(fresh)) { fresh.click(); $('#giv-new-yes').click(); log.push('new game'); }
        openSetup();
        const count = $('#giv-player-count');
        if (enabled(count) && count.value !== String(a.n)) {
          count.value = String(a.n);
          count.dispatchEvent(new Event('change', { bubbles: true }));
          log.push(`players ${a.n}`);
        }
        a.names.forEach((name, i) => {
          const input = $(`#giv-name-${i}`);
          if (input && name !== null) edit(input, name, a.modes[i]);
        });
        log.push(`names ${JSON.stringify(a.names)}`);
        if (rr(8) < 0.5) {
          log.push(`first dealer ${choose($('#giv-first-dealer'), rr(0))}`);
        }
        if (rr(9) < 0.4) {
          log.push(`variant ${JSON.stringify(choose($('#giv-variant'), rr(10)))}`);
        }
        return `setup: ${log.join(', ')}`;
      }
      case 'count': {
        const row = pick(countRows(), rr(0));
        if (!row) return 'count: no field';
        const button = rowButtons(row).find((b) => b.dataset.value === a.v);
        if (button && a.m !== 'type') button.click();
        else typeInto(row, a.v);
        return `count p${row.dataset.player} ${a.m} ${JSON.stringify(a.v)} -> ${JSON.stringify(rowValue(row))}`;
      }
      case 'enter': {
        // Enter on a focused number button presses it, as the browser does
        const row = pick(countRows(), rr(0));
        const button = row ? pick(rowButtons(row), rr(1)) : null;
        if (!button) return 'enter: no field';
        button.focus();
        button.click();
        return `Enter on ${describe(button)}`;
      }
      case 'submit': {
        const button = $('#sheet-app .sheet-entry button[type="submit"]');
        if (!button) return 'submit: none';
        button.click();
        const error = $('#giv-entry-error');
        return `submit -> ${error ? JSON.stringify(error.textContent.slice(0, 120)) : 'no error box'}`;
      }
      case 'valid':
        return playValid(a);
      case 'back': {
        const submit = $('#sheet-app .sheet-entry button[type="submit"]');
        const inTricks = countRows().some((row) => rowButtons(row)[0].dataset.field === 'took');
        const button = submit && inTricks ? submit.nextElementSibling : null;
        if (!button) return 'back: not in the tricks step';
        button.click();
        return `back to bids: ${describe(button)}`;
      }
      case 'edit': {
        const button = pick($$('#sheet-app button[id^="giv-edit-"]'), rr(0));
        if (!button) return 'edit: none';
        button.click();
        return `edit ${describe(button)}`;
      }
      case 'cancel': {
        const editing = $('#sheet-app .sheet-row.is-editing');
        const buttons = $$('#sheet-app .sheet-entry .sheet-actions button[type="button"]:not([id])');
        const button = editing ? buttons[buttons.length - 1] : null;
        if (!button) return 'cancel: not editing';
        button.click();
        return `cancel ${describe(button)}`;
      }
      case 'undo': {
        const button = $('#giv-undo');
        if (!button) return 'undo: none';
        button.click();
        return 'undo';
      }
      case 'setting':
        return settingAction(a);
      case 'variant': {
        openSetup();
        return `variant ${JSON.stringify(choose($('#giv-variant'), rr(0)))}`;
      }
      case 'name': {
        openSetup();
        const el = pick($$('#sheet-app input[id^="giv-name-"]'), rr(0));
        edit(el, a.v, a.m);
        return `name ${describe(el)} ${a.m} ${JSON.stringify(a.v)} -> ${JSON.stringify(el.value)}`;
      }
      case 'players': {
        openSetup();
        const count = $('#giv-player-count');
        if (!enabled(count)) return 'players: locked';
        return `players ${choose(count, rr(0))}`;
      }
      case 'dealer': {
        openSetup();
        return `first dealer ${choose($('#giv-first-dealer'), rr(0))}`;
      }
      case 'panel':
        $('#giv-setup > summary').click();
        return `panel ${$('#giv-setup').open ? 'opened' : 'closed'}`;
      case 'share': {
        const { store, data } = await modules();
        const link = await shareLink();
        if (!link) return 'share: none';
        const shared = store.decodeFragment(data, new URL(link).hash).state;
        const now = stored(data);
        // the same game, whatever order its keys were written in (a round's adjust comes last when added later)
        const canon = (v) => JSON.stringify(v, (_, x) => (x && typeof x === 'object' && !Array.isArray(x)
          ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : x));
        if (!shared || canon([shared.players, shared.rounds, shared.settings, shared.firstDealer])
            !== canon([now.players, now.rounds, now.settings, now.firstDealer])) {
          pending.push({ problem: `share link does not hold the game: ${link}` });
        }
        return `share (${link.length} chars)`;
      }
      case 'hash':
        return hashAction(a);
      case 'table': {
        // the table panel (sheet-events.js): a field typed into or a list chosen from, then a button
        const panel = $('#giv-table');
        if (!panel) return 'table: none';
        if (!panel.open) panel.querySelector('summary').click(); // opened as a person does (its parts are made then)
        const fields = $$('#giv-table input[type="text"]');
        const field = fields.length && rr(1) < 0.6 ? pick(fields, rr(2)) : null;
        if (field) edit(field, a.v, a.m);
        const lists = $$('#giv-table select');
        const list = lists.length && rr(3) < 0.4 ? pick(lists, rr(4)) : null;
        if (list) choose(list, rr(5));
        const button = pick($$('#giv-table button').filter(enabled), rr(0));
        if (!button) return 'table: no button';
        button.click();
        return `table ${field ? `${describe(field)} ${JSON.stringify(a.v)} ` : ''}${list ? `${describe(list)}=${list.value} ` : ''}button ${describe(button)}`;
      }
      case 'notice': {
        const button = pick($$('#sheet-app .sheet-notice button'), rr(0));
        if (!button) return 'notice: none';
        button.click();
        return `notice button ${describe(button)}`;
      }
      case 'export':
        return exportAction(a);
      case 'new': {
        const button = $('#giv-new');
        if (!enabled(button)) return 'new: disabled';
        button.click();
        const answer = rr(1) < 0.6 ? $('#giv-new-yes') : $('#giv-new-no');
        answer.click();
        return `new game: ${describe(answer)}`;
      }
      default:
        throw new Error(`unknown action ${a.k}`);
    }
  }

  // ---- the checks --------------------------------------------------------------------------

  /** The checks; the attribute scan (slower) only when full (at the end of a session). */
  async function check(full = true) {
    const { store, data } = await modules();
    const problems = [];
    const root = document.getElementById('sheet-app');
    const unexpected = data.strings.errUnexpected;
    for (const item of pending.splice(0)) {
      if (item.error) problems.push(item.error);
      if (item.problem) problems.push(item.problem);
      if (item.announced) {
        if (bad(item.announced)) problems.push(`announced ${JSON.stringify(item.announced)}`);
        if (unexpected && item.announced.includes(unexpected)) problems.push(`announced the unexpected-error message: ${item.announced}`);
      }
    }
    if (!root.classList.contains('is-live') || !root.querySelector('.sheet-entry')) problems.push('the live sheet is gone');
    // Cheap test on all the text first; the walk (text node by text node, so that two texts
    // side by side cannot make a word) only when it finds something.
    const all = root.textContent;
    if (bad(all) || (unexpected && all.includes(unexpected))) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const token = bad(node.data);
        if (token) problems.push(`text shows ${token}: ${JSON.stringify(node.data.slice(0, 100))} in ${describe(node.parentElement)}`);
        if (unexpected && node.data.includes(unexpected)) problems.push(`the unexpected-error message is shown in ${describe(node.parentElement)}`);
      }
    }
    const withAttributes = full ? root.querySelectorAll('*')
      : root.querySelectorAll('[data-value], [data-forbidden], [aria-label], svg *');
    for (const el of withAttributes) {
      for (const attr of el.attributes) {
        const token = bad(attr.value);
        if (token) problems.push(`attribute ${attr.name}=${JSON.stringify(attr.value.slice(0, 100))} of ${describe(el)} shows ${token}`);
      }
    }
    for (const el of root.querySelectorAll('select, input[readonly]')) {
      if (bad(el.value)) problems.push(`${describe(el)} value shows ${bad(el.value)}`);
    }
    // The stored game: there, JSON, and accepted by the sheet's own reader without repair.
    const raw = localStorage.getItem(data.storageKey);
    let state = null;
    if (raw === null) problems.push('nothing stored');
    else {
      try {
        const read = store.sanitize(data, JSON.parse(raw));
        if (!read.state) problems.push(`stored game unreadable: ${raw.slice(0, 300)}`);
        else if (read.repaired) problems.push(`stored game needs repair: ${raw.slice(0, 300)}`);
        state = JSON.parse(raw);
      } catch (error) {
        problems.push(`stored game is not JSON (${error.message}): ${raw.slice(0, 300)}`);
      }
    }
    // (a panel folded since the page opened has no fields yet: they are made when it unfolds)
    if (state && $('#giv-setup .sheet-setup-body')) {
      const count = $('#giv-player-count');
      if (count && count.value !== String(state.players.length)) problems.push(`player count shows ${count.value}, stored ${state.players.length}`);
      state.players.forEach((name, i) => {
        const input = $(`#giv-name-${i}`);
        if (!input) problems.push(`no name field ${i}`);
        else if (input.value !== name) problems.push(`name field ${i} shows ${JSON.stringify(input.value)}, stored ${JSON.stringify(name)}`);
      });
      if ($(`#giv-name-${state.players.length}`)) problems.push('a name field too many');
    }
    if (state) {
      if (!root.querySelector('.sheet-problems') || root.querySelector('.sheet-standings')) {
        // (a played round's row; a note row under it and the Start row above are not rounds)
        // (the sheet draws its rounds table in the task after the next paint: read once it is drawn)
        const rows = () => $$(`#sheet-app .sheet-table.is-${data.template} tbody tr.is-played`).length;
        if (rows() !== state.rounds.length) await painted();
        if (rows() !== state.rounds.length) problems.push(`${rows()} rounds shown, ${state.rounds.length} stored`);
      }
    }
    return problems;
  }

  /** What must survive a reload: the stored game and what the sheet derives from it. */
  async function snapshot() {
    const { data } = await modules();
    openSetup(); // (the names and the number of players, as a person reads them: unfolded)
    await sleep(0);
    await painted(); // (the rounds table and the chart as drawn after the last change)
    return {
      stored: localStorage.getItem(data.storageKey),
      names: $$('#sheet-app input[id^="giv-name-"]').map((el) => el.value),
      count: $('#giv-player-count') ? $('#giv-player-count').value : null,
      cells: $$('#sheet-app [data-field]:not(input):not(button)').map((el) => {
        const d = el.dataset;
        return `${d.field} r${d.round} p${d.player} = ${d.value !== undefined ? d.value : el.textContent}`;
      }),
      entry: countRows().map((row) => `${describe(rowButtons(row)[0])}=${rowValue(row)}`),
      notices: $$('#sheet-app .sheet-notice.is-bad').map((el) => el.textContent),
    };
  }

  async function run(actions, settle) {
    await modules();
    watchStatus();
    const log = [];
    for (const a of actions) {
      let line;
      try {
        line = await act(a);
      } catch (error) {
        log.push(`${a.k}: driver error ${error.stack || error}`);
        return { log, problems: [`action threw: ${error.message}`] };
      }
      log.push(line);
      watchStatus();
      const problems = await check(false);
      if (problems.length) return { log, problems };
    }
    // Announcements arrive 30 ms after a change; the next run checks them, or, before a reload,
    // this one after waiting for them.
    if (settle) await sleep(40);
    return { log, problems: await check(true) };
  }

  /**
   * Runs segments ({session, actions}) one after the other; stops at the first problem. Returns
   * {logs: [{session, log}], problems, failed: session or null}. Announcements come 30 ms after a
   * change, so they are checked at the next check after that (at the latest at the end of the job).
   */
  async function runJob(segments) {
    const out = { logs: [], problems: [], failed: null };
    for (const [i, segment] of segments.entries()) {
      const result = await run(segment.actions, i === segments.length - 1);
      out.logs.push({ session: segment.session, log: result.log });
      if (result.problems.length) {
        out.problems = result.problems;
        out.failed = segment.session;
        break;
      }
    }
    return out;
  }

  window.__givFuzz = { run, runJob, snapshot, check };
})();
