// Throughput of the oracle against the reference harness's approach (a fresh `python -I` subprocess per
// suite, same per-test semantics), side by side on the same machine in the same run.
//
//   pnpm --filter @execret/oracle bench                    # baseline on every 10th suite, extrapolated
//   pnpm --filter @execret/oracle bench -- --sample 1      # baseline on the full corpus (slow)
//   pnpm --filter @execret/oracle bench -- --isolation rlimit
//   pnpm --filter @execret/oracle bench -- --rounds 6 --slice 300   # the fork-limit part (below)
//   pnpm --filter @execret/oracle bench -- --limit-only            # only that part
//
// First, the cost per job against the fork limit: in the same rounds, interleaved, (a) one
// fork()+_exit()+waitpid() of a minimal interpreter (`python -I -S`, nothing imported), the floor of any
// design that forks a child per job, (b) the oracle with one server on a slice of the corpus (per job, and
// where the time went, from `oracle.stats().phaseMs`), (c) the same slice with two servers (throughput).
//
// The oracle runs twice on the sample, with split judging (the default: comparison asserts judged by the
// fork server from reported values) and with judging 'child' (every test judged inside the sandboxed
// child, as before split judging existed), so the cost of split judging is measured under the same load.
//
// The corpus is synthetic and deterministic (bench/synthetic-corpus.ts): 4,694 snippets, 7-10 asserts
// each. Both sides run 2 jobs at a time and use the same real interpreter. The baseline subsample and the
// oracle on the same subsample are interleaved in chunks, so load from other processes hits both alike.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Judged } from '@execret/formats';
import { createOracle, type OracleJob, type OracleResult, resolvePython } from '../src/index.js';
import { median } from './median.js';
import { addCpuWindow, type CpuPerJob, emptyCpuWindows, perJob, sampleCpu } from './process-cpu.js';
import { syntheticCorpus } from './synthetic-corpus.js';

const args = process.argv.slice(2);
const flag = (name: string, fallback: string): string => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] !== undefined ? (args[at + 1] as string) : fallback;
};
const SAMPLE_EVERY = Number(flag('sample', '10'));
const CONCURRENCY = Number(flag('concurrency', '2'));
const ISOLATION = flag('isolation', 'auto') as 'auto' | 'bwrap' | 'rlimit';
const TIMEOUT_MS = 5000;
const CHUNKS = 5;
const ROUNDS = Number(flag('rounds', '6'));
const SLICE = Number(flag('slice', '300'));

// The fork limit: a minimal interpreter forking a child that exits at once, N times per request.
const FORK_LOOP = `
import os, sys, time
for line in sys.stdin:
    n = int(line)
    times = []
    for _ in range(n):
        t = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            os._exit(0)
        os.waitpid(pid, 0)
        times.append(time.perf_counter() - t)
    times.sort()
    print(1000 * times[len(times) // 2], flush=True)
`;

// What one copy-on-write fault costs on this machine: a child writes one byte into each page of an 8 MB
// buffer it shares with its parent (minus the same loop once the pages are its own); microseconds per page.
const COW_FAULT = `
import os, time
pages = 2048
buf = bytearray(pages * 4096)
for i in range(0, len(buf), 4096):
    buf[i] = 1
r, w = os.pipe()
costs = []
for _ in range(5):
    pid = os.fork()
    if pid == 0:
        t = time.perf_counter()
        for i in range(0, len(buf), 4096):
            buf[i] = 2
        first = time.perf_counter() - t
        t = time.perf_counter()
        for i in range(0, len(buf), 4096):
            buf[i] = 3
        again = time.perf_counter() - t
        os.write(w, b"%f" % ((first - again) / pages * 1e6))
        os._exit(0)
    os.waitpid(pid, 0)
    costs.append(float(os.read(r, 64)))
costs.sort()
print(costs[len(costs) // 2])
`;

