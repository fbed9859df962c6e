/**
 * Child process for the kill test: appends `count` score records to a cache, one `put` at a time, and prints
 * `stored <i>` after each. The parent kills it with SIGKILL at an arbitrary moment.
 *
 *   node --import tsx test/helpers/score-writer.ts <file> <count>
 */
import { sha256Hex } from '@execret/formats';
import { openScoreCache } from '../../src/cache/score-cache.js';

const [file, count] = process.argv.slice(2);
if (file === undefined || count === undefined) throw new Error('usage: score-writer.ts <file> <count>');
const cache = await openScoreCache(file);
const config = sha256Hex('config');
const query = sha256Hex('query');
for (let i = 0; i < Number(count); i++) {
  cache.put([
    {
      configHash: config,
      querySha256: query,
      snippetSha256: sha256Hex(`s${i}`),
      contextSha256: null,
      score: i,
      rawScore: -i,
    },
  ]);
  process.stdout.write(`stored ${i}\n`);
  if (i % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
}
