import { type EngineReport, isEngineReport } from './verdict.js';

/**
 * One test as an engine process receives it (see js/quickjs-host.mjs for the protocol): a split test's probe
 * and message expression (`a`: whether they use `assert`, which the sandbox then builds), a child test's
 * statement, a literal test (`r`: only the snippet runs), a test decided by the runner (`s`).
 */
export type WireTest =
  | { k: 'p'; src: string; msg: string | null; a: boolean }
  | { k: 'w'; src: string }
  | { k: 'r' }
  | { k: 's' };

/** A job as an engine process receives it. */
export interface EngineJob {
  code: string;
  tests: WireTest[];
  budgetMs: number;
}

/**
 * How a job ended in its engine process:
 * - `done`: every test was reported;
 * - `timeout`: the runner killed the process when the job overran its budget plus the grace;
 * - `crashed`: the process ended before reporting every test (`detail`: signal or exit status);
 * - `tampered`: it broke the protocol (`detail` says how); no report of the job is trusted;
 * - `lost`: the job could not be run at all (no engine process could be started).
 */
export type EngineEnd =
  | { kind: 'done' }
  | { kind: 'timeout' }
  | { kind: 'crashed'; signal: string | null; code: number | null }
  | { kind: 'tampered'; detail: string }
  | { kind: 'lost'; detail: string };

/** What came back for a job: the reports received (by test index; undefined: not reported) and how it ended. */
export interface EngineOutcome {
  reports: (EngineReport | undefined)[];
  end: EngineEnd;
  /** From handing the job over to its last report, in ms. */
  durationMs: number;
}

/** An engine: a pool of engine processes that runs jobs. */
export interface Engine {
  /** Runs a job; rejects only with an `Error` named `'closed'` when the engine is closed meanwhile. */
  submit(job: EngineJob): Promise<EngineOutcome>;
  close(): Promise<void>;
  stats(): { started: number; killed: number; cpuMs: number };
}

/** What an engine process reports for a split test's message expression after the test's value. */
type MessageReport = { k: 'm'; m: string } | { k: 'e'; e: string } | { k: 'to' };

function isMessageReport(value: unknown): value is MessageReport {
  if (typeof value !== 'object' || value === null) return false;
  const report = value as Record<string, unknown>;
  switch (report.k) {
    case 'm':
      return typeof report.m === 'string';
    case 'e':
      return typeof report.e === 'string';
    case 'to':
      return true;
    default:
      return false;
  }
}

/**
 * Collects the reports of one job from an engine process's messages and checks the protocol: one `test` report
 * per test (`i`), each an {@link EngineReport} whose value report carries no message; for a split test with a
 * message expression (`tests[i].msg`) whose report is a value, one `msg` report for the same test after it (its
 * message text, or what the message threw, or `to`), merged into the test's report; `done` only once every
 * test is complete. Reports may come in any order (the QuickJS host sends them in test order; the node engine
 * sends every split test's value before it runs any code of the expected side: message expressions and
 * child tests), but never twice for a test. A test counts as reported only once it is complete: a process
 * that dies between a value and its message leaves that test unreported.
 *
 * @example
 * const tracker = trackJob(7, [{ k: 'p', src: 'f()', msg: '`m`', a: false }]);
 * tracker.accept({ t: 'test', id: 7, i: 0, r: { k: 'v', v: '["d","1"]', m: null } }); // 'more'
 * tracker.accept({ t: 'msg', id: 7, i: 0, r: { k: 'm', m: '{"text":"m"}' } }); // 'more'
 * tracker.reports; // [{ k: 'v', v: '["d","1"]', m: '{"text":"m"}' }]
 */
export function trackJob(id: number, tests: readonly WireTest[]) {
  const testCount = tests.length;
  const reports = new Array<EngineReport | undefined>(testCount).fill(undefined);
  /** Per test: nothing received yet, a value waiting for its message, or complete. */
  const state: ('none' | 'value' | 'done')[] = new Array(testCount).fill('none');
  /** Values waiting for their message report, by test index. */
  const values = new Map<number, string>();
  let complete = 0;
  const indexOf = (value: unknown): number | undefined =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < testCount ? value : undefined;
  return {
    reports,
    /** `'more'`, `'done'`, or a protocol violation. */
    accept(message: Record<string, unknown>): 'more' | 'done' | { violation: string } {
      if (message.id !== id) return { violation: `a message for job ${String(message.id)} during job ${id}` };
      if (message.t === 'test') {
        const i = indexOf(message.i);
        if (i === undefined || state[i] !== 'none') {
          return { violation: `a report for test ${String(message.i)}, which is not owed one` };
        }
        const report = message.r;
        if (!isEngineReport(report)) return { violation: 'a report of an unknown shape' };
        if (report.k === 'v' && report.m !== null) return { violation: 'a value report that carries its message' };
        const test = tests[i] as WireTest;
        if (report.k === 'v' && test.k === 'p' && typeof test.msg === 'string') {
          state[i] = 'value';
          values.set(i, report.v);
          return 'more';
        }
        state[i] = 'done';
        reports[i] = report;
        complete++;
        return 'more';
      }
      if (message.t === 'msg') {
        const i = indexOf(message.i);
        if (i === undefined || state[i] !== 'value') {
          return { violation: `a message report for test ${String(message.i)}, which is not owed one` };
        }
        const report = message.r;
        if (!isMessageReport(report)) return { violation: 'a message report of an unknown shape' };
        reports[i] = report.k === 'm' ? { k: 'v', v: values.get(i) as string, m: report.m } : report;
        values.delete(i);
        state[i] = 'done';
        complete++;
        return 'more';
      }
      if (message.t === 'done') {
        return complete === testCount ? 'done' : { violation: `done after ${complete} of ${testCount} reports` };
      }
      return { violation: `an unexpected message ${JSON.stringify(String(message.t)).slice(0, 40)}` };
    },
  };
}

/**
 * The `Error` an engine rejects with when it was closed (the runner turns it into `OracleError('closed')`).
 *
 * @example
 * closedError().name; // 'closed'
 */
export function closedError(): Error {
  const error = new Error('the engine was closed');
  error.name = 'closed';
  return error;
}
