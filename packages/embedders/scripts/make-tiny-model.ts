/**
 * Writes the tiny transformers.js test model (see tiny-model.ts).
 *
 *   pnpm --filter @execret/embedders make:tiny-model [outDir]
 *
 * Default outDir: <repo>/fixtures/tiny-model/execret/tiny-bert (load it with
 * localModelPath = <repo>/fixtures/tiny-model and model id "execret/tiny-bert").
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeTinyModel } from './tiny-model.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const outDir = resolve(process.argv[2] ?? resolve(here, '../../../fixtures/tiny-model/execret/tiny-bert'));
await writeTinyModel(outDir);
console.log(`wrote tiny model to ${outDir}`);
