import type { EngineJob, WireTest, WithheldPart } from './engine-job.js';
import type { ResolvedJsRunnerOptions } from './runner-options.js';
import { stripTypes } from './strip-types.js';
import { planTest, type TestPlan } from './test-plan.js';
import type { JsJob } from './types.js';

/** Distinct test sources whose plans are kept. */
const PLAN_CACHE_SIZE = 50_000;

/** A job the judge prepared: plans per test, and what the engine process receives (unless nothing runs). */
export interface Prepared {
  plans: TestPlan[];
  /** Outcomes decided without running (limits, syntax errors of a TypeScript snippet), or undefined. */
  decided?: string[];
  /** The job was not run because it is over a limit (`ERROR:OracleLimit`): not the snippet's outcome. */
  notRun?: true;
  engineJob?: EngineJob;
}

/** The limits and budget {@link prepareJob} applies. */
export type PreparationLimits = Pick<
  ResolvedJsRunnerOptions,
  'maxCodeBytes' | 'maxTests' | 'maxSuiteBytes' | 'timeoutMs'
>;

/**
 * Checks the shape of a job at the public boundary: throws `TypeError` unless `code` is a string and
 * `tests` a non-empty array of strings, `RangeError` for a `language` other than javascript/typescript.
 */
export function validateJob(job: JsJob): void {
  if (typeof job !== 'object' || job === null)
    throw new TypeError('@execret/oracle JsRunner.run: a job must be an object');
  if (typeof job.code !== 'string') throw new TypeError('@execret/oracle JsRunner.run: job.code must be a string');
  if (!Array.isArray(job.tests) || job.tests.length === 0) {
    throw new TypeError('@execret/oracle JsRunner.run: job.tests must be a non-empty array of strings');
  }
  for (const test of job.tests) {
    if (typeof test !== 'string') throw new TypeError('@execret/oracle JsRunner.run: every test must be a string');
  }
  if (job.language !== undefined && job.language !== 'javascript' && job.language !== 'typescript') {
    throw new RangeError(
      `@execret/oracle JsRunner.run: language must be 'javascript' or 'typescript', received ${String(job.language)}`,
    );
  }
  if (job.timeoutMs !== undefined && (!Number.isInteger(job.timeoutMs) || job.timeoutMs < 1)) {
    throw new RangeError(
      `@execret/oracle JsRunner.run: job.timeoutMs must be a positive integer, received ${String(job.timeoutMs)}`,
    );
  }
}

/**
 * `planTest` memoised by test source; the cache is emptied when it holds {@link PLAN_CACHE_SIZE} plans.
 */
export function cachedPlanner(): (source: string) => TestPlan {
  const planCache = new Map<string, TestPlan>();
  return (source: string): TestPlan => {
    const known = planCache.get(source);
    if (known) return known;
    const made = planTest(source);
    if (planCache.size >= PLAN_CACHE_SIZE) planCache.clear();
    planCache.set(source, made);
    return made;
  };
}

/**
 * Prepares a validated job. Every test becomes `ERROR:OracleLimit: …; not executed` when the snippet,
 * the test count or the tests' total size is over its limit, and `ERROR:SyntaxError: …` when a
 * TypeScript snippet does not strip; a TypeScript test that does not strip is an `invalid` plan. When
 * every plan is invalid the outcomes are decided too; otherwise the engine job carries the snippet (its
 * types stripped) and one wire test per plan, with `budgetMs` = the job's `timeoutMs` when shorter than `limits.timeoutMs`, else `limits.timeoutMs`.
 */
export function prepareJob(job: JsJob, limits: PreparationLimits, plan: (source: string) => TestPlan): Prepared {
  const { code, tests } = job;
  const language = job.language ?? 'javascript';
  const count = tests.length;
  const limit = (why: string): Prepared => ({
    plans: [],
    decided: new Array<string>(count).fill(`ERROR:OracleLimit: ${why}; not executed`),
    notRun: true,
  });
  const codeBytes = Buffer.byteLength(code, 'utf8');
  if (codeBytes > limits.maxCodeBytes) {
    return limit(`snippet is ${codeBytes} bytes, more than maxCodeBytes ${limits.maxCodeBytes}`);
  }
  if (count > limits.maxTests) return limit(`the job has ${count} tests, more than maxTests ${limits.maxTests}`);
  let suiteBytes = 0;
  for (const test of tests) suiteBytes += Buffer.byteLength(test, 'utf8');
  if (suiteBytes > limits.maxSuiteBytes) {
    return limit(`the tests are ${suiteBytes} bytes, more than maxSuiteBytes ${limits.maxSuiteBytes}`);
  }
  let script = code;
  let testSources: readonly string[] = tests;
  if (language === 'typescript') {
    const stripped = stripTypes(code);
    if (!stripped.ok) {
      const plans = tests.map((test) => plan(test));
      return { plans, decided: new Array<string>(count).fill(`ERROR:SyntaxError: ${stripped.message}`) };
    }
    script = stripped.code;
    testSources = tests.map((test) => {
      const strippedTest = stripTypes(test);
      return strippedTest.ok ? strippedTest.code : `\u0000${strippedTest.message}`;
    });
  }
  const plans = testSources.map(
    (source): TestPlan =>
      source.startsWith('\u0000')
        ? { kind: 'invalid', outcome: `ERROR:SyntaxError: ${source.slice(1)}` }
        : plan(source),
  );
  if (plans.every((p) => p.kind === 'invalid'))
    return { plans, decided: plans.map((p) => (p as { outcome: string }).outcome) };
  // The first phase carries nothing of a test's expected side; message expressions and child tests' statements
  // are withheld until the engine process has reported every split value (see engine-job.ts).
  const withheld: WithheldPart[] = [];
  const wire = plans.map((p, i): WireTest => {
    switch (p.kind) {
      case 'split':
        if (p.message.kind === 'expression') withheld.push({ i, msg: p.message.source });
        return { k: 'p', src: p.probe, m: p.message.kind === 'expression', a: p.usesAssert };
      case 'literal':
        return { k: 'r' };
      case 'child':
        withheld.push({ i, src: p.source });
        return { k: 'w' };
      default:
        return { k: 's' };
    }
  });
  // A job's own budget is at most the runner's (a longer one is the runner's).
  const budgetMs = Math.min(job.timeoutMs ?? limits.timeoutMs, limits.timeoutMs);
  return { plans, engineJob: { code: script, tests: wire, budgetMs, withheld } };
}
