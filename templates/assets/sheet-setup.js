// Players and settings: how many play, their names, the first dealer, a variant preset, and a
// settings panel generated from the game's metadata (every setting, its options, its limits).
import { h } from './sheet-dom.js';
import { defaultSettings, settingOk } from './sheet-store.js';

const same = (a, b) => Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => a[k] === b[k]);

/** The game's defaults with a variant's settings on top (only settings the game offers). */
export function presetSettings(data, variant) {
  const settings = defaultSettings(data);
  for (const [key, value] of Object.entries(variant ? variant.settings : {})) {
    if (key in settings) settings[key] = value;
  }
  return settings;
}

/** The id of the preset the settings match: '' for the game's standard rules, 'custom' for none. */
function matchingPreset(data, settings) {
  if (same(settings, presetSettings(data, null))) return '';
  const hit = data.variants.find((v) => same(settings, presetSettings(data, v)));
  return hit ? hit.id : 'custom';
}

function field(id, label, control, hints) {
  return h('div', { class: 'sheet-field' }, h('label', { for: id }, label), control, hints);
}

/** The settings hint: range and step, what 0 means. */
function rangeHint(i18n, meta) {
  const { t, num } = i18n;
  const values = { min: num(meta.min), max: num(meta.max), step: num(meta.step) };
  let text = meta.step > 1 ? t('rangeStep', values) : t('range', values);
  if (meta.zeroLabel) text += ` ${t('zeroMeans', { zero: num(0), label: meta.zeroLabel })}`;
  return text;
}

/** A setting changed, and said so; one that ends the game (fewer deals, a lower limit) also says who won, as the last deal does. */
function change(app, run, text) {
  const was = Boolean(app.result && app.result.finished);
  run();
  app.announceChange(text, was);
}

/** A setting's control; `follow` gets a function that shows the stored value again when it changed. */
function settingControl(app, meta, follow) {
  const { i18n, state } = app;
  const { t } = i18n;
  const id = `giv-setting-${meta.key}`;
  const describe = `${id}-about`;
  const errorId = `${id}-error`;
  const value = state.settings[meta.key];
  const error = h('p', { class: 'sheet-field-error', id: errorId, hidden: true });
  const about = h('p', { class: 'sheet-hint', id: describe }, meta.description);
  if (meta.type === 'bool') {
    const box = h('input', { type: 'checkbox', id, 'aria-describedby': describe });
    box.checked = value === true;
    follow(() => { if (box.checked !== (app.state.settings[meta.key] === true)) box.checked = app.state.settings[meta.key] === true; });
    box.addEventListener('change', () => {
      change(app, () => app.setSetting(meta.key, box.checked), t('settingChanged', { label: meta.label }));
    });
    return h('div', { class: 'sheet-field is-check' }, box, h('label', { for: id }, meta.label), about);
  }
  if (meta.type === 'enum') {
    const select = h('select', { id, 'aria-describedby': describe },
      meta.options.map((o) => h('option', { value: o.id }, o.label)));
    select.value = value;
    follow(() => { if (select.value !== app.state.settings[meta.key]) select.value = app.state.settings[meta.key]; });
    select.addEventListener('change', () => {
      change(app, () => app.setSetting(meta.key, select.value), t('settingChanged', { label: meta.label }));
    });
    return field(id, meta.label, select, [about]);
  }
  const range = h('p', { class: 'sheet-hint', id: `${id}-range` }, rangeHint(i18n, meta));
  const input = h('input', {
    type: 'number', id, inputmode: 'numeric', min: meta.min, max: meta.max, step: meta.step,
    autocomplete: 'off', 'aria-describedby': `${id}-range ${describe} ${errorId}`, enterkeyhint: 'done',
  });
  input.value = String(value);
  follow(() => {
    // a value the state no longer holds (another preset, another game) is replaced, with its error
    if (input.value === String(app.state.settings[meta.key])) return;
    input.value = String(app.state.settings[meta.key]);
    input.removeAttribute('aria-invalid');
    error.hidden = true;
    error.textContent = '';
  });
  const apply = () => {
    const text = input.value.trim();
    const number = /^-?\d{1,6}$/.test(text) ? Number(text) : NaN;
    if (!settingOk(meta, number)) {
      input.setAttribute('aria-invalid', 'true');
      const values = { label: meta.label, min: i18n.num(meta.min), max: i18n.num(meta.max), step: i18n.num(meta.step) };
      error.textContent = t(meta.step > 1 ? 'errSettingStep' : 'errSetting', values);
      error.hidden = false;
      app.announce(error.textContent);
      return;
    }
    input.removeAttribute('aria-invalid');
    error.hidden = true;
    error.textContent = '';
    if (number !== app.state.settings[meta.key]) {
      change(app, () => app.setSetting(meta.key, number), t('settingChanged', { label: meta.label }));
    }
  };
  input.addEventListener('change', apply);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') { event.preventDefault(); apply(); }
  });
  return field(id, meta.label, input, [range, error, about]);
}

