/**
 * topK against numpy, side by side: 939 queries × 4,694 documents (the ExecRetrieval sizes) at d = 1,024
 * and d = 3,072, metric 'dot' on unit-length rows (what cosine reduces to for normalised embeddings).
 *
 *   pnpm --filter @execret/search bench [-- --reps 7 --dims 1024,3072]
 *
 * One long-lived python3 child loads the .npy files written here and, on each request, times only
 * `S = Q @ D.T`, `np.argpartition(-S, 10, axis=1)[:, :10]` and the sort of those 10 per row. Requests
 * alternate with topK (calling thread, WebAssembly SIMD), topKParallel (all cores) and, when
 * onnxruntime-node can be loaded, topKOnnx (onnxruntime's Gemm, all cores) in this process,
 * rep after rep, so that load from other processes hits all three alike; the report gives the best and
 * the median rep of each and the ratios to numpy (best/best, and the median of per-rep ratios). It also
 * checks that both sides return the same top 10 (swaps allowed only between documents whose scores
 * differ by < 1e-6).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type OnnxRuntimeModule, readNpy, topK, topKOnnx, topKParallel, writeNpy } from '../src/index.js';

/** onnxruntime-node as installed for @huggingface/transformers (a dev dependency), when loadable. */
function loadOnnxRuntime(): OnnxRuntimeModule | undefined {
  try {
    const require = createRequire(import.meta.url);
    return createRequire(require.resolve('@huggingface/transformers'))('onnxruntime-node') as OnnxRuntimeModule;
  } catch {
    return undefined;
  }
}

const N_QUERIES = 939;
const N_DOCS = 4694;
const K = 10;

function argument(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1]! : fallback;
}
const reps = Number(argument('reps', '7'));
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
for line in sys.stdin:
    t0 = time.perf_counter()
    S = Q @ D.T
    top = np.argpartition(-S, ${K}, axis=1)[:, :${K}]
    rows = np.arange(S.shape[0])[:, None]
    order = np.lexsort((-top, -S[rows, top]), axis=1)
    top = np.take_along_axis(top, order, axis=1)
    elapsed = time.perf_counter() - t0
    np.save(f'{d}/numpy_top.npy', top.astype(np.int32))
    print(elapsed, flush=True)
