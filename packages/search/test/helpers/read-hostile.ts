// Child process of the hostile-file tests: reads one file the way execret does and prints what happened,
// with the elapsed time and the process's peak resident memory, as one JSON line.
// Usage: node --import tsx read-hostile.ts <npz|matrices> <file>

import { SearchError } from '../../src/errors.js';
import { importEmbeddingMatrices } from '../../src/matrices/import-matrices.js';
import { readNpzFile } from '../../src/npy/npz-file.js';

const [how, file] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: read-hostile.ts <npz|matrices> <file>');
const started = performance.now();
let outcome: { ok: true } | { ok: false; code: string; message: string };
try {
  if (how === 'matrices') await importEmbeddingMatrices(file);
  else await readNpzFile(file);
  outcome = { ok: true };
} catch (error) {
  if (!SearchError.is(error)) throw error;
  outcome = { ok: false, code: error.code, message: error.message };
}
const ms = performance.now() - started;
process.stdout.write(`${JSON.stringify({ ...outcome, ms, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
