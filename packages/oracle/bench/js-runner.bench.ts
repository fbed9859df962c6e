/**
 * The JavaScript runner's candidates side by side, on one realistic job mix (a function with 8 tests, as in
 * the benchmark: canonicals and near-identical buggy variants), in the same run:
 *
 * - `node per job`: the `node` engine, a fresh node process per job inside bubblewrap, processes started
 *   ahead (and the same under rlimit, to show what bubblewrap costs);
 * - `QuickJS`: the `quickjs` engine, QuickJS in WebAssembly in a long-lived sandboxed host, a fresh runtime
 *   per test with the snippet evaluated anew (the default: 64 jobs per WebAssembly instance), and with a fresh
 *   WebAssembly instance per job;
 * - two floors: a bare `node` start inside the same bubblewrap sandbox (what every node-per-job job pays at
 *   least), and the QuickJS work of a job in this process, without sandbox or IPC.
 *
 * Per candidate and concurrency (1 and 2): wall ms per job and jobs per second with the runner warm, CPU ms
 * per job of the whole process tree (children included, start-up amortised), start-up time; rounds
 * interleave the candidates; medians are printed. Outcomes are compared across candidates.
 *
 * No variant loops forever (one that does costs the whole budget, which would swamp every per-job figure).
 *
 * Usage: pnpm --filter @execret/oracle bench:js [-- --rounds 3 --node-jobs 40 --quickjs-jobs 400 --out file.json]
 *
 * With `--base <checkout>` (another execret checkout with its dependencies installed, e.g. a `git worktree` of the
 * commit before a change), the candidates are that checkout's runner and this one, each engine under bubblewrap,
 * interleaved the same way: a change to the runner measured against the code before it, in one run.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release } from 'node:os';
import { join } from 'node:path';
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';
import { createJsRunner } from '../src/js/js-runner.js';
import { engineCommand, systemMounts } from '../src/js/sandbox-command.js';
import { planTest } from '../src/js/test-plan.js';
import type { JsJob, JsResult, JsRunnerOptions } from '../src/js/types.js';
import { median } from './median.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const ROUNDS = option('rounds', 3);
const NODE_JOBS = option('node-jobs', 40);
const QUICKJS_JOBS = option('quickjs-jobs', 400);
const outIndex = args.indexOf('--out');
const OUT = outIndex >= 0 ? args[outIndex + 1] : undefined;
const baseIndex = args.indexOf('--base');
const BASE = baseIndex >= 0 ? args[baseIndex + 1] : undefined;
type CreateRunner = typeof createJsRunner;
/** The other checkout's `createJsRunner`, when comparing with one. */
const baseRunner: CreateRunner | undefined = BASE
  ? ((await import(join(BASE, 'packages/oracle/src/js/js-runner.ts'))) as { createJsRunner: CreateRunner })
      .createJsRunner
  : undefined;

// ---------------------------------------------------------------------------------------------------
// The job mix: 10 task templates; for each task a canonical and 4 single-edit variants; 8 tests per task
// whose expected values come from running the canonical here (trusted code), as literals.

interface Template {
  name: string;
  code: string;
  mutants: [string, string][];
  calls: string[];
  /** A test judged in the sandbox (`assert.throws`), when the task has one. */
  child?: string;
}

