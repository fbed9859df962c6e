import type { CheckDefinition } from './check.js';

/**
 * Every test suite has between `testSuiteSize.min` and `.max` asserts (default 7 to 10): an empty suite is an
 * error, another size a warning.
 *
 * @example
 * // warning data/queries.jsonl:3 test_suite: 3 tests; expected 7 to 10 [test-suite-size]
 */
export const testSuiteSize: CheckDefinition = {
  id: 'test-suite-size',
  description: 'every test suite has 7 to 10 asserts',
  run(ctx, out) {
    const { min, max } = ctx.testSuiteSize;
    ctx.benchmark.queries.forEach((row, q) => {
      const n = row.test_suite.length;
      out.examined();
      if (n === 0) out.report('error', 'test_suite is empty', ctx.atQuery(q, ['test_suite']));
      else if (n < min || n > max)
        out.report('warning', `${n} tests; expected ${min} to ${max}`, ctx.atQuery(q, ['test_suite']));
    });
    return undefined;
  },
};
