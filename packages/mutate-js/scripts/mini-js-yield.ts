// Mutant yield per bug type on the mini-js tasks, measured under plain Node.
//
//   pnpm --filter @execret/mutate-js yield [--workers 2] [--timeout-ms 250]
//
// Enumerates every task of fixtures/mini-js-tasks/tasks.jsonl with enumerateJsMutants, then runs each `ok`
// candidate against its task's tests in a child `node` process (heap capped at 256 MB): every test in a fresh
// node:vm context holding the mutant and `assert` = node:assert/strict, with a per-test timeout. A candidate is
// killed when a test does not pass: `output` when some test FAILs (an AssertionError), else `crash` (errors,
// timeouts, a child that died). A job stops at its first TIMEOUT (its class is then decided by the tests run so
// far). This is a measurement of the engine, not the benchmark's runner: node:vm is not an isolation boundary,
// which is acceptable only because these are our own canonicals' mutants. Prints a table per bug type.
import { spawn } from 'node:child_process';
import { BUG_TYPES } from '@execret/formats';
import { enumerateJsMutants, type JsCandidateStatus } from '../src/index.js';
import { readMiniJsTasks } from '../test/mini-js-tasks.js';

const CHILD = `
const vm = require('node:vm');
const assert = require('node:assert/strict');
let input = '';
process.stdin.on('data', (d) => { input += d; });
process.stdin.on('end', () => {
  const { jobs, timeoutMs } = JSON.parse(input);
  for (const job of jobs) {
    const outcomes = [];
    for (const test of job.tests) {
      try {
        vm.runInContext(job.code + '\\n;' + test, vm.createContext({ assert }), { timeout: timeoutMs });
        outcomes.push('pass');
      } catch (e) {
        if (e && e.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') { outcomes.push('TIMEOUT'); break; }
        outcomes.push(e instanceof assert.AssertionError ? 'FAIL' : 'ERROR:' + (e && e.name ? e.name : typeof e));
      }
    }
    process.stdout.write(JSON.stringify(outcomes) + '\\n');
  }
});
`;

interface Job {
  code: string;
  tests: string[];
}

function runChild(jobs: Job[], timeoutMs: number): Promise<string[][]> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--max-old-space-size=256', '-e', CHILD], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString('utf8');
    });
    const limit = setTimeout(() => child.kill('SIGKILL'), jobs.length * 12 * (timeoutMs + 100) + 5000);
    child.on('close', () => {
      clearTimeout(limit);
      resolve(
        out
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line) as string[]),
      );
    });
    child.stdin.end(JSON.stringify({ jobs, timeoutMs }));
  });
}

/** Outcomes per job; a job during which the child died gets ['ERROR:child-died'] and the rest are rerun. */
async function runJobs(jobs: Job[], timeoutMs: number): Promise<string[][]> {
  const results: string[][] = [];
  while (results.length < jobs.length) {
    const done = await runChild(jobs.slice(results.length), timeoutMs);
    results.push(...done);
    if (results.length < jobs.length) results.push(['ERROR:child-died']);
  }
  return results;
}

async function pool<T>(items: T[], workers: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < items.length) {
        const item = items[next] as T;
        next += 1;
        await fn(item);
      }
    }),
  );
}

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

async function main(): Promise<void> {
  const workers = option('--workers', 2);
  const timeoutMs = option('--timeout-ms', 250);
  const tasks = readMiniJsTasks();
  type Row = Record<JsCandidateStatus | 'output' | 'crash' | 'survived', number> & { tasksKilled: Set<string> };
  const rows = new Map<string, Row>(
    BUG_TYPES.map((t) => [
      t,
      {
        ok: 0,
        unparsable: 0,
        unverified: 0,
        equivalent: 0,
        duplicate: 0,
        output: 0,
        crash: 0,
        survived: 0,
        tasksKilled: new Set<string>(),
      },
    ]),
  );
  const started = performance.now();
  const enumerated = tasks.map((task) => ({
    task,
    candidates: enumerateJsMutants(task.canonical, { functionName: task.function_name, language: task.language }),
  }));
  const enumerateMs = performance.now() - started;
  let canonicalsPassing = 0;
  const killedTypes = new Map<string, Set<string>>();
  const runStarted = performance.now();
  let executed = 0;
  await pool(enumerated, workers, async ({ task, candidates }) => {
    const ok = candidates.filter((c) => c.status === 'ok');
    const outcomes = await runJobs(
      [{ code: task.canonical, tests: task.tests }, ...ok.map((c) => ({ code: c.code, tests: task.tests }))],
      timeoutMs,
    );
    executed += ok.length + 1;
    if (outcomes[0]?.length === task.tests.length && outcomes[0].every((o) => o === 'pass')) canonicalsPassing += 1;
    for (const c of candidates) (rows.get(c.bugType) as Row)[c.status] += 1;
    ok.forEach((c, i) => {
      const row = rows.get(c.bugType) as Row;
      const result = outcomes[i + 1] ?? ['ERROR:missing'];
      const passed = result.length === task.tests.length && result.every((o) => o === 'pass');
      if (passed) {
        row.survived += 1;
        return;
      }
      row[result.includes('FAIL') ? 'output' : 'crash'] += 1;
      row.tasksKilled.add(task.id);
      const types = killedTypes.get(task.id) ?? new Set<string>();
      types.add(c.bugType);
      killedTypes.set(task.id, types);
    });
  });
  const runMs = performance.now() - runStarted;
  const header = [
    'bug type',
    'candidates',
    'ok',
    'unparsable',
    'unverified',
    'equivalent',
    'duplicate',
    'killed (output)',
    'killed (crash)',
    'survived',
    'tasks with a kill',
  ];
  const lines = [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`];
  const total: number[] = Array.from({ length: header.length - 1 }, () => 0);
  for (const [bugType, row] of rows) {
    const cells = [
      row.ok + row.unparsable + row.unverified + row.equivalent + row.duplicate,
      row.ok,
      row.unparsable,
      row.unverified,
      row.equivalent,
      row.duplicate,
      row.output,
      row.crash,
      row.survived,
      row.tasksKilled.size,
    ];
    cells.forEach((v, i) => {
      total[i] = (total[i] ?? 0) + v;
    });
    lines.push(`| ${bugType} | ${cells.join(' | ')} |`);
  }
  const allKilled = [...killedTypes.values()];
  lines.push(`| all | ${total.slice(0, -1).join(' | ')} | ${killedTypes.size} |`);
  console.log(lines.join('\n'));
  const distinct = [0, 1, 2, 3, 4, 5, 6].map((k) => allKilled.filter((s) => s.size >= k).length);
  console.log(
    `\n${tasks.length} tasks; canonicals passing all their tests: ${canonicalsPassing}; tasks with killed mutants of >= 1/2/3/4/5/6 bug types: ${distinct.slice(1).join('/')}`,
  );
  console.log(
    `enumeration ${enumerateMs.toFixed(0)} ms (${(enumerateMs / total[0]!).toFixed(2)} ms per candidate); execution of ${executed} snippets ${(runMs / 1000).toFixed(1)} s with ${workers} workers, per-test timeout ${timeoutMs} ms`,
  );
}

await main();
