import { readFileSync } from 'node:fs';
import type { TopKMetric } from '../../src/top-k/top-k.js';

/** One case of `fixtures/golden/search-topk.json` (numpy's top-k; see `fixtures/golden/search-topk.py`). */
export interface GoldenCase {
  name: string;
  metric: TopKMetric;
  nQueries: number;
  nDocs: number;
  dims: number;
  seed: number;
  duplicates: [number, number][];
  scaled: [number, number][];
  k: number;
  indices: number[][];
  scores: number[][];
}

/** The golden cases. */
export const golden = JSON.parse(
  readFileSync(new URL('../../../../fixtures/golden/search-topk.json', import.meta.url), 'utf8'),
) as { cases: GoldenCase[] };

/** The xorshift32 stream of the golden script: values ((x >>> 8) / 2^24) − 0.5, exact in float32. */
export function xorshift(seed: number, n: number): Float32Array {
  const out = new Float32Array(n);
  let x = seed >>> 0;
  for (let i = 0; i < n; i++) {
    x = (x ^ (x << 13)) >>> 0;
    x = (x ^ (x >>> 17)) >>> 0;
    x = (x ^ (x << 5)) >>> 0;
    out[i] = (x >>> 8) / 2 ** 24 - 0.5;
  }
  return out;
}

/** Inputs of a golden case, planted rows included (see fixtures/golden/search-topk.py). */
export function goldenInputs(c: GoldenCase): { queries: Float32Array; docs: Float32Array } {
  const { nQueries: nq, nDocs: nd, dims: d } = c;
  const values = xorshift(c.seed, (nq + nd) * d);
  const queries = values.slice(0, nq * d);
  const docs = values.slice(nq * d);
  for (const [i, j] of c.duplicates) docs.copyWithin(j * d, i * d, (i + 1) * d);
  for (const [i, j] of c.scaled) for (let p = 0; p < d; p++) docs[j * d + p] = 2 * docs[i * d + p]!;
  queries.fill(0, 3 * d, 4 * d);
  docs.fill(0, 5 * d, 6 * d);
  for (let q = 0; q < 5; q++) docs.set(queries.subarray(q * d, (q + 1) * d), (7 * q + 11) * d);
  return { queries, docs };
}
