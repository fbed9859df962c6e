/**
 * Load + validate time on a synthetic release of the full ExecRetrieval size.
 *
 *   pnpm --filter @execret/dataset bench            # 7 runs (median reported)
 *   pnpm --filter @execret/dataset bench -- --runs 3
 *
 * Reference run, side by side: reading the four files and `JSON.parse` of every line, nothing else — the floor any
 * JSONL loader pays. Target: load + validate under 1 s.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadExecRetrieval, validateBenchmark } from '../src/index.js';
import { writeSyntheticRelease } from './synthetic-release.js';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 7;
const FILES = ['corpus', 'queries', 'distractor_metadata', 'execution_cache'];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

const dir = mkdtempSync(join(tmpdir(), 'execret-bench-'));
try {
  const t0 = performance.now();
  const info = writeSyntheticRelease(dir);
  const genMs = performance.now() - t0;
  const totalBytes = Object.values(info.bytes).reduce((a, b) => a + b, 0);
  console.log(`synthetic release: ${info.queries} queries, ${info.snippets} snippets, ${info.cacheRows} cache rows, ${(totalBytes / 1e6).toFixed(1)} MB (generated in ${genMs.toFixed(0)} ms)`);
  for (const [file, bytes] of Object.entries(info.bytes)) console.log(`  ${file.padEnd(32)} ${(bytes / 1e6).toFixed(2).padStart(6)} MB`);

  const reference: number[] = [];
  const load: number[] = [];
  const loadNoCache: number[] = [];
  const validate: number[] = [];
  let issues = 0;
  for (let run = 0; run < RUNS; run++) {
    let t = performance.now();
    let rows = 0;
    for (const f of FILES) {
      for (const line of readFileSync(join(dir, 'data', `${f}.jsonl`), 'utf8').split('\n')) {
        if (line !== '') {
          JSON.parse(line);
          rows++;
        }
      }
    }
    reference.push(performance.now() - t);
    if (rows !== info.snippets + info.queries + (info.snippets - info.queries) + info.cacheRows) throw new Error('row count mismatch');

    t = performance.now();
    const b = await loadExecRetrieval(dir);
    load.push(performance.now() - t);
    t = performance.now();
    const report = validateBenchmark(b);
    validate.push(performance.now() - t);
    issues = report.issues.length;
    if (!report.ok) throw new Error('synthetic release failed validation');

    t = performance.now();
    await loadExecRetrieval(dir, { executionCache: false });
    loadNoCache.push(performance.now() - t);
  }
  const total = load.map((x, i) => x + (validate[i] as number));
  const row = (name: string, xs: number[]) =>
    `${name.padEnd(44)} ${median(xs).toFixed(0).padStart(7)} ${Math.min(...xs).toFixed(0).padStart(7)} ${Math.max(...xs).toFixed(0).padStart(7)}`;
  console.log(`\n${RUNS} runs, Node ${process.version}, ms        ${'median'.padStart(7)} ${'min'.padStart(7)} ${'max'.padStart(7)}`);
  console.log(row('reference: read + JSON.parse every line', reference));
  console.log(row('loadExecRetrieval (all four files)', load));
  console.log(row('loadExecRetrieval (executionCache: false)', loadNoCache));
  console.log(row('validateBenchmark (with cache checks)', validate));
  console.log(row('load + validate', total));
  console.log(`\nload + validate median ${median(total).toFixed(0)} ms vs target 1000 ms: ${median(total) < 1000 ? 'OK' : 'OVER'}; ${issues} validation issues`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
