/**
 * topK against numpy, side by side: 939 queries × 4,694 documents (the ExecRetrieval sizes) at d = 1,024
 * and d = 3,072, metric 'dot' on unit-length rows (what cosine reduces to for normalised embeddings).
 *
 *   pnpm --filter @execret/embedders bench [-- --rounds 3 --dims 1024,3072]
 *
 * Per round and dimension: numpy in a python3 child process (load the .npy files written here, then time
 * only `S = Q @ D.T`, `np.argpartition(-S, 10, axis=1)[:, :10]` and the sort of those 10 per row — best of
 * 3), then topK (calling thread, WebAssembly SIMD) and topKParallel (all cores) in this process (best of
 * 3). The ratio our time / numpy time is computed within each round, so machine load shared by both sides
 * mostly cancels; the median over rounds is reported. The script also checks that both sides return the
 * same top 10 (differences are allowed only between documents whose scores differ by < 1e-6).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readNpy, topK, topKParallel, writeNpy } from '../src/retrieval.js';

const N_QUERIES = 939;
const N_DOCS = 4694;
const K = 10;

function argument(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1]! : fallback;
}
const rounds = Number(argument('rounds', '3'));
const dimsList = argument('dims', '1024,3072').split(',').map(Number);

/** Seeded unit-length rows: xorshift32 uniform values, then L2-normalised in float64 and rounded. */
function unitRows(seed: number, rows: number, dims: number): Float32Array {
  const out = new Float32Array(rows * dims);
  let x = seed >>> 0;
  for (let i = 0; i < out.length; i++) {
    x = (x ^ (x << 13)) >>> 0;
    x = (x ^ (x >>> 17)) >>> 0;
    x = (x ^ (x << 5)) >>> 0;
    out[i] = (x >>> 8) / 2 ** 24 - 0.5;
  }
  for (let r = 0; r < rows; r++) {
    let sum = 0;
    for (let p = 0; p < dims; p++) sum += out[r * dims + p]! ** 2;
    const norm = Math.sqrt(sum);
    for (let p = 0; p < dims; p++) out[r * dims + p] = out[r * dims + p]! / norm;
  }
  return out;
}

const NUMPY_SCRIPT = `
import sys, time, numpy as np
d = sys.argv[1]
Q = np.load(f'{d}/queries.npy'); D = np.load(f'{d}/docs.npy')
best = float('inf')
for _ in range(3):
    t0 = time.perf_counter()
    S = Q @ D.T
    top = np.argpartition(-S, ${K}, axis=1)[:, :${K}]
    rows = np.arange(S.shape[0])[:, None]
    order = np.lexsort((-top, -S[rows, top]), axis=1)
    top = np.take_along_axis(top, order, axis=1)
    best = min(best, time.perf_counter() - t0)
np.save(f'{d}/numpy_top.npy', top.astype(np.int32))
print(best)
`;

function resolvePython(): string {
  const probe = spawnSync('python3', ['-c', 'import sys, numpy; print(sys.executable)'], { encoding: 'utf8' });
  if (probe.status !== 0) throw new Error(`python3 with numpy is required for this benchmark: ${probe.stderr}`);
  return probe.stdout.trim();
}

function bestOf(n: number, run: () => void): number {
  let best = Infinity;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    run();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

async function bestOfAsync(n: number, run: () => Promise<unknown>): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await run();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main(): Promise<void> {
  const python = resolvePython();
  const threads = availableParallelism();
  const dir = mkdtempSync(join(tmpdir(), 'execret-topk-bench-'));
  console.log(`topK vs numpy: ${N_QUERIES} queries × ${N_DOCS} documents, k = ${K}, metric dot on unit rows`);
  console.log(`node ${process.version}, ${threads} logical CPUs (numpy/OpenBLAS uses them all), ${rounds} rounds, best of 3 per side per round\n`);
  try {
    for (const dims of dimsList) {
      const queries = unitRows(1 + dims, N_QUERIES, dims);
      const docs = unitRows(2 + dims, N_DOCS, dims);
      writeFileSync(join(dir, 'queries.npy'), writeNpy(queries, [N_QUERIES, dims]));
      writeFileSync(join(dir, 'docs.npy'), writeNpy(docs, [N_DOCS, dims]));
      const numpyMs: number[] = [];
      const syncMs: number[] = [];
      const parallelMs: number[] = [];
      let ours = topK(queries, docs, dims, K, { metric: 'dot' });
      for (let r = 0; r < rounds; r++) {
        const child = spawnSync(python, ['-I', '-c', NUMPY_SCRIPT, dir], { encoding: 'utf8' });
        if (child.status !== 0) throw new Error(`numpy run failed: ${child.stderr}`);
        numpyMs.push(Number(child.stdout.trim()) * 1000);
        syncMs.push(bestOf(3, () => (ours = topK(queries, docs, dims, K, { metric: 'dot' }))));
        parallelMs.push(await bestOfAsync(3, () => topKParallel(queries, docs, dims, K, { metric: 'dot', threads })));
      }
      // Agreement with numpy's top 10 (same tie rule on its float32 scores).
      const reference = readNpy(readFileSync(join(dir, 'numpy_top.npy'))).data as Int32Array;
      const full = topK(queries, docs, dims, N_DOCS, { metric: 'dot' });
      const scoreOf = (q: number, j: number) => full.scores[q * N_DOCS + full.indices.subarray(q * N_DOCS, (q + 1) * N_DOCS).indexOf(j)]!;
      let identicalRows = 0;
      let mismatches = 0;
      let worstGap = 0;
      for (let q = 0; q < N_QUERIES; q++) {
        let same = true;
        for (let r = 0; r < K; r++) {
          const a = ours.indices[q * K + r]!;
          const b = reference[q * K + r]!;
          if (a === b) continue;
          same = false;
          mismatches++;
          worstGap = Math.max(worstGap, Math.abs(scoreOf(q, a) - scoreOf(q, b)));
        }
        if (same) identicalRows++;
      }
      const ratios = syncMs.map((t, i) => t / numpyMs[i]!);
      const parallelRatios = parallelMs.map((t, i) => t / numpyMs[i]!);
      console.log(`d = ${dims}`);
      console.log(`  round        ${numpyMs.map((_, i) => `#${i + 1}`.padStart(9)).join('')}`);
      console.log(`  numpy ms     ${numpyMs.map((t) => t.toFixed(1).padStart(9)).join('')}`);
      console.log(`  topK ms      ${syncMs.map((t) => t.toFixed(1).padStart(9)).join('')}   (1 thread)`);
      console.log(`  parallel ms  ${parallelMs.map((t) => t.toFixed(1).padStart(9)).join('')}   (${threads} threads)`);
      console.log(`  ratio topK / numpy:          median ${median(ratios).toFixed(2)}×  (rounds: ${ratios.map((x) => x.toFixed(2)).join(', ')})`);
      console.log(`  ratio topKParallel / numpy:  median ${median(parallelRatios).toFixed(2)}×  (rounds: ${parallelRatios.map((x) => x.toFixed(2)).join(', ')})`);
      console.log(
        `  agreement: ${identicalRows}/${N_QUERIES} query rows identical to numpy; ${mismatches} differing positions` +
          (mismatches > 0 ? `, largest score gap between swapped documents ${worstGap.toExponential(2)}` : '') +
          (worstGap < 1e-6 ? ' — OK' : ' — DISAGREEMENT above 1e-6'),
      );
      console.log('');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
