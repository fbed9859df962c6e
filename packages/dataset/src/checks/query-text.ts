import type { QueryRow } from '../schemas.js';
import type { CheckDefinition } from './check.js';

/**
 * Every query has a description that is not blank.
 *
 * @example
 * // a query "  " on line 6:
 * // error data/queries.jsonl:6 query: the query description is empty [query-text]
 */
export const queryText: CheckDefinition = {
  id: 'query-text',
  description: 'every query has a non-empty description',
  run(ctx, out) {
    const b = ctx.benchmark;
    out.examined(b.queries.length);
    for (let q = 0; q < b.queries.length; q++) {
      if ((b.queries[q] as QueryRow).query.trim() === '')
        out.report('error', 'the query description is empty', ctx.atQuery(q, ['query']));
    }
    return undefined;
  },
};
