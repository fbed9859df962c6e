/**
 * Load + validate time on a synthetic release of the full ExecRetrieval size.
 *
 *   pnpm --filter @execret/dataset bench            # 7 runs (median reported)
 *   pnpm --filter @execret/dataset bench -- --runs 3
 *
 * Reference run, side by side: reading the four files and `JSON.parse` of every line, nothing else — the floor any
 * JSONL loader pays. Target: load + validate under 1 s. Each step reports wall time and the process CPU time
 * (user + system, all threads), which is less disturbed by other jobs on a shared machine.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadExecRetrieval, validationReport } from '../src/index.js';
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
  console.log(
    `synthetic release: ${info.queries} queries, ${info.snippets} snippets, ${info.cacheRows} cache rows, ${(totalBytes / 1e6).toFixed(1)} MB (generated in ${genMs.toFixed(0)} ms)`,
  );
  for (const [file, bytes] of Object.entries(info.bytes))
    console.log(`  ${file.padEnd(32)} ${(bytes / 1e6).toFixed(2).padStart(6)} MB`);

  type Sample = { wall: number; cpu: number };
  const steps: Record<string, Sample[]> = {
    'reference: read + JSON.parse every line': [],
    'loadExecRetrieval (all four files)': [],
    'loadExecRetrieval (executionCache: false)': [],
    'validationReport (with cache checks)': [],
    'load + validate': [],
  };
  const time = async <T>(fn: () => T | Promise<T>): Promise<[T, Sample]> => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const value = await fn();
    const wall = performance.now() - t0;
    const c = process.cpuUsage(c0);
    return [value, { wall, cpu: (c.user + c.system) / 1000 }];
  };
  let issues = 0;
  for (let run = 0; run < RUNS; run++) {
    const [rows, ref] = await time(() => {
      let n = 0;
      for (const f of FILES) {
        for (const line of readFileSync(join(dir, 'data', `${f}.jsonl`), 'utf8').split('\n')) {
          if (line !== '') {
            JSON.parse(line);
            n++;
          }
        }
      }
      return n;
    });
    if (rows !== info.snippets + info.queries + (info.snippets - info.queries) + info.cacheRows)
      throw new Error('row count mismatch');
    steps['reference: read + JSON.parse every line']?.push(ref);
    const [b, load] = await time(() => loadExecRetrieval(dir));
    const [report, validate] = await time(() => validationReport(b));
    if (!report.ok) throw new Error('synthetic release failed validation');
    issues = report.issues.length;
    steps['loadExecRetrieval (all four files)']?.push(load);
    steps['validationReport (with cache checks)']?.push(validate);
    steps['load + validate']?.push({ wall: load.wall + validate.wall, cpu: load.cpu + validate.cpu });
    const [, noCache] = await time(() => loadExecRetrieval(dir, { executionCache: false }));
    steps['loadExecRetrieval (executionCache: false)']?.push(noCache);
  }
  const fmt = (x: number) => x.toFixed(0).padStart(7);
  console.log(
    `\n${RUNS} runs, Node ${process.version}, ms`.padEnd(46) +
      ['wall med', 'wall min', 'cpu med', 'cpu min'].map((h) => h.padStart(9)).join(''),
  );
  for (const [name, xs] of Object.entries(steps)) {
    const wall = xs.map((x) => x.wall);
    const cpu = xs.map((x) => x.cpu);
    console.log(
      `${name.padEnd(46)}${[median(wall), Math.min(...wall), median(cpu), Math.min(...cpu)].map((v) => fmt(v).padStart(9)).join('')}`,
    );
  }
  const total = (steps['load + validate'] ?? []).map((x) => x.wall);
  console.log(
    `\nload + validate median ${median(total).toFixed(0)} ms wall vs target 1000 ms: ${median(total) < 1000 ? 'OK' : 'OVER'}; ${issues} validation issues; load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
