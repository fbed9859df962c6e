import type { Judged } from '@execret/formats';
import { decodeJsValue } from './decode-js-value.js';
import { isDeepStrictEqual, isSameValue, isStrictlyEqual } from './js-equality.js';
import { isPrimitive, isTruthy, type JsValue } from './js-value.js';
import { errorOutcome, failOutcome } from './outcome-text.js';
import type { SplitCheck, TestPlan } from './test-plan.js';

/**
 * What an engine process reported for one test (see js/quickjs-host.mjs and js/node-job.mjs), as `trackJob`
 * assembles it:
 * - `v`: the serialised value of a split test's probe, and the message argument's `messageOf` when the test
 *   has a message expression (reported on its own line after the value, which was sent before the message
 *   ran);
 * - `ok`: the test (or, for a literal test, the snippet) ran without throwing;
 * - `e`: something was thrown, as the prelude's `describe` JSON;
 * - `to`: the budget ran out during the test.
 */
export type EngineReport = { k: 'v'; v: string; m: string | null } | { k: 'ok' } | { k: 'e'; e: string } | { k: 'to' };

/** The judgement of one test: an outcome, or a reason to distrust the whole report. */
export type TestVerdict = { outcome: string; judged: Judged } | { tampered: string };

interface Thrown {
  assertion: boolean;
  generated: boolean | null;
  type: string;
  message: string;
}

/**
 * Whether `value` is an {@link EngineReport} (shape only).
 *
 * @example
 * isEngineReport({ k: 'ok' }); // true
 * isEngineReport({ k: 'pass' }); // false
 */
export function isEngineReport(value: unknown): value is EngineReport {
  if (typeof value !== 'object' || value === null) return false;
  const report = value as Record<string, unknown>;
  switch (report.k) {
    case 'ok':
    case 'to':
      return true;
    case 'e':
      return typeof report.e === 'string';
    case 'v':
      return typeof report.v === 'string' && (report.m === null || typeof report.m === 'string');
    default:
      return false;
  }
}

/**
 * The outcome of one test from its plan and what the sandbox reported. For a split test the comparison
 * happens here, with the plan's expected value, which the sandbox never received; a report of the wrong
 * kind for the plan (a bare `ok` for a split test, a value for a child test) or a value that does not
 * decode is `tampered`.
 *
 * @param plan - from `planTest`
 * @param report - the engine's report for this test
 * @param maxMessageBytes - cap of messages in outcomes
 * @example
 * judgeTest(planTest('assert.strictEqual(f(), 3)'), { k: 'v', v: '["d","3"]', m: null }, 300);
 * // { outcome: 'pass', judged: 'split' }
 * judgeTest(planTest('assert.strictEqual(f(), 3)'), { k: 'v', v: '["s","3"]', m: null }, 300);
 * // { outcome: 'FAIL', judged: 'split' }
 */
export function judgeTest(plan: TestPlan, report: EngineReport, maxMessageBytes: number): TestVerdict {
  const judged: Judged = plan.kind === 'split' || plan.kind === 'literal' ? 'split' : 'child';
  if (plan.kind === 'invalid') return { outcome: plan.outcome, judged: 'child' };
  if (report.k === 'to') return { outcome: 'TIMEOUT', judged };
  if (report.k === 'e') {
    const thrown = parseThrown(report.e);
    if (!thrown) return { tampered: 'an exception report that is not a description' };
    const messageGiven = plan.kind === 'child' ? plan.messageGiven : null;
    return { outcome: thrownOutcome(thrown, messageGiven, maxMessageBytes), judged };
  }
  switch (plan.kind) {
    case 'child':
      return report.k === 'ok'
        ? { outcome: 'pass', judged }
        : { tampered: 'a value reported for a test judged in the sandbox' };
    case 'literal':
      if (report.k !== 'ok') return { tampered: 'a value reported for a literal test' };
      return {
        outcome: plan.holds
          ? 'pass'
          : failOutcome(plan.message.kind === 'literal' ? plan.message.text : undefined, maxMessageBytes),
        judged,
      };
    case 'split': {
      if (report.k !== 'v') return { tampered: 'a split test reported without its value' };
      const decoded = decodeJsValue(report.v);
      if (decoded.status === 'malformed') return { tampered: `a malformed value (${decoded.reason})` };
      const holds = decoded.status === 'value' ? check(plan.check, decoded.value, plan.expected) : checkRefused(plan);
      if (holds === 'unjudgeable') {
        const reason = decoded.status === 'refused' ? decoded.reason : 'not plain data';
        return {
          outcome: errorOutcome('Unjudgeable', `${reason} (split judging compares plain data only)`, maxMessageBytes),
          judged,
        };
      }
      if (holds) return { outcome: 'pass', judged };
      return failedSplit(plan, report.m, maxMessageBytes);
    }
  }
}