const TEMPLATES: Template[] = [
  {
    name: 'countVowels',
    code: 'function countVowels(s) {\n  let n = 0;\n  for (const c of s.toLowerCase()) if ("aeiou".includes(c)) n++;\n  return n;\n}',
    mutants: [
      ['let n = 0', 'let n = 1'],
      ['n++', 'n--'],
      ['"aeiou"', '"aeio"'],
      ['s.toLowerCase()', 's'],
    ],
    calls: ['"hello world"', '"AEIOU"', '""', '"rhythm"', '"Queueing"', '"The quick brown fox"', '"aaaa"', '"xyz aei"'],
  },
  {
    name: 'fib',
    code: 'function fib(n) {\n  let a = 0;\n  let b = 1;\n  for (let i = 0; i < n; i++) [a, b] = [b, a + b];\n  return a;\n}',
    mutants: [
      ['i < n', 'i <= n'],
      ['a + b', 'a - b'],
      ['let b = 1', 'let b = 2'],
      ['[a, b] = [b, a + b]', '[a, b] = [a + b, b]'],
    ],
    calls: ['0', '1', '2', '5', '10', '20', '30', '40'],
  },
  {
    name: 'chunk',
    code: 'function chunk(xs, size) {\n  if (size < 1) throw new RangeError("size must be positive");\n  const out = [];\n  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));\n  return out;\n}',
    mutants: [
      ['i < xs.length', 'i <= xs.length'],
      ['i + size)', 'i + size + 1)'],
      ['throw new RangeError', 'throw new TypeError'],
      ['xs.slice(i, i + size)', 'xs.slice(i + 1, i + size)'],
    ],
    calls: [
      '[1, 2, 3, 4, 5], 2',
      '[1, 2, 3], 1',
      '[], 3',
      '[1, 2, 3, 4], 4',
      '["a", "b", "c"], 2',
      '[1, 2, 3, 4, 5, 6], 3',
      '[0], 5',
    ],
    child: 'assert.throws(() => chunk([1, 2], 0), RangeError)',
  },
  {
    name: 'wordFreq',
    code: 'function wordFreq(text) {\n  const counts = {};\n  for (const w of text.toLowerCase().split(/\\s+/).filter(Boolean)) counts[w] = (counts[w] || 0) + 1;\n  return counts;\n}',
    mutants: [
      ['(counts[w] || 0) + 1', '(counts[w] || 1) + 1'],
      ['.filter(Boolean)', ''],
      ['text.toLowerCase()', 'text'],
      ['/\\s+/', '/ /'],
    ],
    calls: ['"a b a"', '"The the THE"', '""', '"one"', '"x  y   x"', '"b a b a c"', '"Hello, hello"', '"p q r s"'],
  },
  {
    name: 'isPalindrome',
    code: 'function isPalindrome(s) {\n  const t = s.toLowerCase().replace(/[^a-z0-9]/g, "");\n  for (let i = 0, j = t.length - 1; i < j; i++, j--) if (t[i] !== t[j]) return false;\n  return true;\n}',
    mutants: [
      ['i < j', 'i <= j - 2'],
      ['t[i] !== t[j]', 't[i] === t[j]'],
      ['t.length - 1', 't.length - 2'],
      ['s.toLowerCase()', 's'],
    ],
    calls: [
      '"racecar"',
      '"A man, a plan, a canal: Panama"',
      '"hello"',
      '""',
      '"ab"',
      '"Was it a car or a cat I saw"',
      '"abca"',
      '"Noon"',
    ],
  },
  {
    name: 'clamp',
    code: 'function clamp(x, lo, hi) {\n  if (lo > hi) throw new RangeError("lo > hi");\n  return Math.min(hi, Math.max(lo, x));\n}',
    mutants: [
      ['lo > hi', 'lo >= hi'],
      ['Math.min(hi, Math.max(lo, x))', 'Math.max(hi, Math.min(lo, x))'],
      ['if (lo > hi) throw new RangeError("lo > hi");', ''],
      ['Math.max(lo, x)', 'Math.max(lo, x + 1)'],
    ],
    calls: ['5, 0, 10', '-5, 0, 10', '15, 0, 10', '0, 0, 0', '3.5, 1, 2', '-1, -3, -2', '10, 0, 10'],
    child: 'assert.throws(() => clamp(1, 5, 2), RangeError)',
  },
  {
    name: 'gcd',
    code: 'function gcd(a, b) {\n  while (b !== 0) [a, b] = [b, a % b];\n  return Math.abs(a);\n}',
    mutants: [
      ['b !== 0', 'b > 1'],
      ['Math.abs(a)', 'Math.abs(a) - 1'],
      ['Math.abs(a)', 'a'],
      ['while (b !== 0)', 'while (b > 0)'],
    ],
    calls: ['12, 18', '7, 3', '0, 5', '5, 0', '-12, 18', '100, 75', '17, 17', '1, 1'],
  },
  {
    name: 'binarySearch',
    code: 'function binarySearch(xs, x) {\n  let lo = 0;\n  let hi = xs.length - 1;\n  while (lo <= hi) {\n    const mid = (lo + hi) >> 1;\n    if (xs[mid] === x) return mid;\n    if (xs[mid] < x) lo = mid + 1;\n    else hi = mid - 1;\n  }\n  return -1;\n}',
    mutants: [
      ['lo <= hi', 'lo < hi'],
      ['lo = mid + 1', 'lo = mid + 2'],
      ['xs[mid] < x', 'xs[mid] > x'],
      ['xs.length - 1', 'xs.length - 2'],
    ],
    calls: [
      '[1, 3, 5, 7, 9], 7',
      '[1, 3, 5, 7, 9], 1',
      '[1, 3, 5, 7, 9], 9',
      '[1, 3, 5, 7, 9], 4',
      '[], 1',
      '[2], 2',
      '[1, 2, 3, 4, 5, 6], 6',
      '[1, 2], 0',
    ],
  },
  {
    name: 'runLength',
    code: 'function runLength(s) {\n  const out = [];\n  for (let i = 0; i < s.length; ) {\n    let j = i;\n    while (j < s.length && s[j] === s[i]) j++;\n    out.push([s[i], j - i]);\n    i = j;\n  }\n  return out;\n}',
    mutants: [
      ['[s[i], j - i]', '[s[i], j - i + 1]'],
      ['[s[i], j - i]', '[s[j - 1], j - i - 1]'],
      ['i < s.length', 'i < s.length - 1'],
      ['let j = i', 'let j = i + 1'],
    ],
    calls: ['"aaabcc"', '""', '"a"', '"abc"', '"zzzz"', '"aabbaa"', '"xyyz"', '"mmmnnnoo"'],
  },
  {
    name: 'parseDuration',
    code: 'function parseDuration(text) {\n  const units = { h: 3600, m: 60, s: 1 };\n  let total = 0;\n  for (const [, n, u] of text.matchAll(/(\\d+)([hms])/g)) total += Number(n) * units[u];\n  return total;\n}',
    mutants: [
      ['h: 3600', 'h: 360'],
      ['total += Number(n) * units[u]', 'total = Number(n) * units[u]'],
      ['let total = 0', 'let total = 1'],
      ['m: 60', 'm: 61'],
    ],
    calls: ['"1h"', '"1h30m"', '"45s"', '""', '"2h5m10s"', '"0s"', '"10m10m"', '"3h"'],
  },
];

