import type { CheckDefinition } from './check.js';

/**
 * Every test calls the query's function (a warning; queries without a function name are left to
 * `function-defined`).
 *
 * @example
 * // warning data/queries.jsonl:3 test_suite[0]: test does not call clamp() [tests-call-function]
 */
export const testsCallFunction: CheckDefinition = {
  id: 'tests-call-function',
  description: 'every test calls the function',
  run(ctx, out) {
    const b = ctx.benchmark;
    b.queries.forEach((row, q) => {
      const fn = b.functionName[q] ?? null;
      if (fn === null) return;
      row.test_suite.forEach((_, j) => {
        out.examined();
        if (!ctx.testScan(q, j).calls.includes(fn))
          out.report('warning', `test does not call ${fn}()`, ctx.atQuery(q, ['test_suite', j]));
      });
    });
    return undefined;
  },
};
