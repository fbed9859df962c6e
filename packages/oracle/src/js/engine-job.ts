import { type EngineReport, isEngineReport } from './verdict.js';

/**
 * One test as an engine process first receives it (see js/quickjs-host.mjs for the protocol): a split test's
 * probe (`m`: whether it has a message expression, which comes later; `a`: whether the probe uses `assert`,
 * which the sandbox then builds), a child test (`w`: its statement comes later), a literal test (`r`: only the
 * snippet runs), a test decided by the runner (`s`). Nothing here depends on a test's expected side: the
 * message expressions and the child tests' statements are {@link WithheldPart}s.
 */
export type WireTest = { k: 'p'; src: string; m: boolean; a: boolean } | { k: 'w' } | { k: 'r' } | { k: 's' };

/**
 * What the first phase withholds, by test index: a split test's message expression (`msg`) or a child test's
 * statement (`src`). Code of a test's expected side: an engine process receives it only after it has reported
 * every split test's value (its `sealed` message), so no expected value is inside the process while a value
 * that could still be reported is.
 */
export type WithheldPart = { i: number; msg: string } | { i: number; src: string };

/** A job as an engine process receives it: the first phase, and what it gets once sealed. */
export interface EngineJob {
  code: string;
  tests: WireTest[];
  budgetMs: number;
  /** Sent after `sealed` (none: the process goes from the first phase straight to `done`). */
  withheld: WithheldPart[];
}

/**
 * The job's first message to an engine process: everything but the withheld parts.
 *
 * @example
 * firstPhase(3, { code: 'f = () => 1', tests: [{ k: 'w' }], budgetMs: 100, withheld: [{ i: 0, src: 'assert(f())' }] });
 * // { id: 3, code: 'f = () => 1', tests: [{ k: 'w' }], budgetMs: 100 }
 */
export function firstPhase(
  id: number,
  job: EngineJob,
): { id: number; code: string; tests: WireTest[]; budgetMs: number } {
  return { id, code: job.code, tests: job.tests, budgetMs: job.budgetMs };
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
 * Collects the reports of one job from an engine process's messages and checks the protocol, in two phases.
 * First: one `test` report per test that is not a child test (`i`), each an {@link EngineReport} whose value
 * report carries no message; then, when the job withholds anything, `sealed` (accepted only once every one of
 * those is in: from then on no split test's value can change), after which the engine sends the withheld parts
 * (`'sealed'` tells it to); then a `msg` report for each split test with a message expression whose report was
 * a value (its message text, what the message threw, or `to`), merged into the test's report, and a `test`
 * report for each child test; `done` only once every test is complete. Never two reports for a test, no
 * second-phase report before `sealed`. A test counts as reported only once it is complete: a process that dies
 * between a value and its message leaves that test unreported.
 *
 * @example
 * const tracker = trackJob(7, [{ k: 'p', src: 'f()', m: true, a: false }], [{ i: 0, msg: '`m`' }]);
 * tracker.accept({ t: 'test', id: 7, i: 0, r: { k: 'v', v: '["d","1"]', m: null } }); // 'more'
 * tracker.accept({ t: 'sealed', id: 7 }); // 'sealed': send the withheld parts
 * tracker.accept({ t: 'msg', id: 7, i: 0, r: { k: 'm', m: '{"text":"m"}' } }); // 'more'
 * tracker.reports; // [{ k: 'v', v: '["d","1"]', m: '{"text":"m"}' }]
 */
export function trackJob(id: number, tests: readonly WireTest[], withheld: readonly WithheldPart[]) {
  const testCount = tests.length;
  const reports = new Array<EngineReport | undefined>(testCount).fill(undefined);
  /** Per test: nothing received yet, a value waiting for its message, or complete. */
  const state: ('none' | 'value' | 'done')[] = new Array(testCount).fill('none');
  /** Values waiting for their message report, by test index. */
  const values = new Map<number, string>();
  const firstPhase = tests.filter((t) => t.k !== 'w').length;
  let firstPhaseReported = 0;
  let sealed = withheld.length === 0;
  let complete = 0;
  const indexOf = (value: unknown): number | undefined =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < testCount ? value : undefined;
  return {
    reports,
    /** `'more'`, `'sealed'` (send the withheld parts now), `'done'`, or a protocol violation. */
    accept(message: Record<string, unknown>): 'more' | 'sealed' | 'done' | { violation: string } {
      if (message.id !== id) return { violation: `a message for job ${String(message.id)} during job ${id}` };
      if (message.t === 'test') {
        const i = indexOf(message.i);
        if (i === undefined || state[i] !== 'none') {
          return { violation: `a report for test ${String(message.i)}, which is not owed one` };
        }
        const test = tests[i] as WireTest;
        if (test.k === 'w' && !sealed) return { violation: `a report for child test ${i} before the job was sealed` };
        const report = message.r;
        if (!isEngineReport(report)) return { violation: 'a report of an unknown shape' };
        if (report.k === 'v' && report.m !== null) return { violation: 'a value report that carries its message' };
        if (test.k !== 'w') firstPhaseReported++;
        if (report.k === 'v' && test.k === 'p' && test.m) {
          state[i] = 'value';
          values.set(i, report.v);
          return 'more';
        }
        state[i] = 'done';
        reports[i] = report;
        complete++;
        return 'more';
      }
      if (message.t === 'sealed') {
        if (sealed) return { violation: 'sealed twice, or with nothing withheld' };
        if (firstPhaseReported !== firstPhase) {
          return { violation: `sealed after ${firstPhaseReported} of ${firstPhase} first-phase reports` };
        }
        sealed = true;
        return 'sealed';
      }
      if (message.t === 'msg') {
        const i = indexOf(message.i);
        if (i === undefined || state[i] !== 'value' || !sealed) {
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