/** The literal text of a plain-data value, as a test would write it. */
function literal(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (typeof value === 'object') {
    return `{ ${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${JSON.stringify(k)}: ${literal(v)}`)
      .join(', ')} }`;
  }
  throw new Error(`no literal for ${String(value)}`);
}

function tasks(): { canonical: JsJob; variants: JsJob[] }[] {
  return TEMPLATES.map((template) => {
    const run = new Function(`${template.code}\nreturn (args) => ${template.name}(...args);`)() as (
      a: unknown[],
    ) => unknown;
    const tests = template.calls.map((call) => {
      const value = run(new Function(`return [${call}];`)() as unknown[]);
      const assertion = typeof value === 'object' ? 'deepStrictEqual' : 'strictEqual';
      return `assert.${assertion}(${template.name}(${call}), ${literal(value)})`;
    });
    if (template.child) tests.push(template.child);
    const suite = tests.slice(0, 8);
    return {
      canonical: { code: template.code, tests: suite },
      variants: template.mutants.map(([from, to]) => {
        if (!template.code.includes(from)) throw new Error(`${template.name}: mutant source ${from} not found`);
        return { code: template.code.replace(from, to), tests: suite };
      }),
    };
  });
}

/** `count` jobs cycling through canonicals and variants, with small input changes so no two are identical. */
function jobMix(count: number): JsJob[] {
  const all = tasks().flatMap((t) => [t.canonical, ...t.variants]);
  return Array.from({ length: count }, (_, i) => {
    const job = all[i % all.length] as JsJob;
    return { code: `${job.code}\n// job ${i}`, tests: job.tests };
  });
}

