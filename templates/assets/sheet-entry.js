// The round being entered (or a past round being edited): bids first, then tricks, for the bid
// template; who lost the deal for the tally template. Numbers are refused with a message in the
// page's language, chosen from the engine's error codes; nothing is saved until the round is right.
import { h, hook } from './sheet-dom.js';

const TRUMPS = ['turnUp', 'hearts', 'diamonds', 'clubs', 'spades', 'none'];

/** A typed count: {value: whole number | null, empty: bool}. Only plain digits are a number. */
export function parseCount(text) {
  const clean = String(text).trim();
  if (clean === '') return { value: null, empty: true };
  return { value: /^\d{1,4}$/.test(clean) ? Number(clean) : null, empty: false };
}

export function trumpText(t, trump) {
  return TRUMPS.includes(trump) ? t(`trump_${trump}`) : '';
}

/** The message for one engine error, in the page's language. */
export function errorText(app, error, context = {}) {
  const { t, num } = app.i18n;
  const names = app.names();
  const name = error.player !== null && error.player !== undefined ? names[error.player] : '';
  const hand = context.handSize !== undefined && context.handSize !== null ? num(context.handSize) : '';
  const raw = context.raw || {};
  switch (error.code) {
    case 'bidRange':
      return t(raw.bids && raw.bids[error.player] === '' ? 'errBidMissing' : 'errBidRange', { name, hand });
    case 'tookRange':
      return t(raw.took && raw.took[error.player] === '' ? 'errTookMissing' : 'errTookRange', { name, hand });
    case 'tricksSum': {
      const sum = (context.took || []).reduce((a, b) => a + (b || 0), 0);
      return t('errTricksSum', { sum: num(sum), hand });
    }
    case 'dealerHook':
      return t('errDealerHook', { name, bid: num((context.bids || [])[error.player] ?? 0), hand });
    case 'tooManyRounds':
      return t('errTooMany');
    case 'handSizeRange':
      return t('errHandSize');
    case 'loserRange':
      return t('errLoser');
    case 'playerCount':
      return t('errPlayerCount', { min: num(app.data.spec.players.min), max: num(app.data.spec.players.max) });
    case 'badSetting': {
      const meta = app.data.settings.find((m) => m.key === error.setting);
      return t('errSettingBad', { label: meta ? meta.label : error.setting });
    }
    default:
      return t('errUnexpected');
  }
}

function roundFacts(app, current) {
  const { t, tn } = app.i18n;
  const names = app.names();
  const facts = [];
  if (current.handSize === null) return null; // a tally deal has no hand size, dealer or trump to show
  facts.push(tn('cards', current.handSize));
  facts.push(t('dealerIs', { name: names[current.dealer] }));
  if (current.trump) facts.push(t('trumpIs', { trump: trumpText(t, current.trump) }));
  return h('p', { class: 'sheet-facts' }, facts.map((text) => h('span', {}, text)));
}

function title(app, current) {
  const { t, num } = app.i18n;
  const { data, result } = app;
  const round = num(current.index + 1);
  let text;
  if (current.editing) text = t(data.template === 'tally' ? 'editingDeal' : 'editingRound', { round });
  else if (data.template === 'tally') {
    const count = result.settings.roundCount;
    text = count > 0 ? t('dealOf', { round, count: num(count) }) : t('dealNumber', { round });
  } else text = t('roundOf', { round, count: num(result.schedule.length) });
  return h('h3', { class: 'sheet-entry-title', id: 'giv-entry-title', tabindex: '-1' }, text);
}

function errorBox() {
  return h('div', { class: 'sheet-error', id: 'giv-entry-error', role: 'alert' });
}

function showErrors(box, messages) {
  box.replaceChildren(...(messages.length ? [h('ul', {}, messages.map((m) => h('li', {}, m)))] : []));
}

function actionsRow(app, current, primary) {
  const { t } = app.i18n;
  const buttons = [primary];
  if (current && current.editing) {
    buttons.push(h('button', { type: 'button', class: 'sheet-button', onclick: () => app.cancelEdit() }, t('cancelEdit')));
  }
  if (app.state.rounds.length && (!current || !current.editing)) {
    const word = app.data.template === 'tally' ? 'undoDeal' : 'undoRound';
    buttons.push(h('button', { type: 'button', class: 'sheet-button', id: 'giv-undo', onclick: () => app.undoLast() }, t(word)));
  }
  return h('div', { class: 'sheet-actions' }, buttons);
}

