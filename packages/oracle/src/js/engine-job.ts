import { type EngineReport, isEngineReport } from './verdict.js';

/** One test as an engine process receives it (see js/quickjs-host.mjs for the protocol). */
export type WireTest = { k: 'p'; src: string; msg: string | null } | { k: 'w'; src: string } | { k: 'r' } | { k: 's' };

/** A job as an engine process receives it. */
export interface EngineJob {
  code: string;
  tests: WireTest[];
  budgetMs: number;
  /** Whether the sandbox must build its `assert` (child tests, probes that mention it). */
  needsAssert: boolean;
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

/** What came back for a job: the reports received (in test order) and how it ended. */
export interface EngineOutcome {
  reports: EngineReport[];
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

/**
 * Collects the reports of one job from an engine process's messages and checks the protocol: reports in
 * order (`i` = 0, 1, …), each an {@link EngineReport}, `done` only after the last one.
 *
 * @example
 * const tracker = trackJob(7, 2);
 * tracker.accept({ t: 'test', id: 7, i: 0, r: { k: 'ok' } }); // 'more'
 */
export function trackJob(id: number, testCount: number) {
  const reports: EngineReport[] = [];
  return {
    reports,
    /** `'more'`, `'done'`, or a protocol violation. */
    accept(message: Record<string, unknown>): 'more' | 'done' | { violation: string } {
      if (message.id !== id) return { violation: `a message for job ${String(message.id)} during job ${id}` };
      if (message.t === 'test') {
        if (message.i !== reports.length || reports.length >= testCount) {
          return { violation: `a report for test ${String(message.i)} when test ${reports.length} was expected` };
        }
        if (!isEngineReport(message.r)) return { violation: 'a report of an unknown shape' };
        reports.push(message.r);
        return 'more';
      }
      if (message.t === 'done') {
        return reports.length === testCount
          ? 'done'
          : { violation: `done after ${reports.length} of ${testCount} reports` };
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