// ---------------------------------------------------------------------------------------------------
// Measurement.

const TICK_MS = 10;
/**
 * CPU ms from /proc/self/stat: `self` (utime + stime of this process) and `children` (cutime + cstime of
 * reaped descendants). Processes inside a bubblewrap pid namespace are not accounted to their ancestors
 * (measured: 10 busy jobs of 200 ms added 20 ms), so sandboxed engines report their own CPU instead
 * (`runner.stats().engineCpuMs`).
 */
function cpu(): { self: number; children: number } {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  const at = (i: number): number => Number(fields[i]) * TICK_MS;
  return { self: at(11) + at(12), children: at(13) + at(14) };
}

interface Phase {
  candidate: string;
  concurrency: number;
  jobs: number;
  startMs: number;
  wallMs: number;
  /** CPU of the whole phase (runner process + engine processes, start-up included), or undefined when unknown. */
  cpuMs: number | undefined;
  results?: JsResult[];
}

async function measureRunner(
  candidate: string,
  options: JsRunnerOptions,
  concurrency: number,
  jobs: JsJob[],
  create: CreateRunner = createJsRunner,
): Promise<Phase> {
  const before = cpu();
  const t0 = performance.now();
  const runner = await create({ ...options, concurrency });
  const startMs = performance.now() - t0;
  // Warm: a few jobs per slot before the clock starts (a QuickJS host's code tiers up on its first jobs).
  await runner.runMany(jobs.slice(0, concurrency * 4));
  const t1 = performance.now();
  const results = await runner.runMany(jobs);
  const wallMs = performance.now() - t1;
  const engineCpuMs = runner.stats().engineCpuMs;
  await runner.close();
  const after = cpu();
  // Under rlimit the engine processes are reaped by this process and counted in `children` too: take the
  // larger of the two views rather than both.
  const engine = Math.max(engineCpuMs, after.children - before.children);
  return {
    candidate,
    concurrency,
    jobs: jobs.length,
    startMs,
    wallMs,
    cpuMs: after.self - before.self + engine,
    results,
  };
}

/**
 * A bare node start (an empty script), `count` times, `concurrency` at once: in the node engine's bubblewrap
 * sandbox (wall only: its CPU is not accounted here), or under prlimit alone (wall and CPU).
 */