// ---- bid template ----------------------------------------------------------------------------

function bidForm(app, current) {
  const { data, state, i18n } = app;
  const { t, num } = i18n;
  const n = app.playerCount();
  const names = app.names();
  const draft = state.draft;
  const phase = draft.phase;
  const roundNo = current.index + 1;
  const hand = current.handSize;
  const hookOn = app.result.settings.dealerHook === true;
  const order = Array.from({ length: n }, (_, i) => (current.dealer + 1 + i) % n); // dealer bids last
  const box = errorBox();
  const inputs = { bid: [], took: [] };
  const hookHint = h('p', { class: 'sheet-hook', id: 'giv-hook-hint', hidden: !hookOn || phase !== 'bid' });
  const sumHint = h('p', { class: 'sheet-sum', id: 'giv-sum-hint', 'aria-live': 'off' });

  const parsed = (field) => draft[field === 'bid' ? 'bids' : 'took'].map((x) => parseCount(x).value);

  function refreshHints() {
    const bids = parsed('bid');
    if (hookOn) {
      const others = order.slice(0, -1).map((p) => bids[p]);
      if (others.some((b) => b === null)) {
        hookHint.dataset.forbidden = '';
        hookHint.textContent = t('hookLater', { name: names[current.dealer], hand: num(hand) });
      } else {
        const forbidden = hand - others.reduce((a, b) => a + b, 0);
        hookHint.textContent = forbidden >= 0 && forbidden <= hand
          ? t('hookForbidden', { name: names[current.dealer], bid: num(forbidden) })
          : t('hookFree', { name: names[current.dealer] });
        hookHint.dataset.forbidden = forbidden >= 0 && forbidden <= hand ? String(forbidden) : '';
      }
    }
    const field = phase === 'bid' ? 'bid' : 'took';
    const values = parsed(field);
    const sum = values.reduce((a, b) => a + (b || 0), 0);
    sumHint.textContent = t(field === 'bid' ? 'bidsSoFar' : 'tricksSoFar', { sum: num(sum), hand: num(hand) });
  }

  function countInput(player, field) {
    const list = field === 'bid' ? draft.bids : draft.took;
    const label = t(field === 'bid' ? 'bidOf' : 'tookOf', { name: names[player] });
    const described = ['giv-entry-error'];
    if (field === 'bid' && player === current.dealer && hookOn) described.unshift('giv-hook-hint');
    const input = h('input', {
      type: 'text', inputmode: 'numeric', pattern: '[0-9]*', autocomplete: 'off', maxlength: 4,
      id: `giv-${field}-${player}`, class: 'sheet-count', 'aria-label': label,
      'aria-describedby': described.join(' '), enterkeyhint: 'next', dataset: hook(roundNo, player, field),
    });
    input.value = list[player];
    input.addEventListener('input', () => {
      list[player] = input.value.slice(0, 4);
      input.removeAttribute('aria-invalid');
      app.save();
      refreshHints();
    });
    input.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return;
      const row = inputs[field];
      const at = row.indexOf(input);
      const next = row.slice(at + 1).find((el) => el.value.trim() === '');
      if (next) { event.preventDefault(); next.focus(); }
    });
    inputs[field][order.indexOf(player)] = input;
    return input;
  }

  const rows = order.map((p) => {
    const isDealer = p === current.dealer;
    const name = h('th', { scope: 'row', class: 'sheet-player' }, h('span', { class: 'sheet-name' }, names[p]),
      isDealer ? h('span', { class: 'sheet-badge' }, t('dealerBadge')) : null);
    const bidCell = phase === 'bid'
      ? h('td', {}, countInput(p, 'bid'))
      : h('td', { class: 'sheet-fixed', dataset: hook(roundNo, p, 'bid') }, num(parsed('bid')[p] ?? 0));
    const tookCell = phase === 'took' ? h('td', {}, countInput(p, 'took')) : h('td', { class: 'sheet-later' }, '–');
    return h('tr', { class: isDealer ? 'is-dealer' : null }, name, bidCell, tookCell);
  });

  const table = h('table', { class: 'sheet-entry-table' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('player')), h('th', { scope: 'col' }, t('bid')),
      h('th', { scope: 'col' }, t('took')))),
    h('tbody', {}, rows));

  const submit = h('button', { type: 'submit', class: 'sheet-button is-primary' },
    phase === 'bid' ? t('toTricks') : t(current.editing ? 'saveChanges' : 'saveRound'));
  const actions = actionsRow(app, current, submit);
  if (phase === 'took') {
    actions.insertBefore(h('button', { type: 'button', class: 'sheet-button', onclick: () => {
      draft.phase = 'bid';
      app.save();
      app.render({ focus: 'entry', setup: false });
    } }, t('backToBids')), submit.nextSibling);
  }

  const form = h('form', { class: 'sheet-form', novalidate: true, 'aria-labelledby': 'giv-entry-title' },
    h('p', { class: 'sheet-step' }, t(phase === 'bid' ? 'stepBids' : 'stepTricks')),
    table, hookHint, sumHint, box, actions);

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const bids = parsed('bid');
    const took = phase === 'took' ? parsed('took') : bids.map(() => null);
    const candidate = { bids, took, handSize: hand };
    const errors = app.check(current.index, candidate, phase);
    if (errors.length) {
      const context = { handSize: hand, bids, took, raw: { bids: draft.bids, took: draft.took } };
      showErrors(box, errors.map((e) => app.errorText(e, context)));
      let first = null;
      for (const e of errors) {
        const field = e.code === 'bidRange' || e.code === 'dealerHook' ? 'bid' : e.code === 'tookRange' ? 'took' : null;
        const el = field && e.player !== null ? form.querySelector(`#giv-${field}-${e.player}`) : null;
        if (el) { el.setAttribute('aria-invalid', 'true'); first = first || el; }
      }
      if (!first && errors.some((e) => e.code === 'tricksSum')) first = inputs.took[0];
      if (first) first.focus();
      return;
    }
    if (phase === 'bid') {
      draft.phase = 'took';
      app.save();
      app.render({ focus: 'entry', setup: false });
      return;
    }
    app.saveRound(current.index, candidate);
  });

  refreshHints();
  return form;
}

