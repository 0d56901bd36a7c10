// A one-off adjustment (engine version 2's adjust): points given or taken for one player in one
// played deal, with a short note (a revoke, a correction the table agreed on); and the end of an
// open evening for the tally games (ended).
import { h } from './sheet-dom.js';
import { NOTE_LENGTH } from './sheet-store.js';
import { agreedNumber, notYet, roundAway } from './sheet-seats.js';

/** Writes value (0: none) for player p into round i, with the note; refused when the engine says so. */
function adjust(app, i, p, value, note, box) {
  const { state, i18n } = app;
  const { t, num, signed } = i18n;
  const was = state.rounds[i];
  const round = JSON.parse(JSON.stringify(was));
  const list = (was.adjust || state.players.map(() => null)).slice();
  list[p] = value === 0 ? null : value;
  if (list.some((x) => x !== null)) round.adjust = list;
  else delete round.adjust;
  const text = note.trim().slice(0, NOTE_LENGTH);
  if (text) round.note = text;
  else if (!round.adjust) delete round.note;
  const away = new Set(roundAway(round));
  // (a latecomer's deals before she came are the sheet's, not the engine's: she is not in them)
  const later = value !== 0 && notYet(state, i).has(p) ? [{ code: 'adjustAbsent', player: p, round: i + 1 }] : [];
  const refused = later.concat(app.check(i, round, 'round', away).filter((e) => e.code === 'adjustAbsent'));
  if (refused.length) {
    box.replaceChildren(app.sentence('span', {}, () => app.errorText(refused[0]))); // (it names the player)
    return false;
  }
  state.rounds[i] = round;
  state.redo = null;
  app.commit({ focusId: 'giv-adjust-points' });
  app.keepFinished();
  const name = app.names()[p];
  app.announce(value === 0 ? t('adjustRemoved', { name, round: num(i + 1) })
    : t('adjusted', { name, round: num(i + 1), points: signed(value) }));
  return true;
}

export function adjustPart(app) {
  const { state, data, i18n } = app;
  if (!state.rounds.length) return null;
  const { t, num } = i18n;
  const names = app.names();
  // what is typed stays through a redraw, for this game only: another game's form starts blank
  if (!app.adjustForm || app.adjustForm.game !== state.id) {
    app.adjustForm = { game: state.id, player: 0, round: state.rounds.length - 1, points: '', note: '' };
  }
  const kept = app.adjustForm;
  if (kept.round >= state.rounds.length) kept.round = state.rounds.length - 1;
  if (kept.player >= state.players.length) kept.player = 0;
  const player = h('select', { id: 'giv-adjust-player' }, names.map((name, p) => h('option', { value: p, dataset: { name: String(p) } }, name)));
  player.value = String(kept.player);
  const round = h('select', { id: 'giv-adjust-round' }, state.rounds.map((_, r) => h('option', { value: r }, num(r + 1))));
  round.value = String(kept.round);
  const points = h('input', { type: 'text', id: 'giv-adjust-points', inputmode: 'numeric', autocomplete: 'off', 'aria-describedby': 'giv-adjust-error' });
  points.value = kept.points;
  const note = h('input', { type: 'text', id: 'giv-adjust-note', maxlength: NOTE_LENGTH, autocomplete: 'off' });
  note.value = kept.note;
  const box = h('p', { class: 'sheet-field-error', id: 'giv-adjust-error', role: 'alert' });
  const remember = () => Object.assign(kept, { player: Number(player.value), round: Number(round.value), points: points.value, note: note.value });
  for (const field of [player, round, points, note]) field.addEventListener('change', remember);
  const go = (sign) => () => {
    remember();
    const value = agreedNumber(points.value);
    if (value === null || value < 0) { box.textContent = t('errAdjustBy'); points.setAttribute('aria-invalid', 'true'); points.focus(); return; }
    // given, the form is blank for the next one: emptied before adjust() draws it again, and put
    // back as typed when it is refused (then nothing is drawn again)
    const typed = { points: kept.points, note: kept.note };
    Object.assign(kept, { points: '', note: '' });
    if (!adjust(app, kept.round, kept.player, sign * value, typed.note, box)) Object.assign(kept, typed);
  };
  const field = (id, label, control) => h('div', { class: 'sheet-field' }, h('label', { for: id }, label), control);
  return h('div', { class: 'sheet-table-part' }, h('h4', {}, t('adjustTitle')), h('p', { class: 'sheet-hint' }, t('adjustHint')),
    field('giv-adjust-player', t('adjustPlayer'), player), field('giv-adjust-round', t('adjustRound'), round),
    field('giv-adjust-points', t(data.template === 'tally' ? 'adjustLosses' : 'adjustPoints'), points),
    field('giv-adjust-note', t('adjustNote'), note), box,
    h('div', { class: 'sheet-actions' },
      h('button', { type: 'button', class: 'sheet-button', id: 'giv-adjust-minus', onclick: go(-1) }, `− ${t('adjustMinus')}`),
      h('button', { type: 'button', class: 'sheet-button', id: 'giv-adjust-plus', onclick: go(1) }, `+ ${t('adjustPlus')}`)));
}

/** Tally games: the players end an open evening (and can take it back to play on). */
export function endPart(app) {
  const { state, result, data } = app;
  if (data.template !== 'tally' || !state.rounds.length || (result.finished && !state.ended)) return null;
  const { t } = app.i18n;
  const button = state.ended
    ? h('button', { type: 'button', class: 'sheet-button', id: 'giv-play-on', onclick: () => {
      delete state.ended;
      app.commit({ focusId: 'giv-end' });
      app.announce(t('playOn'));
    } }, t('endUndo'))
    : h('button', { type: 'button', class: 'sheet-button', id: 'giv-end', onclick: () => {
      state.ended = true;
      app.commit({ focusId: 'giv-play-on' });
      app.keepFinished();
      app.announce(`${t('ended')} ${app.winnerText()}`);
    } }, t('endGo'));
  return h('div', { class: 'sheet-table-part' }, h('h4', {}, t('endTitle')), h('p', { class: 'sheet-hint' }, t('endHint')),
    h('div', { class: 'sheet-actions' }, button));
}