async function measureBareNode(concurrency: number, count: number, isolation: 'bwrap' | 'rlimit'): Promise<Phase> {
  const root = process.getuid?.() === 0;
  const command = (slot: number) =>
    engineCommand({
      isolation,
      bwrap: 'bwrap',
      node: process.execPath,
      nodeArgs: [],
      script: '/dev/null',
      scriptArgs: [],
      binds: [],
      uid: root ? 65100 - slot : null,
      limits: {
        dataBytes: 1024 * 1024 * 1024,
        openFiles: 256,
        fileBytes: 1 << 20,
        processes: root ? 64 : null,
        cpuSeconds: 10,
        stackBytes: null,
      },
      tmpfsBytes: 1 << 26,
      system: systemMounts(),
    });
  const before = cpu();
  const t0 = performance.now();
  let next = 0;
  const lane = async (slot: number) => {
    while (next < count) {
      next++;
      const { command: cmd, args: argv, env, cwd } = command(slot);
      await new Promise<void>((resolve, reject) => {
        const child = spawn(cmd, argv, { env, cwd, stdio: 'ignore' });
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bare node exited ${code}`))));
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, slot) => lane(slot)));
  const after = cpu();
  return {
    candidate: `floor: bare node start (${isolation})`,
    concurrency,
    jobs: count,
    startMs: 0,
    wallMs: performance.now() - t0,
    cpuMs: isolation === 'bwrap' ? undefined : after.children - before.children,
  };
}

/**
 * The QuickJS work of each job in this process, as the host does it (for each split test a fresh runtime, the
 * prelude, the snippet, the probe, the serialiser), no sandbox, no IPC.
 */
async function measureInProcessQuickJs(jobs: JsJob[]): Promise<Phase> {
  const prelude = readFileSync(join(import.meta.dirname, '..', 'js', 'prelude.js'), 'utf8');
  const module = await newQuickJSWASMModuleFromVariant(variant);
  const runOne = (job: JsJob): void => {
    for (const test of job.tests) {
      const plan = planTest(test);
      if (plan.kind !== 'split') continue;
      const runtime = module.newRuntime();
      const context = runtime.newContext();
      const factory = context.unwrapResult(context.evalCode(prelude));
      const api = context.unwrapResult(context.callFunction(factory, context.undefined));
      factory.dispose();
      const serialize = context.getProp(api, 'serialize');
      context.unwrapResult(context.evalCode(job.code)).dispose();
      const fn = context.unwrapResult(context.evalCode(`(function (assert) { return (\n${plan.probe}\n); })`));
      const value = context.callFunction(fn, context.undefined, context.undefined);
      fn.dispose();
      if (value.error) value.error.dispose();
      else {
        const text = context.unwrapResult(context.callFunction(serialize, context.undefined, value.value));
        value.value.dispose();
        text.dispose();
      }
      serialize.dispose();
      api.dispose();
      context.dispose();
      runtime.dispose();
    }
  };
  for (const job of jobs.slice(0, 100)) runOne(job);
  const before = cpu();
  const t0 = performance.now();
  for (const job of jobs) runOne(job);
  return {
    candidate: 'floor: QuickJS work in-process',
    concurrency: 1,
    jobs: jobs.length,
    startMs: 0,
    wallMs: performance.now() - t0,
    cpuMs: cpu().self - before.self,
  };
}

// ---------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const machine = {
    cpus: cpus().length,
    model: cpus()[0]?.model ?? 'unknown',
    kernel: release(),
    node: process.version,
    loadBefore: loadavg().map((l) => l.toFixed(2)),
  };
  console.log(
    `machine: ${machine.cpus} × ${machine.model}, Linux ${machine.kernel}, node ${machine.node}, load ${machine.loadBefore.join(' ')}`,
  );
  const quickJobs = jobMix(QUICKJS_JOBS);
  const nodeJobs = jobMix(NODE_JOBS);
  const planned = quickJobs.flatMap((j) => j.tests.map((t) => planTest(t).kind));
  console.log(
    `job mix: ${TEMPLATES.length} tasks × (canonical + 4 variants), 8 tests each; ${((100 * planned.filter((k) => k === 'split').length) / planned.length).toFixed(1)}% of tests split`,
  );
  const compared: { name: string; options: JsRunnerOptions; jobs: JsJob[]; create?: CreateRunner }[] = baseRunner
    ? [
        {
          name: 'QuickJS, runtime per test (bwrap, default): base',
          options: { engine: 'quickjs', isolation: 'bwrap' },
          jobs: quickJobs,
          create: baseRunner,
        },
        {
          name: 'QuickJS, runtime per test (bwrap, default): this checkout',
          options: { engine: 'quickjs', isolation: 'bwrap' },
          jobs: quickJobs,
        },
        {
          name: 'node per job (bwrap): base',
          options: { engine: 'node', isolation: 'bwrap' },
          jobs: nodeJobs,
          create: baseRunner,
        },
        {
          name: 'node per job (bwrap): this checkout',
          options: { engine: 'node', isolation: 'bwrap' },
          jobs: nodeJobs,
        },
      ]
    : [];
  const candidates: { name: string; options: JsRunnerOptions; jobs: JsJob[]; create?: CreateRunner }[] = baseRunner
    ? compared
    : [
        { name: 'node per job (bwrap)', options: { engine: 'node', isolation: 'bwrap' }, jobs: nodeJobs },
        { name: 'node per job (rlimit)', options: { engine: 'node', isolation: 'rlimit' }, jobs: nodeJobs },
        {
          name: 'QuickJS, runtime per test (bwrap, default)',
          options: { engine: 'quickjs', isolation: 'bwrap' },
          jobs: quickJobs,
        },
        {
          name: 'QuickJS, wasm instance per job (bwrap)',
          options: { engine: 'quickjs', isolation: 'bwrap', jobsPerInstance: 1 },
          jobs: quickJobs,
        },
      ];
  const phases: Phase[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? candidates : [...candidates].reverse();
    for (const concurrency of [1, 2]) {
      for (const candidate of order) {
        const phase = await measureRunner(
          candidate.name,
          candidate.options,
          concurrency,
          candidate.jobs,
          candidate.create,
        );
        phases.push(phase);
        console.log(
          `round ${round + 1} c=${concurrency} ${candidate.name}: ${(phase.wallMs / phase.jobs).toFixed(2)} ms/job, start ${phase.startMs.toFixed(0)} ms`,
        );
      }
      if (baseRunner) continue;
      phases.push(await measureBareNode(concurrency, NODE_JOBS, 'bwrap'));
      phases.push(await measureBareNode(concurrency, NODE_JOBS, 'rlimit'));
    }
    if (!baseRunner) phases.push(await measureInProcessQuickJs(quickJobs));
  }

  // Outcomes: every candidate against QuickJS's default on the jobs both ran.
  const reference = phases.find((p) => p.candidate.includes('default'))?.results ?? [];
  const agreement: Record<string, string> = {};
  for (const candidate of candidates) {
    const results = phases.find((p) => p.candidate === candidate.name)?.results ?? [];
    let same = 0;
    let sameStatus = 0;
    let tests = 0;
    for (let i = 0; i < results.length && i < reference.length; i++) {
      const a = results[i] as JsResult;
      const b = reference[i] as JsResult;
      if (a.status === b.status) sameStatus++;
      a.tests.forEach((t, k) => {
        tests++;
        if (t === b.tests[k]) same++;
      });
    }
    agreement[candidate.name] =
      `${sameStatus}/${results.length} statuses, ${same}/${tests} outcome strings identical to QuickJS`;
  }

  const rows: string[] = [];
  rows.push('| candidate | concurrency | ms per job (wall) | jobs/s | CPU ms per job | start-up ms |');
  rows.push('| --- | --- | --- | --- | --- | --- |');
  const names = [...new Set(phases.map((p) => p.candidate))];
  const summary: Record<string, unknown>[] = [];
  for (const name of names) {
    for (const concurrency of [1, 2]) {
      const group = phases.filter((p) => p.candidate === name && p.concurrency === concurrency);
      if (group.length === 0) continue;
      const perJob = median(group.map((p) => p.wallMs / p.jobs));
      const cpus = group.map((p) => p.cpuMs).filter((c): c is number => c !== undefined);
      const cpuPerJob = cpus.length === 0 ? undefined : median(cpus.map((c) => c / (group[0]?.jobs ?? 1)));
      const start = median(group.map((p) => p.startMs));
      summary.push({
        candidate: name,
        concurrency,
        msPerJob: perJob,
        jobsPerSecond: 1000 / perJob,
        cpuMsPerJob: cpuPerJob,
        startMs: start,
        rounds: group.length,
        jobs: group[0]?.jobs,
      });
      rows.push(
        `| ${name} | ${concurrency} | ${perJob.toFixed(2)} | ${(1000 / perJob).toFixed(1)} | ${cpuPerJob === undefined ? '—' : cpuPerJob.toFixed(2)} | ${start > 0 ? start.toFixed(0) : '—'} |`,
      );
    }
  }
  console.log(`\n${rows.join('\n')}\n`);
  console.log(
    'CPU ms per job: the runner process plus what the engine processes report (QuickJS hosts: all their CPU, start-up and warm-up included; node job processes: theirs at done; spares never used excluded), over the phase; the bwrap floor has no CPU figure (a pid namespace hides it).',
  );
  for (const [name, text] of Object.entries(agreement)) console.log(`outcomes, ${name}: ${text}`);
  console.log(
    `load after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (OUT) {
    writeFileSync(
      OUT,
      `${JSON.stringify({ machine, rounds: ROUNDS, nodeJobs: NODE_JOBS, quickjsJobs: QUICKJS_JOBS, summary, agreement, loadAfter: loadavg() }, null, 2)}\n`,
    );
  }
}

await main();