// ---- tally template --------------------------------------------------------------------------

function tallyForm(app, current) {
  const { t, num } = app.i18n;
  const names = app.names();
  const roundNo = current.index + 1;
  const box = errorBox();
  const was = current.editing ? app.state.rounds[current.index].loser : null;
  const question = h('p', { class: 'sheet-step', id: 'giv-who-lost' }, t('whoLost', { round: num(roundNo) }));
  const buttons = names.map((name, p) => h('button', {
    type: 'button', class: 'sheet-button sheet-loser', id: `giv-loser-${p}`, dataset: hook(roundNo, p, 'loser'),
    'aria-pressed': current.editing ? String(p === was) : null,
    onclick: () => {
      const candidate = { loser: p };
      const errors = app.check(current.index, candidate, 'loser');
      if (errors.length) { showErrors(box, errors.map((e) => app.errorText(e))); return; }
      app.saveRound(current.index, candidate);
    },
  }, name));
  const limit = app.result.settings.lossLimit;
  const note = limit > 0 ? h('p', { class: 'sheet-facts' }, app.i18n.tn('lossLimitNote', limit)) : null;
  return h('div', { class: 'sheet-form' }, question,
    h('div', { class: 'sheet-losers', role: 'group', 'aria-labelledby': 'giv-who-lost' }, buttons),
    note, box, actionsRow(app, current, null));
}

// ---- the section -----------------------------------------------------------------------------

function overBox(app) {
  const { t } = app.i18n;
  const { result } = app;
  const parts = [h('h3', { class: 'sheet-entry-title', id: 'giv-entry-title', tabindex: '-1' }, t('gameOver'))];
  if (result.finished) parts.push(h('p', { class: 'sheet-winner' }, app.winnerText()));
  else parts.push(h('p', {}, t('gameOverFix')));
  parts.push(actionsRow(app, null, null));
  return parts;
}

export function entrySection(app) {
  const current = app.current();
  const section = h('section', { class: 'sheet-entry', 'aria-labelledby': 'giv-entry-title' });
  if (!current) {
    section.append(...overBox(app));
    return section;
  }
  const facts = roundFacts(app, current);
  section.append(title(app, current), ...(facts ? [facts] : []),
    app.data.template === 'tally' ? tallyForm(app, current) : bidForm(app, current));
  return section;
}
