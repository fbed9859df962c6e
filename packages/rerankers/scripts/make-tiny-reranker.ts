/**
 * Writes the tiny transformers.js cross-encoder (see tiny-reranker.ts).
 *
 *   pnpm --filter @execret/rerankers make:tiny-reranker [outDir]
 *
 * Default outDir: <repo>/fixtures/tiny-reranker/execret/tiny-cross-encoder (load it with
 * localModelPath = <repo>/fixtures/tiny-reranker and model "execret/tiny-cross-encoder").
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeTinyReranker } from './tiny-reranker.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const outDir = resolve(process.argv[2] ?? resolve(here, '../../../fixtures/tiny-reranker/execret/tiny-cross-encoder'));
await writeTinyReranker(outDir);
console.log(`wrote tiny reranker to ${outDir}`);