// The baseline harness: same semantics as the oracle (fresh namespace per test, snippet re-executed,
// one suite budget, the same outcome strings), but one fresh interpreter per suite and no sandbox.
const BASELINE = `
import json, signal, sys
job = json.loads(sys.stdin.read())
class _Budget(BaseException):
    pass
def _expired(signum, frame):
    raise _Budget()
signal.signal(signal.SIGALRM, _expired)
signal.setitimer(signal.ITIMER_REAL, job["timeout_ms"] / 1000.0)
def describe(exc):
    name = type(exc).__name__
    try:
        msg = str(exc).encode("utf-8", "replace")[:300].decode("utf-8", "ignore")
    except BaseException:
        msg = "<str() of the exception failed>"
    if isinstance(exc, AssertionError):
        return "FAIL: " + msg if msg else "FAIL"
    return "ERROR:" + name + ": " + msg if msg else "ERROR:" + name
try:
    snippet = compile(job["code"], "<snippet>", "exec", dont_inherit=True)
except BaseException as exc:
    print(json.dumps([describe(exc)] * len(job["tests"])))
    sys.exit(0)
out = []
for test in job["tests"]:
    try:
        code = compile(test, "<test>", "exec", dont_inherit=True)
    except BaseException as exc:
        out.append(describe(exc))
        continue
    ns = {"__name__": "__main__"}
    try:
        exec(snippet, ns)
        exec(code, ns)
        out.append("pass")
    except _Budget:
        out.extend(["TIMEOUT"] * (len(job["tests"]) - len(out)))
        break
    except BaseException as exc:
        out.append(describe(exc))
signal.setitimer(signal.ITIMER_REAL, 0)
print(json.dumps(out))
`;

function runBaselineOne(python: string, flags: readonly string[], job: OracleJob): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, [...flags, '-c', BASELINE], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve(JSON.parse(out) as string[]);
      } catch {
        resolve(job.tests.map(() => 'ERROR:BaselineCrashed'));
      }
    });
    child.stdin.end(JSON.stringify({ code: job.code, tests: job.tests, timeout_ms: TIMEOUT_MS }));
  });
}

async function runBaseline(python: string, flags: readonly string[], jobs: readonly OracleJob[]): Promise<string[][]> {
  const results = new Array<string[]>(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await runBaselineOne(python, flags, jobs[i] as OracleJob);
      }
    }),
  );
  return results;
}

const fmt = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** A `python -I -S` that measures fork()+_exit()+waitpid() on request (median of n, in ms). */
function forkLimitProbe(python: string): { measure(n: number): Promise<number>; close(): void } {
  const child = spawn(python, ['-I', '-S', '-c', FORK_LOOP], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdout.setEncoding('utf8');
  let buffered = '';
  let waiting: ((line: string) => void) | undefined;
  child.stdout.on('data', (chunk: string) => {
    buffered += chunk;
    const nl = buffered.indexOf('\n');
    if (nl >= 0 && waiting) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      const w = waiting;
      waiting = undefined;
      w(line);
    }
  });
  return {
    measure: (n) =>
      new Promise<number>((resolve) => {
        waiting = (line) => resolve(Number(line));
        child.stdin.write(`${n}\n`);
      }),
    close: () => child.stdin.end(),
  };
}

/**
 * The cost per job at concurrency 1 against the fork limit, where it goes, and the throughput with one
 * and two servers: ROUNDS rounds, each measuring the three in rotating order on a fresh SLICE of the
 * corpus (no job repeats, so nothing is answered from memory).
 */
