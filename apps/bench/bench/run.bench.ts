/**
 * Times `execret run --models bm25` against the Python reference harness (reference_harness.py), side by
 * side on the same machine, on the bundled mini dataset and on a full-size synthetic release (the mini
 * tasks replicated with renamed functions until the pool holds ≥ 4,694 snippets), cold cache and warm cache,
 * and checks that both report the same exec@k.
 *
 *   pnpm --filter @execret/bench bench            # both datasets
 *   pnpm --filter @execret/bench bench -- --mini  # mini only
 *   pnpm --filter @execret/bench bench -- --reference-stride=1   # run the full reference (slow)
 *
 * On the full-size release the reference executes every 10th pair by default and extrapolates its
 * execution time (a fresh interpreter per suite costs ~0.1–0.3 s here); its metrics are then not compared.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadExecRetrieval, writeExecRetrieval } from '@execret/dataset';
import { main } from '../src/cli.js';
import { replicate } from './replicate.js';

const FULL_SNIPPETS = 4694;

async function silent<T>(run: () => Promise<T>): Promise<T> {
  if (process.env.EXECRET_BENCH_VERBOSE === '1') return run();
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  // Swallow output but honour write callbacks, which some writers await.
  const sink = ((_chunk: unknown, encoding?: unknown, callback?: unknown) => {
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
    return true;
  }) as typeof process.stdout.write;
  process.stdout.write = sink;
  process.stderr.write = sink;
  try {
    return await run();
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
}

async function timeExecret(
  dataset: string,
  cacheDir: string,
  out: string,
): Promise<{ seconds: number; metrics: Record<string, number> }> {
  const started = performance.now();
  const code = await silent(() =>
    main(['run', '--dataset', dataset, '--models', 'bm25', '--out', out, '--json'], {
      ...process.env,
      EXECRET_CACHE_DIR: cacheDir,
      EXECRET_OFFLINE: '1',
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`execret run failed with exit code ${code}`);
  return { seconds, metrics: JSON.parse(readFileSync(join(out, 'results', 'bm25.json'), 'utf8')).metrics };
}

function timeReference(
  dataset: string,
  out: string,
  stride: number,
): { seconds: number; metrics: Record<string, number> | null } {
  const python = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
  const started = performance.now();
  execFileSync(python, [join(import.meta.dirname, 'reference_harness.py'), dataset, out, String(stride)], {
    stdio: 'inherit',
  });
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const seconds = stride > 1 ? report.timings.total_extrapolated : (performance.now() - started) / 1000;
  return { seconds, metrics: report.metrics };
}

async function compare(label: string, dataset: string, root: string, stride = 1): Promise<void> {
  const cache = join(root, `${label}-cache`);
  const cold = await timeExecret(dataset, cache, join(root, `${label}-out-cold`));
  const warm = await timeExecret(dataset, cache, join(root, `${label}-out-warm`));
  const reference = timeReference(dataset, join(root, `${label}-reference.json`), stride);
  const refMetrics = reference.metrics;
  const agree =
    refMetrics === null ||
    [1, 3, 5, 10].every((k) => Math.abs(cold.metrics[`exec@${k}`]! - refMetrics[`exec@${k}`]!) < 1e-12);
  console.log(`\n${label}`);
  console.log(
    `  reference harness (python, subprocess per suite, numpy BM25): ${reference.seconds.toFixed(2)} s${stride > 1 ? ` (executed every ${stride}th pair, extrapolated)` : ''}`,
  );
  console.log(
    `  execret run, cold cache:                                       ${cold.seconds.toFixed(2)} s  (${(reference.seconds / cold.seconds).toFixed(1)}× faster)`,
  );
  console.log(
    `  execret run, warm cache:                                       ${warm.seconds.toFixed(2)} s  (${(reference.seconds / warm.seconds).toFixed(1)}× faster)`,
  );
  console.log(
    `  exec@1/3/5/10 execret   ${[1, 3, 5, 10].map((k) => cold.metrics[`exec@${k}`]!.toFixed(4)).join(' / ')}`,
  );
  if (refMetrics !== null) {
    console.log(
      `  exec@1/3/5/10 reference ${[1, 3, 5, 10].map((k) => refMetrics[`exec@${k}`]!.toFixed(4)).join(' / ')}  ${agree ? '(identical)' : '(DIFFERENT)'}`,
    );
  }
  if (!agree) process.exitCode = 1;
}

const root = mkdtempSync(join(tmpdir(), 'execret-run-bench-'));
try {
  const mini = await loadExecRetrieval('mini');
  const miniDir = join(root, 'mini');
  await writeExecRetrieval(miniDir, mini);
  console.log(`machine: ${process.platform} ${process.arch}, node ${process.version}`);
  await compare(`mini (${mini.queries.length} queries, ${mini.corpus.length} snippets)`, miniDir, root);
  if (!process.argv.includes('--mini')) {
    const full = replicate(mini, FULL_SNIPPETS);
    const fullDir = join(root, 'full');
    await writeExecRetrieval(fullDir, full);
    const strideArg = process.argv.find((a) => a.startsWith('--reference-stride='));
    const stride = strideArg ? Number(strideArg.split('=')[1]) : 10;
    await compare(
      `full-size synthetic (${full.queries.length} queries, ${full.corpus.length} snippets)`,
      fullDir,
      root,
      stride,
    );
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
