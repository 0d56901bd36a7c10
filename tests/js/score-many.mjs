// Scores many games in one node process, for tests/test_differential.py.
// stdin: a JSON array of inputs. stdout: a JSON array with, for each input, the output of
// score(), or {"shapeError": message} when score throws a TypeError, or {"crash": text} for
// any other exception.
import { score } from '../../generator/engine/engine.js';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const inputs = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const outputs = inputs.map((input) => {
  try {
    return score(input);
  } catch (error) {
    if (error instanceof TypeError) return { shapeError: error.message };
    return { crash: String(error && error.stack) };
  }
});
process.stdout.write(JSON.stringify(outputs));
