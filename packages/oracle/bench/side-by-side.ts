// This oracle against another checkout's, loaded side by side in one process: the same slices of the
// synthetic corpus in interleaved rounds (order rotating, so load from other processes hits both alike),
// with one and two servers each. Prints, per oracle and server count, the median wall time per job, the
// CPU per job by process role (from /proc, see process-cpu.ts), where a job's time went
// (`stats().phaseMs`), and whether both gave identical outcomes on every job.
//
//   pnpm --filter @execret/oracle bench:side-by-side -- --base /path/to/other/checkout [--rounds 6] [--slice 300]
//
// The other checkout needs its dependencies installed (`pnpm install` there); a `git worktree` of an older
// commit with `packages/oracle/node_modules` linked to this one's works too. Measure a change to the
// oracle with a worktree of the commit before it as --base.
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { createOracle, type OracleJob, type OracleResult } from '../src/index.js';
import { median } from './median.js';
import { addCpuWindow, emptyCpuWindows, perJob, sampleCpu } from './process-cpu.js';
import { syntheticCorpus } from './synthetic-corpus.js';

const args = process.argv.slice(2);
const flag = (name: string, fallback?: string): string | undefined => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1] : fallback;
};
const baseDir = flag('base');
if (!baseDir) {
  console.error('side-by-side: --base <checkout> is required (the other execret checkout to compare with)');
  process.exit(2);
}
const ROUNDS = Number(flag('rounds', '6'));
const SLICE = Number(flag('slice', '300'));
const ISOLATION = flag('isolation', 'bwrap') as 'auto' | 'bwrap' | 'rlimit';

interface AnyOracle {
  runMany(jobs: readonly OracleJob[]): Promise<OracleResult[]>;
  stats(): { phaseMs: Record<string, number> };
  close(): Promise<void>;
}
type Create = (options: object) => Promise<AnyOracle>;

const other = (await import(resolve(join(baseDir, 'packages/oracle/src/index.ts')))) as { createOracle: Create };
const labels: [string, Create][] = [
  ['base', other.createOracle],
  ['this', createOracle as unknown as Create],
];
const jobs: OracleJob[] = syntheticCorpus().map(({ code, tests }) => ({ code, tests }));
interface Arm {
  label: string;
  servers: number;
  oracle: AnyOracle;
  wall: number[];
  cpu: ReturnType<typeof emptyCpuWindows>;
  phases: Record<string, number>;
  jobs: number;
}

const arms: Arm[] = [];
for (const [label, create] of labels)
  for (const servers of [1, 2]) {
    const oracle = await create({
      concurrency: servers,
      timeoutMs: 5000,
      isolation: ISOLATION,
      ...(servers > 1 ? { sandboxUid: 65000 } : {}),
    });
    await oracle.runMany(jobs.slice(0, 20));
    arms.push({ label, servers, oracle, wall: [], cpu: emptyCpuWindows(), phases: {}, jobs: 0 });
  }

console.log(
  `side by side: ${baseDir} (base) against this checkout; ${ROUNDS} rounds of ${SLICE} jobs per arm, ${ISOLATION}, ${availableParallelism()} cores, load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
let differing = 0;
let compared = 0;
try {
  let offset = 20;
  for (let r = 0; r < ROUNDS; r++) {
    for (const servers of [1, 2]) {
      if (offset + SLICE > jobs.length) offset = 20;
      const slice = jobs.slice(offset, offset + SLICE);
      offset += SLICE;
      const pair = arms.filter((a) => a.servers === servers);
      const outcomes: string[][] = [];
      for (let k = 0; k < pair.length; k++) {
        const arm = pair[(k + r) % pair.length] as Arm;
        const before = arm.oracle.stats().phaseMs;
        const c0 = sampleCpu();
        const t = performance.now();
        const results = await arm.oracle.runMany(slice);
        arm.wall.push((performance.now() - t) / slice.length);
        addCpuWindow(arm.cpu, c0, sampleCpu(), slice.length);
        const after = arm.oracle.stats().phaseMs;
        for (const key of Object.keys(after))
          arm.phases[key] = (arm.phases[key] ?? 0) + (after[key] ?? 0) - (before[key] ?? 0);
        arm.jobs += slice.length;
        outcomes[arms.indexOf(arm)] = results.map((x) => JSON.stringify(x.tests));
      }
      const [a, b] = pair.map((arm) => outcomes[arms.indexOf(arm)] as string[]);
      for (let i = 0; i < slice.length; i++) {
        compared++;
        if (a?.[i] !== b?.[i]) differing++;
      }
    }
  }
} finally {
  for (const arm of arms) await arm.oracle.close();
}

for (const servers of [1, 2]) {
  const pair = arms.filter((a) => a.servers === servers);
  for (const arm of pair) {
    const c = perJob(arm.cpu);
    const phases = Object.entries(arm.phases)
      .map(([k, v]) => `${k} ${(v / arm.jobs).toFixed(2)}`)
      .join(', ');
    console.log(
      `  ${arm.label}, ${servers} server${servers > 1 ? 's' : ''}: ${median(arm.wall).toFixed(3)} ms per job (rounds ${arm.wall.map((x) => x.toFixed(2)).join(' ')}); CPU ${c.oracleMs.toFixed(2)} ms per job (Node ${c.ms.node.toFixed(2)}, judge ${c.ms.judge.toFixed(2)}, zygote ${c.ms.zygote.toFixed(2)}, children ${c.ms.children.toFixed(2)}); phases (ms per job): ${phases}`,
    );
  }
  const [base, mine] = pair;
  if (base && mine)
    console.log(
      `  ${servers} server${servers > 1 ? 's' : ''}: this / base = ${(median(mine.wall) / median(base.wall)).toFixed(3)} in wall time, ${(perJob(mine.cpu).oracleMs / perJob(base.cpu).oracleMs).toFixed(3)} in CPU`,
    );
}
console.log(`  outcomes: ${compared - differing}/${compared} jobs identical between the two`);
