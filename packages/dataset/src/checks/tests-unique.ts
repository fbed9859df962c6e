import type { CheckDefinition } from './check.js';

/**
 * No test occurs twice in the same suite (a warning).
 *
 * @example
 * // warning data/queries.jsonl:2 test_suite[6]: same test as test_suite[0] [tests-unique]
 */
export const testsUnique: CheckDefinition = {
  id: 'tests-unique',
  description: 'no test occurs twice in a suite',
  run(ctx, out) {
    ctx.benchmark.queries.forEach((row, q) => {
      const seen = new Map<string, number>();
      row.test_suite.forEach((test, j) => {
        out.examined();
        const previous = seen.get(test);
        if (previous !== undefined)
          out.report('warning', `same test as test_suite[${previous}]`, ctx.atQuery(q, ['test_suite', j]));
        else seen.set(test, j);
      });
    });
    return undefined;
  },
};
