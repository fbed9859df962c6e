// A cold evaluation of a TREC run file — a fresh Node process that imports the built packages, reads a run and its
// two qrels files, parses them and evaluates 13 measures once — by this checkout against another one (the
// previous implementation: a `git worktree` of the commit before, built), side by side in one run. Three arms per
// run, in interleaved rounds (order rotating, so load from other processes hits all alike):
//   base records   the other checkout: parseTrecRun → a Record per query → evaluate
//   this records   this checkout, the same calls (what a caller of the SPEC section 4 API gets)
//   this columns   this checkout: parseTrecRunColumns → evaluateColumns
// Runs (synthetic, seeded, written once under --data): HumanEval's size (136 queries × 10), 10,000 queries × 100
// results on a 0.05 grid (ties everywhere), MBPP's scale (743 queries × 3,092 snippets, every one ranked).
// Prints the machine, then per run the median wall time of the whole process and its CPU time (all threads), peak
// memory, the median time of each phase, the warm time (median of 7 evaluations in one process after untimed
// ones), and whether every arm computed the same means and per-query values.
//
//   pnpm --filter @execret/metrics bench:cold -- --base /path/to/other/checkout [--rounds 5] [--data dir]
//
// The other checkout must have built packages/formats and packages/metrics (`pnpm install && pnpm turbo run
// build --filter=@execret/metrics...` there).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatTrecQrels, formatTrecRun, mulberry32, type TrecQrelsRow, type TrecRunRow } from '@execret/formats';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    base: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    data: { type: 'string', default: join(tmpdir(), 'execret-cold-bench') },
  },
});
if (values.base === undefined) {
  console.error('cold.bench: --base <checkout> is required (the other execret checkout, built, to compare with)');
  process.exit(2);
}
const BASE = resolve(values.base);
const THIS = resolve(import.meta.dirname, '..', '..', '..');
const CHILD = join(import.meta.dirname, 'cold-child.mjs');
const ROUNDS = Number(values.rounds);
const WARM_REPEATS = 7;
const KS = [1, 3, 5, 10];
const MEASURES = [
  ...KS.map((k) => `exec@${k}`),
  ...KS.map((k) => `precision@${k}`),
  ...KS.map((k) => `ndcg@${k}`),
  'mrr',
];
for (const root of [BASE, THIS]) {
  for (const name of ['formats', 'metrics']) {
    if (!existsSync(join(root, 'packages', name, 'dist', 'index.js'))) {
      console.error(`cold.bench: ${root}/packages/${name}/dist is missing: build that checkout first`);
      process.exit(2);
    }
  }
}

interface Shape {
  name: string;
  queries: number;
  docs: number;
  /** Documents are one pool shared by every query (MBPP: every snippet ranked for every query). */
  shared: boolean;
  score: (rand: () => number) => number;
}
const SHAPES: Shape[] = [
  {
    name: 'HumanEval size, 136 × 10',
    queries: 136,
    docs: 10,
    shared: false,
    score: (r) => Math.round(r() * 1e6) / 1e6,
  },
  { name: 'ties, 10,000 × 100', queries: 10_000, docs: 100, shared: false, score: (r) => Math.round(r() * 20) / 20 },
  {
    name: 'MBPP scale, 743 × 3,092',
    queries: 743,
    docs: 3092,
    shared: true,
    score: (r) => Math.round(r() * 1e6) / 1e6,
  },
];

/** Writes a run (documents in id order, so no reader gets the tie rule's order for free) and its two qrels files. */
function writeRun(shape: Shape): string {
  const dir = join(values.data, shape.name.replace(/[^a-z0-9]+/gi, '-'));
  const spec = join(dir, 'spec.json');
  if (existsSync(spec)) return spec;
  mkdirSync(dir, { recursive: true });
  const rand = mulberry32(20260510);
  const run: TrecRunRow[] = [];
  const passing: TrecQrelsRow[] = [];
  const canonical: TrecQrelsRow[] = [];
  const width = String(shape.docs).length;
  for (let q = 0; q < shape.queries; q++) {
    const queryId = `q${String(q + 1).padStart(5, '0')}`;
    const docId = (i: number): string => `${shape.shared ? 'c' : `${queryId}_d`}${String(i + 1).padStart(width, '0')}`;
    for (let i = 0; i < shape.docs; i++) run.push({ queryId, docId: docId(i), rank: i + 1, score: shape.score(rand) });
    // 10% of queries with no passing snippet, the rest 1–3; the canonical is the first passing one.
    if (rand() < 0.1) {
      passing.push({ queryId, docId: docId(0), relevance: 0 });
      canonical.push({ queryId, docId: docId(0), relevance: 0 });
      continue;
    }
    const picked = new Set<number>();
    const count = 1 + Math.floor(rand() * 3);
    while (picked.size < count) picked.add(Math.floor(rand() * shape.docs));
    for (const i of picked) passing.push({ queryId, docId: docId(i), relevance: 1 });
    canonical.push({ queryId, docId: docId([...picked][0] as number), relevance: 1 });
  }
  writeFileSync(join(dir, 'run'), formatTrecRun(run, 'synthetic'));
  writeFileSync(join(dir, 'qrels.passing'), formatTrecQrels(passing));
  writeFileSync(join(dir, 'qrels.canonical'), formatTrecQrels(canonical));
  writeFileSync(
    spec,
    JSON.stringify({
      run: join(dir, 'run'),
      passing: join(dir, 'qrels.passing'),
      canonical: join(dir, 'qrels.canonical'),
      measures: MEASURES,
    }),
  );
  return spec;
}

