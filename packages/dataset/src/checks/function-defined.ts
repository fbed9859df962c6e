import type { CheckDefinition } from './check.js';

/**
 * The canonical defines, at top level, a function that the tests call (the query's function name, see
 * `deriveFunctionName`). Queries whose canonical does not resolve are left to the id checks; queries that are not
 * Python are not examined (the function name is derived from Python syntax).
 *
 * @example
 * // error data/queries.jsonl:7 test_suite: no top-level function of canonical c_0025 (popcount) is called by
 * //   the tests [function-defined]
 */
export const functionDefined: CheckDefinition = {
  id: 'function-defined',
  description: 'a top-level def of the canonical is the function the tests call',
  run(ctx, out) {
    const b = ctx.benchmark;
    for (let q = 0; q < b.queries.length; q++) {
      const canonical = b.queryCanonicalIndex[q] as number;
      if (canonical === -1 || b.queryLanguage[q] !== 'python') continue;
      out.examined();
      if ((b.functionName[q] ?? null) !== null) continue;
      const defs = ctx.definedFunctions(canonical);
      const id = ctx.corpusId(canonical);
      out.report(
        'error',
        defs.length === 0
          ? `canonical ${id} defines no top-level function`
          : `no top-level function of canonical ${id} (${defs.join(', ')}) is called by the tests`,
        ctx.atQuery(q, ['test_suite']),
      );
    }
    return undefined;
  },
};
