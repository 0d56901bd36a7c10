// The shared engine vectors (tests/engine/*.json) run against the JavaScript engine.
// Each file is a list of {name, input, expected}; "expected" holds some top-level keys of the
// output that must deep-equal it, or {"shapeError": message}: score throws a TypeError with
// exactly that message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { score } from '../../generator/engine/engine.js';

const dir = fileURLToPath(new URL('../engine/', import.meta.url));
const files = readdirSync(dir).filter((name) => name.endsWith('.json')).sort();

test('vector files exist', () => {
  assert.ok(files.length > 0, `no vector files in ${dir}`);
});

for (const file of files) {
  const vectors = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  test(`${file} is a non-empty list of vectors`, () => {
    assert.ok(Array.isArray(vectors) && vectors.length > 0);
  });
  for (const [index, vector] of vectors.entries()) {
    test(`${file} #${index + 1}: ${vector.name}`, () => {
      const { input, expected } = vector;
      if (Object.hasOwn(expected, 'shapeError')) {
        assert.throws(() => score(input), (error) => {
          assert.ok(error instanceof TypeError, `expected a TypeError, got ${error}`);
          assert.equal(error.message, expected.shapeError);
          return true;
        });
        return;
      }
      const output = score(input);
      for (const key of Object.keys(expected)) {
        assert.ok(Object.hasOwn(output, key), `output has no key ${key}`);
        assert.deepStrictEqual(output[key], expected[key], `key ${key}`);
      }
    });
  }
}