/** The panel's fields, with a function that keeps them in step with the state (see syncSetup). */
function setupFields(app) {
  const { data, i18n, state } = app;
  const { t, num } = i18n;
  const { min, max } = data.spec.players;
  const started = state.rounds.length > 0;

  const count = h('select', { id: 'giv-player-count', 'aria-describedby': 'giv-player-lock' });
  for (let n = min; n <= max; n += 1) count.append(h('option', { value: n }, num(n)));
  count.value = String(state.players.length);
  count.disabled = started;
  count.addEventListener('change', () => app.setPlayerCount(Number(count.value)));
  const lock = h('p', { class: 'sheet-hint', id: 'giv-player-lock', hidden: !started }, t('playersLocked'));

  const nameInputs = [];
  const names = h('ol', { class: 'sheet-names' }, state.players.map((name, i) => {
    const id = `giv-name-${i}`;
    const input = h('input', { type: 'text', id, autocomplete: 'off', maxlength: 40, enterkeyhint: 'next',
      placeholder: t('playerDefault', { n: num(i + 1) }), spellcheck: 'false' });
    input.value = name;
    input.addEventListener('input', () => app.setName(i, input.value));
    nameInputs.push(input);
    return h('li', {}, h('label', { for: id }, t('playerName', { n: num(i + 1) })), input);
  }));

  const dealer = h('select', { id: 'giv-first-dealer' });
  const fillDealers = () => {
    const shown = app.names();
    if (dealer.options.length !== shown.length) {
      dealer.replaceChildren(...shown.map((name, i) => h('option', { value: i, dataset: { name: String(i) } }, name)));
    } else shown.forEach((name, i) => { if (dealer.options[i].textContent !== name) dealer.options[i].textContent = name; });
    dealer.value = String(app.state.firstDealer);
  };
  fillDealers();
  dealer.addEventListener('change', () => app.setFirstDealer(Number(dealer.value)));

  const variant = h('select', { id: 'giv-variant', 'aria-describedby': 'giv-variant-hint' });
  const fillVariants = () => {
    const chosen = matchingPreset(data, app.state.settings);
    const custom = variant.querySelector('option[value="custom"]') !== null;
    if (variant.options.length && custom === (chosen === 'custom')) {
      variant.value = chosen;
      return;
    }
    // (replaceChildren, unlike h(), would add a null as a text node "null")
    variant.replaceChildren(
      h('option', { value: '' }, t('variantStandard')),
      ...data.variants.map((v) => h('option', { value: v.id }, v.name)),
      ...(chosen === 'custom' ? [h('option', { value: 'custom' }, t('variantCustom'))] : []),
    );
    variant.value = chosen;
  };
  fillVariants();
  variant.addEventListener('change', () => {
    if (variant.value === 'custom') return;
    const preset = data.variants.find((v) => v.id === variant.value) || null;
    change(app, () => app.applyPreset(presetSettings(data, preset)), t('presetApplied', { name: preset ? preset.name : t('variantStandard') }));
  });

  const follows = [];
  const players = h('fieldset', { class: 'sheet-group' }, h('legend', {}, t('players')),
    field('giv-player-count', t('playerCount'), count, [lock]), names,
    field('giv-first-dealer', t('firstDealer'), dealer, []));
  const rules = h('fieldset', { class: 'sheet-group' }, h('legend', {}, t('settings')),
    field('giv-variant', t('variant'), variant, [h('p', { class: 'sheet-hint', id: 'giv-variant-hint' }, t('variantHint'))]),
    h('div', { class: 'sheet-settings' }, data.settings.map((meta) => settingControl(app, meta, (f) => follows.push(f)))));

  /** False when the fields cannot follow (another number of players: they are made again). */
  const sync = () => {
    if (nameInputs.length !== app.state.players.length) return false;
    nameInputs.forEach((input, i) => { if (input.value !== app.state.players[i]) input.value = app.state.players[i]; });
    if (count.value !== String(app.state.players.length)) count.value = String(app.state.players.length);
    follows.forEach((f) => f());
    fillDealers();
    fillVariants();
    const locked = app.state.rounds.length > 0;
    count.disabled = locked;
    lock.hidden = !locked;
    return true;
  };
  return { element: h('div', { class: 'sheet-setup-body' }, players, rules), sync };
}

export function setupSection(app) {
  if (app.setupOpen === undefined) app.setupOpen = app.state.rounds.length === 0;
  const summary = h('summary', {}, h('span', { class: 'sheet-summary' }, app.i18n.t('setupTitle')));
  const details = h('details', { class: 'sheet-setup', id: 'giv-setup', open: app.setupOpen }, summary);
  // A game under way opens with the panel folded: its fields are made when it is first unfolded
  // (on the summary's click, before the panel opens, so that it opens with them in it).
  let fields = null;
  const fill = () => {
    if (fields) return;
    fields = setupFields(app);
    details.append(fields.element);
  };
  if (app.setupOpen) fill();
  summary.addEventListener('click', () => {
    app.setupOpen = !details.open; // (what this click does to the panel: 'toggle' tells it a task later)
    fill();
  });
  details.addEventListener('toggle', () => {
    app.setupOpen = details.open;
    if (details.open) fill(); // (opened another way: find in page)
  });

  /**
   * Keeps the panel in step with the state without rebuilding it (so typing in it is never
   * interrupted); false when it cannot (another number of players: the panel is made again).
   */
  app.syncSetup = () => {
    if (fields && !fields.sync()) return false;
    if (app.setupOpen) fill();
    if (details.open !== app.setupOpen) details.open = app.setupOpen;
    return true;
  };
  return details;
}
