import { checkAssertStatement } from '../python-syntax.js';
import type { CheckDefinition } from './check.js';

/**
 * Every test of a Python query is a single `assert` statement that passes the lexical check (and `parsePython`,
 * when given). Queries in another language are not examined (their tests are checked where they are built).
 *
 * @example
 * // error data/queries.jsonl:1 test_suite[4]: test is not a single assert statement: ... [tests-are-asserts]
 */
export const testsAreAsserts: CheckDefinition = {
  id: 'tests-are-asserts',
  description: 'every test is a single assert statement that parses',
  run(ctx, out) {
    ctx.benchmark.queries.forEach((row, q) => {
      if (ctx.benchmark.queryLanguage[q] !== 'python') return;
      row.test_suite.forEach((test, j) => {
        out.examined();
        const problem = checkAssertStatement(test, ctx.testScan(q, j)) ?? ctx.parsePython?.(test, 'test') ?? null;
        if (problem !== null) {
          out.report('error', `test is not a single assert statement: ${problem}`, ctx.atQuery(q, ['test_suite', j]));
        }
      });
    });
    return undefined;
  },
};
