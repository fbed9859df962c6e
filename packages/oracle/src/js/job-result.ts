import { type Judged, suiteStatus } from '@execret/formats';
import type { EngineOutcome } from './engine-job.js';
import type { Prepared } from './job-preparation.js';
import type { TestPlan } from './test-plan.js';
import type { JsEngine, JsIsolation, JsResult } from './types.js';
import { judgeTest } from './verdict.js';

/** What every result of a runner states, and the message limit its verdicts apply. */
export interface ResultSetting {
  engine: JsEngine;
  isolation: JsIsolation;
  maxMessageBytes: number;
}

/**
 * The result of a prepared job: its decided outcomes (`durationMs` 0) when nothing ran, else the
 * outcomes {@link testOutcomes} judges from what the engine sent back. A test is judged `split` when its
 * plan is split or literal, `child` otherwise (and when there is no plan, as for a job over a limit).
 */
export function assembleResult(
  prepared: Prepared,
  outcome: EngineOutcome | undefined,
  setting: ResultSetting,
): JsResult {
  const { plans } = prepared;
  const { isolation, engine } = setting;
  if (prepared.decided) {
    const tests = prepared.decided;
    return {
      status: suiteStatus(tests),
      tests,
      judged: tests.map((_, i) => judgedOf(plans[i])),
      durationMs: 0,
      isolation,
      engine,
      ...(prepared.notRun ? { infrastructure: true as const } : {}),
    };
  }
  const out = outcome as EngineOutcome;
  const judged: Judged[] = plans.map(judgedOf);
  const final = testOutcomes(plans, out, setting.maxMessageBytes);
  return {
    status: suiteStatus(final.tests),
    tests: final.tests,
    judged,
    durationMs: out.durationMs,
    isolation,
    engine,
    ...(final.infrastructure ? { infrastructure: true as const } : {}),
  };
}

function judgedOf(p: TestPlan | undefined): Judged {
  return p?.kind === 'split' || p?.kind === 'literal' ? 'split' : 'child';
}

/**
 * One outcome per plan from an engine outcome, and whether the runner wrote any of them because the machinery
 * failed (`infrastructure`: the job was lost, or a test was never reported though the engine process neither
 * timed out nor crashed). A lost or tampered job gives every test `ERROR:OracleServerLost: <detail>` or
 * `ERROR:ReportTampered: <detail>` (detail cut to 200 characters), and one report that does not fit its plan
 * gives every test `ERROR:ReportTampered: <why>`. Otherwise an invalid plan keeps its outcome, a reported test
 * gets its verdict, an unreported one the outcome of {@link unfinished}, and every test after a TIMEOUT is
 * TIMEOUT. The flag is decided here, from how the job ended, never from outcome strings: a snippet may throw
 * an error named `OracleServerLost`.
 */
function testOutcomes(
  plans: TestPlan[],
  out: EngineOutcome,
  maxMessageBytes: number,
): { tests: string[]; infrastructure: boolean } {
  const count = plans.length;
  const fillAll = (text: string, infrastructure = false) => ({
    tests: new Array<string>(count).fill(text),
    infrastructure,
  });
  if (out.end.kind === 'lost') return fillAll(`ERROR:OracleServerLost: ${out.end.detail.slice(0, 200)}`, true);
  if (out.end.kind === 'tampered') return fillAll(`ERROR:ReportTampered: ${out.end.detail.slice(0, 200)}`);
  let infrastructure = false;
  const tests: string[] = [];
  let timedOut = false;
  for (let i = 0; i < count; i++) {
    const p = plans[i] as TestPlan;
    const report = out.reports[i];
    if (p.kind === 'invalid') {
      tests.push(p.outcome);
      continue;
    }
    if (timedOut) {
      tests.push('TIMEOUT');
      continue;
    }
    if (report === undefined) {
      tests.push(unfinished(out));
      if (out.end.kind === 'timeout') timedOut = true;
      else if (out.end.kind !== 'crashed') infrastructure = true;
      continue;
    }
    const verdict = judgeTest(p, report, maxMessageBytes);
    if ('tampered' in verdict) return fillAll(`ERROR:ReportTampered: ${verdict.tampered}`);
    tests.push(verdict.outcome);
    if (verdict.outcome === 'TIMEOUT') timedOut = true;
  }
  return { tests, infrastructure };
}

/** Outcome of a test an engine process never reported. */
function unfinished(outcome: EngineOutcome): string {
  const { end } = outcome;
  if (end.kind === 'timeout') return 'TIMEOUT';
  if (end.kind === 'crashed') {
    return end.signal !== null
      ? `ERROR:ChildKilled: killed by ${end.signal} before reporting`
      : `ERROR:ChildExited: exit status ${end.code ?? 'unknown'} before reporting`;
  }
  return 'ERROR:OracleServerLost: the engine process did not report this test';
}