`;

/**
 * A python3 child that answers each "run" line with the milliseconds one numpy search took. With
 * `oneThread`, OpenBLAS is limited to one thread (OPENBLAS_NUM_THREADS=1); otherwise it uses every core.
 */
function startNumpy(python: string, dir: string, oneThread: boolean): { run(): Promise<number>; close(): void } {
  const env: Record<string, string> = oneThread ? { OPENBLAS_NUM_THREADS: '1' } : {};
  const child = spawn(python, ['-I', '-c', NUMPY_SCRIPT, dir], { stdio: ['pipe', 'pipe', 'inherit'], env });
  const lines = createInterface({ input: child.stdout });
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  return {
    run: () =>
      new Promise((resolve) => {
        waiting.push((line) => resolve(Number(line) * 1000));
        child.stdin.write('run\n');
      }),
    close: () => child.stdin.end(),
  };
}

function resolvePython(): string {
  const probe = spawnSync('python3', ['-c', 'import sys, numpy; print(sys.executable)'], { encoding: 'utf8' });
  if (probe.status !== 0) throw new Error(`python3 with numpy is required for this benchmark: ${probe.stderr}`);
  return probe.stdout.trim();
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main(): Promise<void> {
  const python = resolvePython();
  const onnxruntime = loadOnnxRuntime();
  const threads = availableParallelism();
  const dir = mkdtempSync(join(tmpdir(), 'execret-topk-bench-'));
  console.log(`topK vs numpy: ${N_QUERIES} queries × ${N_DOCS} documents, k = ${K}, metric dot on unit rows`);
  console.log(
    `node ${process.version}, ${threads} logical CPUs (numpy/OpenBLAS and topKParallel use them all), ${reps} alternating reps\n`,
  );
  try {
    for (const dims of dimsList) {
      const queries = unitRows(1 + dims, N_QUERIES, dims);
      const docs = unitRows(2 + dims, N_DOCS, dims);
      writeFileSync(join(dir, 'queries.npy'), writeNpy(queries, [N_QUERIES, dims]));
      writeFileSync(join(dir, 'docs.npy'), writeNpy(docs, [N_DOCS, dims]));
      const numpy = startNumpy(python, dir, false);
      const numpy1 = startNumpy(python, dir, true);
      const numpyMs: number[] = [];
      const numpy1Ms: number[] = [];
      const syncMs: number[] = [];
      const parallelMs: number[] = [];
      // Warm-up of both sides (module compilation, BLAS threads), not timed.
      await numpy.run();
      await numpy1.run();
      let ours = topK(queries, docs, dims, K, { metric: 'dot' });
      let parallel = await topKParallel(queries, docs, dims, K, { metric: 'dot', threads });
      const onnxMs: number[] = [];
      let onnx =
        onnxruntime === undefined ? undefined : await topKOnnx(queries, docs, dims, K, { metric: 'dot', onnxruntime });
      for (let r = 0; r < reps; r++) {
        numpyMs.push(await numpy.run());
        numpy1Ms.push(await numpy1.run());
        let t0 = performance.now();
        ours = topK(queries, docs, dims, K, { metric: 'dot' });
        syncMs.push(performance.now() - t0);
        t0 = performance.now();
        parallel = await topKParallel(queries, docs, dims, K, { metric: 'dot', threads });
        parallelMs.push(performance.now() - t0);
        if (onnxruntime !== undefined) {
          t0 = performance.now();
          onnx = await topKOnnx(queries, docs, dims, K, { metric: 'dot', onnxruntime, threads });
          onnxMs.push(performance.now() - t0);
        }
      }
      numpy.close();
      numpy1.close();
      // Agreement with numpy's top 10 (same tie rule on its float32 scores).
      const reference = readNpy(readFileSync(join(dir, 'numpy_top.npy'))).data as Int32Array;
      const full = topK(queries, docs, dims, N_DOCS, { metric: 'dot' });
      const scoreOf = (q: number, j: number) =>
        full.scores[q * N_DOCS + full.indices.subarray(q * N_DOCS, (q + 1) * N_DOCS).indexOf(j)]!;
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
      const row = (name: string, xs: number[], note = '') =>
        console.log(
          `  ${name.padEnd(16)} best ${Math.min(...xs)
            .toFixed(1)
            .padStart(7)} ms   median ${median(xs).toFixed(1).padStart(7)} ms${note}`,
        );
      const best = (xs: number[]) => Math.min(...xs);
      const ratio = (name: string, ours: number[], theirs: number[]) => {
        const perRep = ours.map((t, i) => t / theirs[i]!);
        console.log(
          `  ${name.padEnd(34)} best/best ${(best(ours) / best(theirs)).toFixed(2)}×   median of per-rep ratios ${median(perRep).toFixed(2)}×`,
        );
      };
      console.log(`d = ${dims}`);
      row('numpy', numpyMs, `   (OpenBLAS, ${threads} threads)`);
      row('topKParallel', parallelMs, `   (${threads} threads)`);
      if (onnxMs.length > 0) row('topKOnnx', onnxMs, `   (onnxruntime Gemm, ${threads} threads)`);
      row('numpy 1 thread', numpy1Ms, '   (OPENBLAS_NUM_THREADS=1)');
      row('topK', syncMs, '   (1 thread)');
      ratio('topKParallel / numpy:', parallelMs, numpyMs);
      if (onnxMs.length > 0) ratio('topKOnnx / numpy:', onnxMs, numpyMs);
      ratio('topK / numpy 1 thread:', syncMs, numpy1Ms);
      ratio('topK / numpy (all threads):', syncMs, numpyMs);
      console.log(
        `  agreement: ${identicalRows}/${N_QUERIES} query rows identical to numpy; ${mismatches} differing positions` +
          (mismatches > 0 ? `, largest score gap between swapped documents ${worstGap.toExponential(2)}` : '') +
          (worstGap < 1e-6 ? ' — OK' : ' — DISAGREEMENT above 1e-6'),
      );
      if (onnx !== undefined) {
        let same = 0;
        for (let i = 0; i < onnx.indices.length; i++) if (onnx.indices[i] === reference[i]) same++;
        console.log(`  topKOnnx agreement with numpy: ${same}/${onnx.indices.length} positions identical`);
      }
      const identical =
        ours.indices.every((v, i) => v === parallel.indices[i]) &&
        ours.scores.every((v, i) => Object.is(v, parallel.scores[i]));
      console.log(`  topKParallel result bit-identical to topK: ${identical ? 'yes' : 'NO'}`);
      console.log('');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