async function forkLimitComparison(python: string, jobs: readonly OracleJob[]): Promise<void> {
  console.log(`fork limit against the oracle: ${ROUNDS} rounds of ${SLICE} jobs each, load average ${load()}`);
  const probe = forkLimitProbe(python);
  const one = await createOracle({ concurrency: 1, timeoutMs: TIMEOUT_MS, isolation: ISOLATION });
  const two = await createOracle({ concurrency: 2, timeoutMs: TIMEOUT_MS, isolation: ISOLATION, sandboxUid: 65000 });
  const limit: number[] = [];
  const perJob1: number[] = [];
  const perJob2: number[] = [];
  const phases = { fork: 0, childSetup: 0, job: 0, judging: 0, cleanup: 0, server: 0 };
  let executed = 0;
  let wall1 = 0;
  const cpu1 = emptyCpuWindows();
  const cpu2 = emptyCpuWindows();
  try {
    await one.runMany(jobs.slice(0, 20));
    await two.runMany(jobs.slice(20, 40));
    for (let r = 0; r < ROUNDS; r++) {
      const slice = jobs.slice(40 + r * 2 * SLICE, 40 + (r * 2 + 1) * SLICE);
      const slice2 = jobs.slice(40 + (r * 2 + 1) * SLICE, 40 + (r * 2 + 2) * SLICE);
      const steps = [
        async () => limit.push(await probe.measure(200)),
        async () => {
          const before = one.stats();
          const c0 = sampleCpu();
          const t = performance.now();
          await one.runMany(slice);
          const ms = performance.now() - t;
          addCpuWindow(cpu1, c0, sampleCpu(), slice.length);
          const after = one.stats();
          perJob1.push(ms / slice.length);
          wall1 += ms;
          executed += after.executed - before.executed;
          for (const key of Object.keys(phases) as (keyof typeof phases)[])
            phases[key] += after.phaseMs[key] - before.phaseMs[key];
        },
        async () => {
          const c0 = sampleCpu();
          const t = performance.now();
          await two.runMany(slice2);
          perJob2.push((performance.now() - t) / slice2.length);
          addCpuWindow(cpu2, c0, sampleCpu(), slice2.length);
        },
      ];
      for (let k = 0; k < steps.length; k++) await (steps[(k + r) % steps.length] as () => Promise<void>)();
    }
  } finally {
    probe.close();
    await one.close();
    await two.close();
  }
  const lim = median(limit);
  const cost = median(perJob1);
  const per = (ms: number): string => `${(ms / executed).toFixed(2)} ms`;
  console.log(
    `  fork limit (python -I -S, nothing imported: fork()+_exit()+waitpid()): ${lim.toFixed(2)} ms (median of rounds: ${limit.map((x) => x.toFixed(2)).join(' ')})`,
  );
  console.log(
    `  oracle, 1 server, ${one.info.isolation}: ${cost.toFixed(2)} ms per job = ${(cost / lim).toFixed(2)}x the fork limit (target <= 3x, goal 2x; rounds: ${perJob1.map((x) => x.toFixed(2)).join(' ')})`,
  );
  console.log(
    `  per job, 1 server: fork ${per(phases.fork)} and child setup ${per(phases.childSetup)} (both ahead of the job), job ${per(phases.job)}, judging ${per(phases.judging)} (judge CPU), cleanup wait ${per(phases.cleanup)}, the rest of the server's time ${per(phases.server - phases.job - phases.judging - phases.cleanup)} (IPC with the child, waiting for it to be ready); server ${per(phases.server)} of ${(wall1 / executed).toFixed(2)} ms: IPC with Node and Node ${((wall1 - phases.server) / executed).toFixed(2)} ms`,
  );
  const t1 = 1000 / cost;
  const t2 = 1000 / median(perJob2);
  console.log(
    `  throughput: 1 server ${t1.toFixed(0)} jobs/s, 2 servers ${t2.toFixed(0)} jobs/s (${(t2 / t1).toFixed(2)}x; rounds: ${perJob2.map((x) => x.toFixed(2)).join(' ')} ms per job); load average ${load()}`,
  );
  const cow = await new Promise<number>((resolve) => {
    const child = spawn(python, ['-I', '-S', '-c', COW_FAULT], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('close', () => resolve(Number(out.trim())));
  });
  console.log(`  one copy-on-write fault (a child writing a page it shares with its parent): ${cow.toFixed(2)} us`);
  const c1 = perJob(cpu1);
  const c2 = perJob(cpu2);
  const cores = availableParallelism();
  console.log(`  CPU per job (from /proc), 1 server: ${describeCpu(c1)}`);
  console.log(`  CPU per job (from /proc), 2 servers: ${describeCpu(c2)}`);
  // The machine's ceiling: every core busy with oracle work at the CPU cost per job measured with 2 servers.
  const ceiling = (1000 * cores) / c2.oracleMs;
  console.log(
    `  cores: 1 server keeps ${(c1.oracleMs / cost).toFixed(2)} of ${cores} cores busy (machine: ${(c1.machineMs / cost).toFixed(2)}), so a second server can add at most ${(cores / (c1.oracleMs / cost)).toFixed(2)}x; CPU ceiling ${cores} cores / ${c2.oracleMs.toFixed(2)} ms = ${ceiling.toFixed(0)} jobs/s, 2 servers reach ${((100 * t2) / ceiling).toFixed(0)}% of it`,
  );
  console.log('');
}

/**
 * Whether servers add throughput where the cores are free: jobs that mostly wait (each test sleeps
 * WAIT_MS, so a job costs the machine little CPU) run with 1, 2 and 4 servers. Each job is distinct, so
 * none is answered from memory. With CPU to spare, n servers should come close to n times one.
 */
async function scalingWithWaitingJobs(): Promise<void> {
  const WAIT_MS = 5;
  const N = 240;
  const jobs = (offset: number): OracleJob[] =>
    Array.from({ length: N }, (_, i) => ({
      code: `import time\n\ndef wait_${offset + i}():\n    time.sleep(${WAIT_MS / 1000})\n    return ${offset + i}\n`,
      tests: [`assert wait_${offset + i}() == ${offset + i}`],
    }));
  const line: string[] = [];
  let base = 0;
  let offset = 0;
  const nextJobs = (): OracleJob[] => {
    offset += N;
    return jobs(offset);
  };
  for (const servers of [1, 2, 4]) {
    const oracle = await createOracle({ concurrency: servers, timeoutMs: TIMEOUT_MS, isolation: ISOLATION });
    try {
      await oracle.runMany(nextJobs().slice(0, 2 * servers));
      const batch = nextJobs();
      const c0 = sampleCpu();
      const t = performance.now();
      await oracle.runMany(batch);
      const ms = (performance.now() - t) / N;
      const w = emptyCpuWindows();
      addCpuWindow(w, c0, sampleCpu(), N);
      if (servers === 1) base = ms;
      line.push(
        `${servers} server${servers > 1 ? 's' : ''} ${ms.toFixed(2)} ms per job (${(base / ms).toFixed(2)}x, ${(perJob(w).oracleMs / ms).toFixed(2)} cores busy)`,
      );
    } finally {
      await oracle.close();
    }
  }
  console.log(`  jobs that wait (${WAIT_MS} ms sleep each, ${N} per step): ${line.join(', ')}; load average ${load()}`);
}

function describeCpu(c: CpuPerJob): string {
  const f = (ms: number, faults: number): string => `${ms.toFixed(2)} ms (${faults.toFixed(0)} faults)`;
  return `Node ${f(c.ms.node, c.faults.node)}, judge ${f(c.ms.judge, c.faults.judge)}, zygote ${f(c.ms.zygote, c.faults.zygote)}, job children ${f(c.ms.children, c.faults.children)}, bwrap ${c.ms.bwrap.toFixed(2)} ms = ${c.oracleMs.toFixed(2)} ms (machine ${c.machineMs.toFixed(2)} ms)`;
}

async function main(): Promise<void> {
  const corpus = syntheticCorpus();
  const jobs: OracleJob[] = corpus.map(({ code, tests }) => ({ code, tests }));
  const nTests = jobs.reduce((s, j) => s + j.tests.length, 0);
  const sample = jobs.filter((_, i) => i % SAMPLE_EVERY === 0);
  const python = await resolvePython();
  console.log(
    `corpus: ${jobs.length} snippets, ${nTests} asserts (${(nTests / jobs.length).toFixed(2)} per suite); baseline sample: every ${SAMPLE_EVERY}th = ${sample.length} suites`,
  );
  console.log(
    `python: ${python.executable} ${python.version}; concurrency ${CONCURRENCY} on ${availableParallelism()} cores; suite budget ${TIMEOUT_MS} ms`,
  );

  await forkLimitComparison(python.executable, jobs);
  await scalingWithWaitingJobs();
  console.log('');
  if (args.includes('--limit-only')) return;

  const dir = mkdtempSync(join(tmpdir(), 'execret-oracle-bench-'));
  const cacheFile = join(dir, 'execution_cache.jsonl');
  try {
    const t0 = performance.now();
    const oracle = await createOracle({ concurrency: CONCURRENCY, timeoutMs: TIMEOUT_MS, isolation: ISOLATION });
    const startMs = performance.now() - t0;
    console.log(
      `oracle: isolation ${oracle.info.isolation}${oracle.info.fallbackReason ? ` (fallback: ${oracle.info.fallbackReason})` : ''}, ${CONCURRENCY} fork servers started in ${startMs.toFixed(0)} ms`,
    );
    const childOracle = await createOracle({
      concurrency: CONCURRENCY,
      timeoutMs: TIMEOUT_MS,
      isolation: ISOLATION,
      judging: 'child',
    });

    // 1. Side by side on the identical subsample, interleaved in chunks: the reference approach
    //    (python -I), the same without site-packages (python -I -S, a stricter reference), the oracle.
    let baselineMs = 0;
    let bareMs = 0;
    let oracleSampleMs = 0;
    let childSampleMs = 0;
    const baselineOut: string[][] = [];
    const oracleOut: OracleResult[] = [];
    const childOut: OracleResult[] = [];
    const size = Math.ceil(sample.length / CHUNKS);
    for (let c = 0; c < CHUNKS; c++) {
      const chunk = sample.slice(c * size, (c + 1) * size);
      let t = performance.now();
      baselineOut.push(...(await runBaseline(python.executable, ['-I'], chunk)));
      baselineMs += performance.now() - t;
      t = performance.now();
      await runBaseline(python.executable, ['-I', '-S'], chunk);
      bareMs += performance.now() - t;
      t = performance.now();
      oracleOut.push(...(await oracle.runMany(chunk)));
      oracleSampleMs += performance.now() - t;
      t = performance.now();
      childOut.push(...(await childOracle.runMany(chunk)));
      childSampleMs += performance.now() - t;
    }
    const agree = baselineOut.filter((b, i) => JSON.stringify(b) === JSON.stringify(oracleOut[i]?.tests)).length;
    const agreeChild = baselineOut.filter((b, i) => JSON.stringify(b) === JSON.stringify(childOut[i]?.tests)).length;
    await oracle.close();
    await childOracle.close();

    // 2. The oracle on the full corpus, writing the execution cache.
    const full = await createOracle({
      concurrency: CONCURRENCY,
      timeoutMs: TIMEOUT_MS,
      isolation: ISOLATION,
      cacheFile,
    });
    let t = performance.now();
    const results = await full.runMany(jobs);
    const oracleFullMs = performance.now() - t;
    await full.close();

    // 3. A second run answered from the cache.
    const cached = await createOracle({
      concurrency: CONCURRENCY,
      timeoutMs: TIMEOUT_MS,
      isolation: ISOLATION,
      cacheFile,
    });
    t = performance.now();
    const again = await cached.runMany(jobs);
    const cachedMs = performance.now() - t;
    await cached.close();

    const canonical = corpus.map((c, i) => [c, results[i]] as const);
    const canonPass = canonical.filter(([c, r]) => c.label === 'correct' && r?.status === 'pass').length;
    const canonTotal = corpus.filter((c) => c.label === 'correct').length;
    const distractorFail = canonical.filter(([c, r]) => c.label === 'incorrect' && r?.status !== 'pass').length;
    const baselineFullMs = (baselineMs / sample.length) * jobs.length;
    const perBaseline = baselineMs / sample.length;
    const perOracleSample = oracleSampleMs / sample.length;
    const perOracle = oracleFullMs / jobs.length;

    console.log('');
    console.log(`side by side, same ${sample.length} suites, interleaved in ${CHUNKS} chunks:`);
    console.log(
      `  baseline (fresh python -I per suite): ${fmt(baselineMs)}  = ${perBaseline.toFixed(2)} ms per snippet`,
    );
    console.log(
      `  fresh python -I -S per suite:         ${fmt(bareMs)}  = ${(bareMs / sample.length).toFixed(2)} ms per snippet`,
    );
    console.log(
      `  oracle (fork servers, ${oracle.info.isolation}, split judging): ${fmt(oracleSampleMs)}  = ${perOracleSample.toFixed(2)} ms per snippet`,
    );
    console.log(
      `  oracle (fork servers, ${oracle.info.isolation}, judging 'child'): ${fmt(childSampleMs)}  = ${(childSampleMs / sample.length).toFixed(2)} ms per snippet`,
    );
    console.log(
      `  ratio: ${(baselineMs / oracleSampleMs).toFixed(1)}x against python -I, ${(bareMs / oracleSampleMs).toFixed(1)}x against python -I -S (judging 'child': ${(baselineMs / childSampleMs).toFixed(1)}x, ${(bareMs / childSampleMs).toFixed(1)}x); split/child cost ${(oracleSampleMs / childSampleMs).toFixed(2)}`,
    );
    console.log(
      `  identical outcomes (baseline vs oracle): ${agree}/${sample.length} suites split, ${agreeChild}/${sample.length} child`,
    );
    console.log('');
    console.log(`full corpus (${jobs.length} snippets):`);
    console.log(
      `  baseline: ${fmt(baselineFullMs)} ${SAMPLE_EVERY === 1 ? '(measured)' : `(extrapolated from the ${sample.length}-suite sample)`}  = ${perBaseline.toFixed(2)} ms per snippet`,
    );
    console.log(
      `  oracle:   ${fmt(oracleFullMs)} (measured, writing the cache) = ${perOracle.toFixed(2)} ms per snippet`,
    );
    console.log(`  ratio: ${(baselineFullMs / oracleFullMs).toFixed(1)}x`);
    console.log(`  from the cache: ${fmt(cachedMs)} (${again.filter((r) => r.cached).length} hits)`);
    console.log(
      `  canonicals passing: ${canonPass}/${canonTotal}; distractors failing: ${distractorFail}/${jobs.length - canonTotal}`,
    );
    const judged: Record<Judged, number> = { split: 0, child: 0, fallback: 0 };
    for (const r of results) for (const j of r.judged) judged[j]++;
    console.log(
      `  tests judged: ${Object.entries(judged)
        .map(([k, n]) => `${k} ${n} (${((100 * n) / nTests).toFixed(1)}%)`)
        .join(', ')}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
