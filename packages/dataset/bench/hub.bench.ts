/**
 * Hub loading on a synthetic release of the full ExecRetrieval size, served by the fake Hub on 127.0.0.1.
 *
 *   pnpm --filter @execret/dataset exec tsx --conditions=@execret/source bench/hub.bench.ts [--runs 3]
 *
 * Side by side with the reference, loading the same files from a local directory:
 * - first `hf:` load: commit resolution, listing, download of every file (checked), then the same read;
 * - cached `hf:` load: one API call for the commit, every cached file hashed against its record, then the read;
 * - resumed download: the connection cut at half of `execution_cache.jsonl`, then the run that resumes it (bytes
 *   sent by the server on the resuming run are counted).
 * Then one 64 MiB JSONL line through the streaming reader at the default line limit (time, peak `arrayBuffers`).
 */
import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SHA256SUMS_FILE } from '@execret/formats';
import { startFakeHub } from '@execret/test-kit';
import { readJsonl } from '../src/jsonl.js';
import { loadExecRetrieval } from '../src/load.js';
import { writeSyntheticRelease } from './synthetic-release.js';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const FILES = ['corpus', 'queries', 'distractor_metadata', 'execution_cache'].map((f) => `data/${f}.jsonl`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const root = await mkdtemp(join(tmpdir(), 'execret-hub-bench-'));
const hub = await startFakeHub({ owner: 'bench', name: 'full', revision: 'main' });
try {
  const dir = join(root, 'release');
  const info = writeSyntheticRelease(dir);
  for (const f of FILES) hub.files.set(f, readFileSync(join(dir, f)));
  try {
    hub.files.set(SHA256SUMS_FILE, readFileSync(join(dir, SHA256SUMS_FILE)));
  } catch {
    // the synthetic release may come without SHA256SUMS: the listing's git blob ids check the files then
  }
  hub.lfs.add('data/execution_cache.jsonl');
  const total = FILES.reduce((n, f) => n + (hub.files.get(f) as Buffer).length, 0);
  console.log(
    `synthetic release: ${info.queries} queries, ${info.snippets} snippets, ${(total / 1e6).toFixed(1)} MB; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const rows: Record<string, number[]> = { local: [], 'hf: first': [], 'hf: cached': [], 'hf: resumed': [] };
  const sent: number[] = [];
  const time = async (label: string, fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    rows[label]?.push(performance.now() - t0);
  };
  for (let run = 0; run < RUNS; run++) {
    const cacheDir = join(root, `cache-${run}`);
    const options = { endpoint: hub.endpoint, cacheDir };
    await time('local', () => loadExecRetrieval(dir));
    await time('hf: first', () => loadExecRetrieval('hf:bench/full', options));
    await time('hf: cached', () => loadExecRetrieval('hf:bench/full', options));
    const resumeDir = join(root, `resume-${run}`);
    const cacheBytes = (hub.files.get('data/execution_cache.jsonl') as Buffer).length;
    hub.cutAfter.set('data/execution_cache.jsonl', Math.floor(cacheBytes / 2));
    await loadExecRetrieval('hf:bench/full', { ...options, cacheDir: resumeDir }).catch(() => undefined);
    hub.cutAfter.delete('data/execution_cache.jsonl');
    let resumed = 0;
    await time('hf: resumed', async () => {
      const b = await loadExecRetrieval('hf:bench/full', { ...options, cacheDir: resumeDir });
      resumed = b.loadReport.hub?.files.find((f) => f.file === 'data/execution_cache.jsonl')?.resumedFromBytes ?? 0;
    });
    sent.push(cacheBytes - resumed);
    rmSync(cacheDir, { recursive: true, force: true });
    rmSync(resumeDir, { recursive: true, force: true });
  }
  console.log(`\n| ms (${RUNS} runs) | median | min |\n| --- | ---: | ---: |`);
  for (const [label, xs] of Object.entries(rows))
    console.log(`| ${label} | ${median(xs).toFixed(0)} | ${Math.min(...xs).toFixed(0)} |`);
  console.log(
    `\nresumed runs fetched ${sent.map((b) => (b / 1e6).toFixed(2)).join(', ')} MB of the ${((hub.files.get('data/execution_cache.jsonl') as Buffer).length / 1e6).toFixed(2)} MB cache file`,
  );

  const MiB = 1 << 20;
  const base = process.memoryUsage().arrayBuffers;
  let peak = 0;
  async function* oneLongLine() {
    for (let i = 0; i < 64; i++) {
      peak = Math.max(peak, process.memoryUsage().arrayBuffers - base);
      yield Buffer.allocUnsafe(MiB).fill(0x61);
    }
    yield Buffer.from('\n{"a": 1}\n');
  }
  const t0 = performance.now();
  const r = await readJsonl(oneLongLine(), { file: 'long.jsonl' });
  console.log(
    `\none 64 MiB line, default limit: ${(performance.now() - t0).toFixed(0)} ms, issues ${r.issues.map((i) => `${i.code}@${i.line}`).join(',')}, records ${r.records.length}, peak arrayBuffers +${(peak / MiB).toFixed(1)} MiB`,
  );
} finally {
  await hub.close();
  rmSync(root, { recursive: true, force: true });
}