interface ChildOutput {
  phases: Record<string, number>;
  cpuMs: number;
  maxRssMb: number;
  mean: Record<string, number>;
  warmMs?: number;
  digest?: string;
}
interface Arm {
  label: string;
  root: string;
  mode: 'records' | 'columns';
}
const ARMS: Arm[] = [
  { label: 'base records', root: BASE, mode: 'records' },
  { label: 'this records', root: THIS, mode: 'records' },
  { label: 'this columns', root: THIS, mode: 'columns' },
];

function runChild(arm: Arm, spec: string, warm: number): { wallMs: number; out: ChildOutput } {
  const started = performance.now();
  const child = spawnSync(process.execPath, [CHILD, arm.root, arm.mode, spec, String(warm)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  const wallMs = performance.now() - started;
  if (child.status !== 0) throw new Error(`cold.bench: ${arm.label} failed: ${child.stderr}`);
  return { wallMs, out: JSON.parse(child.stdout) as ChildOutput };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const ms = (x: number): string => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(x < 10 ? 1 : 0)} ms`);
const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

console.log('# Cold evaluation of a TREC run: this checkout against the base, side by side');
console.log();
console.log(`- this: ${THIS}`);
console.log(`- base: ${BASE}`);
console.log(`- CPU: ${cpus()[0]?.model ?? 'unknown'}, ${availableParallelism()} cores; Node ${process.version}`);
console.log(`- memory: ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ${(freemem() / 2 ** 30).toFixed(1)} GiB free`);
console.log(`- load average (1, 5, 15 min) at the start: ${load()}`);
console.log(
  `- ${MEASURES.length} measures; cold: median of ${ROUNDS} fresh processes per arm, interleaved; warm: median of ${WARM_REPEATS} evaluations in one process after untimed ones (until 1 s or 20)`,
);

for (const shape of SHAPES) {
  const spec = writeRun(shape);
  const runBytes = readFileSync(JSON.parse(readFileSync(spec, 'utf8')).run as string).length;
  const samples = new Map<string, { wallMs: number; out: ChildOutput }[]>(ARMS.map((a) => [a.label, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < ARMS.length; i++) {
      const arm = ARMS[(round + i) % ARMS.length] as Arm;
      samples.get(arm.label)?.push(runChild(arm, spec, 0));
    }
  }
  const warm = new Map(ARMS.map((arm) => [arm.label, runChild(arm, spec, WARM_REPEATS).out]));
  const means = ARMS.map((arm) => JSON.stringify(samples.get(arm.label)?.[0]?.out.mean));
  const digests = ARMS.map((arm) => warm.get(arm.label)?.digest);
  console.log();
  console.log(`## ${shape.name} (run file ${(runBytes / 2 ** 20).toFixed(1)} MiB; load at the end ${load()})`);
  console.log();
  const phaseNames = ['boot', 'import', 'read', 'qrels', 'parse', 'records', 'evaluate'];
  console.log(
    `| arm | cold wall | cold CPU | peak RSS | ${phaseNames.join(' | ')} | warm evaluate | base ÷ arm (cold wall) | base ÷ arm (cold CPU) |`,
  );
  console.log(`| --- | --- | --- | --- | ${phaseNames.map(() => '---').join(' | ')} | --- | --- | --- |`);
  const baseRuns = samples.get('base records') ?? [];
  const baseWall = median(baseRuns.map((s) => s.wallMs));
  const baseCpu = median(baseRuns.map((s) => s.out.cpuMs));
  for (const arm of ARMS) {
    const runs = samples.get(arm.label) ?? [];
    const wall = median(runs.map((s) => s.wallMs));
    const cpu = median(runs.map((s) => s.out.cpuMs));
    const phases = phaseNames.map((p) =>
      runs[0]?.out.phases[p] === undefined ? '—' : ms(median(runs.map((s) => s.out.phases[p] as number))),
    );
    console.log(
      `| ${arm.label} | ${ms(wall)} | ${ms(cpu)} | ${median(runs.map((s) => s.out.maxRssMb)).toFixed(0)} MiB | ${phases.join(' | ')} | ${ms(warm.get(arm.label)?.warmMs ?? Number.NaN)} | ${(baseWall / wall).toFixed(2)}× | ${(baseCpu / cpu).toFixed(2)}× |`,
    );
  }
  console.log();
  console.log(
    `Means equal in every arm: ${means.every((m) => m === means[0]) ? 'yes' : 'NO'}; every per-query value equal (digest of the warm results): ${digests.every((d) => d !== undefined && d === digests[0]) ? 'yes' : 'NO'}`,
  );
}