function failedSplit(
  plan: TestPlan & { kind: 'split' },
  reported: string | null,
  maxMessageBytes: number,
): TestVerdict {
  const judged: Judged = 'split';
  if (plan.message.kind === 'none') return { outcome: 'FAIL', judged };
  if (plan.message.kind === 'literal') return { outcome: failOutcome(plan.message.text, maxMessageBytes), judged };
  if (reported === null) return { tampered: 'a message expression reported without its value' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(reported);
  } catch {
    return { tampered: 'a message report that is not JSON' };
  }
  const message = parsed as { error?: unknown; text?: unknown; absent?: unknown };
  if (message.absent === true) return { outcome: 'FAIL', judged };
  if (typeof message.text === 'string') return { outcome: failOutcome(message.text, maxMessageBytes), judged };
  // node's assert throws an Error given as the message instead of its AssertionError.
  const thrown = typeof message.error === 'object' ? validThrown(message.error) : undefined;
  if (thrown) return { outcome: errorOutcome(thrown.type, thrown.message, maxMessageBytes), judged };
  return { tampered: 'a message report of an unknown shape' };
}

function check(kind: SplitCheck, value: JsValue, expected: JsValue | undefined): boolean {
  switch (kind) {
    case 'truthy':
      return isTruthy(value);
    case 'falsy':
      return !isTruthy(value);
    case 'same':
      return expected !== undefined && isSameValue(value, expected);
    case 'not-same':
      return expected === undefined || !isSameValue(value, expected);
    case 'strict-equal':
      return expected !== undefined && isStrictlyEqual(value, expected);
    case 'not-strict-equal':
      return expected === undefined || !isStrictlyEqual(value, expected);
    case 'deep':
      return expected !== undefined && isDeepStrictEqual(value, expected);
    case 'not-deep':
      return expected === undefined || !isDeepStrictEqual(value, expected);
  }
}

/**
 * The verdict for a value the sandbox refused to serialise (a proxy, an accessor property, over the
 * limits): it is an object, so truthiness and identity are known; deep equality with an object literal is
 * not.
 */
function checkRefused(plan: TestPlan & { kind: 'split' }): boolean | 'unjudgeable' {
  switch (plan.check) {
    case 'truthy':
      return true;
    case 'falsy':
      return false;
    case 'same':
    case 'strict-equal':
      return false;
    case 'not-same':
    case 'not-strict-equal':
      return true;
    case 'deep':
    case 'not-deep':
      if (plan.expected !== undefined && isPrimitive(plan.expected)) return plan.check === 'not-deep';
      return 'unjudgeable';
  }
}

function parseThrown(text: string): Thrown | undefined {
  try {
    return validThrown(JSON.parse(text));
  } catch {
    return undefined;
  }
}

function validThrown(value: unknown): Thrown | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const thrown = value as Record<string, unknown>;
  if (
    typeof thrown.assertion !== 'boolean' ||
    !(thrown.generated === null || typeof thrown.generated === 'boolean') ||
    typeof thrown.type !== 'string' ||
    typeof thrown.message !== 'string'
  ) {
    return undefined;
  }
  return thrown as unknown as Thrown;
}

/**
 * An AssertionError is `FAIL`, with its message only when the test passes one (`messageGiven`), or, for a
 * statement that is not a known assert call, when the error says its message was not generated; anything
 * else thrown is `ERROR:<Type>: <message>`.
 */
function thrownOutcome(thrown: Thrown, messageGiven: boolean | null, maxMessageBytes: number): string {
  if (!thrown.assertion) return errorOutcome(thrown.type, thrown.message, maxMessageBytes);
  const userMessage = messageGiven === null ? thrown.generated === false : messageGiven && thrown.generated !== true;
  return failOutcome(userMessage ? thrown.message : undefined, maxMessageBytes);
}
