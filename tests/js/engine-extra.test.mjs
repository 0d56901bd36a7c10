// Properties of the JavaScript engine that the shared vectors cannot show: no -0 in the output,
// JSON in and out, purity (nothing shared with or changed in the input, no I/O, no eval), and
// the TypeError of a shape error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { score, TEMPLATES, templateSpec } from '../../generator/engine/engine.js';

const source = readFileSync(new URL('../../generator/engine/engine.js', import.meta.url), 'utf8');
const templatesJson = JSON.parse(readFileSync(new URL('../../generator/engine/templates.json', import.meta.url), 'utf8'));

function negativeZeros(value, path = '') {
  if (Object.is(value, -0)) return [path];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => negativeZeros(item, `${path}.${key}`));
  }
  return [];
}

const game = (settings, rounds, extra = {}) => ({
  template: 'bid', players: ['A', 'B', 'C'], settings: { maxHandSize: 3, dealerHook: false, ...settings },
  rounds, ...extra,
});

test('template metadata is templates.json itself', () => {
  assert.deepStrictEqual(TEMPLATES, templatesJson);
  assert.deepStrictEqual(templateSpec('tally').settings, templatesJson.tally.settings);
});

test('a missed bid that costs nothing scores 0, never -0', () => {
  const rounds = [{ bids: [3, 0, 0], took: [1, 1, 1] }, { bids: [0, 0, 0], took: [0, 1, 1] }];
  for (const settings of [
    { missPenalty: 'perTrickOff', pointsPerMissedTrick: 0 },
    { missPenalty: 'flatLoss', exactBidBonus: 0 },
    { missPenalty: 'perTrickTaken' },
    { missPenalty: 'nothing', exactBidBonus: 0, pointsPerBidTrick: 0, bonusShape: 'perTrick' },
    { missPenalty: 'squaredOff', exactBidBonus: 0, bonusShape: 'flat' },
  ]) {
    const output = score(game(settings, rounds));
    assert.deepStrictEqual(output.errors, []);
    assert.deepStrictEqual(negativeZeros(output), [], JSON.stringify(settings));
  }
});

test('-0 and 2.0 in the input are the whole numbers 0 and 2; true is not a number', () => {
  const output = score(game({ maxHandSize: 3.0 }, [{ bids: [-0, 1.0, 0], took: [-0, 2.0, 1], handSize: 3.0 }],
    { firstDealer: -0 }));
  assert.deepStrictEqual(output.errors, []);
  assert.deepStrictEqual(output.rounds[0].scores, [10, 0, 0]);
  assert.deepStrictEqual(negativeZeros(output), []);
  const refused = score(game({ maxHandSize: true }, [{ bids: [true, 1, 0], took: [0, 2, 1] }]));
  assert.deepStrictEqual(refused.errors, [{ code: 'badSetting', player: null, round: null, setting: 'maxHandSize' }]);
  const bad = score(game({}, [{ bids: [true, 1, 0], took: [0, 2, false] }]));
  assert.deepStrictEqual(bad.errors.map((e) => [e.code, e.player]), [['bidRange', 0], ['tookRange', 2]]);
  assert.throws(() => score({ template: 'bid', players: ['A', 'B'], firstDealer: true }),
    { name: 'TypeError', message: "input: 'firstDealer' must be the index of a player" });
});

test('badSetting errors come in code point order, as Python sorts', () => {
  const output = score(game({ '\uffff': 1, '\u{1F600}': 1, b: 1, B: 1, 10: 1, 9: 1, é: 1 }, []));
  assert.deepStrictEqual(output.errors.map((e) => e.setting), ['10', '9', 'B', 'b', 'é', '\uffff', '\u{1F600}']);
});

test('inherited object keys are not settings', () => {
  const input = JSON.parse('{"template": "bid", "players": ["A", "B"], "settings": '
    + '{"constructor": 1, "__proto__": 2, "toString": 3, "hasOwnProperty": 4}}');
  assert.deepStrictEqual(score(input).errors.map((e) => e.setting),
    ['__proto__', 'constructor', 'hasOwnProperty', 'toString']);
  assert.throws(() => score({ template: 'toString', players: [] }), TypeError);
});

test('sums past 2 ** 53 are exact, as in Python', () => {
  const big = 2 ** 53;
  const tricks = score(game({}, [{ bids: [-1, -1, -1], took: [big, 1, 0], handSize: big }]));
  assert.deepStrictEqual(tricks.rounds[0].errors.map((e) => e.code),
    ['handSizeRange', 'bidRange', 'bidRange', 'bidRange', 'tricksSum']);
  const hook = score(game({ dealerHook: true }, [{ bids: [big, 1, 0], took: [-1, -1, -1], handSize: big }]));
  assert.ok(!hook.rounds[0].errors.some((e) => e.code === 'dealerHook'));
  const hooked = score(game({ dealerHook: true }, [{ bids: [big / 2, big / 2, 0], took: [-1, -1, -1], handSize: big }]));
  assert.ok(hooked.rounds[0].errors.some((e) => e.code === 'dealerHook'));
});

test('the output is JSON, deterministic, and shares nothing with the input', () => {
  const input = game({ perfectGameBonus: 5, roundCount: 1 }, [{ bids: [1, 1, 1], took: [1, 1, 1] }]);
  const before = JSON.stringify(input);
  const output = score(input);
  assert.equal(JSON.stringify(input), before);
  assert.deepStrictEqual(JSON.parse(JSON.stringify(output)), output);
  assert.equal(JSON.stringify(score(input)), JSON.stringify(output));
  assert.deepStrictEqual(output.bonuses.map((b) => b.player), [0, 1, 2]);
  output.players.push('X');
  output.settings.maxHandSize = 99;
  assert.equal(JSON.stringify(input), before);
  assert.equal(JSON.stringify(score(input)), JSON.stringify(score(JSON.parse(before))));
});

test('shape errors are TypeErrors with the contract line', () => {
  for (const [input, message] of [
    [undefined, 'input: expected a JSON object'],
    [[], 'input: expected a JSON object'],
    [{ players: [] }, 'input: \'template\' must be "bid" or "tally" (or name a \'game\')'],
    [{ template: 'bid', players: [1] }, "input: 'players' must be a list of names"],
    [{ template: 'bid', players: ['A'], rounds: [{ bids: [], took: [0] }] },
      "input: round 1: 'bids' must list one number per player"],
    [{ template: 'tally', players: ['A'], rounds: [{}] }, "input: round 1: 'loser' is missing"],
  ]) {
    assert.throws(() => score(input), (error) => error instanceof TypeError && error.message === message);
  }
});

test('the engine is pure: no DOM, no I/O, no eval, nothing but the templates imported (as a module: no JSON import)', () => {
  const code = source.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
  for (const word of ['document', 'window', 'fetch', 'XMLHttpRequest', 'localStorage', 'process', 'eval',
    'Function(', 'setTimeout', 'console']) {
    assert.ok(!code.includes(word), `engine.js mentions ${word}`);
  }
  const imports = [...code.matchAll(/^\s*import\b.*$/gm)].map((m) => m[0].trim());
  assert.deepStrictEqual(imports, ["import TEMPLATES from './templates.js';"]);
});
