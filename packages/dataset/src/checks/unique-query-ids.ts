import type { CheckDefinition } from './check.js';

/**
 * Every `query_id` occurs once: each repeat is an error at its own line.
 *
 * @example
 * // error data/queries.jsonl:2 query_id: query_id "q_0001" already used on line 1 [unique-query-ids]
 */
export const uniqueQueryIds: CheckDefinition = {
  id: 'unique-query-ids',
  description: 'every query_id occurs once',
  run(ctx, out) {
    const b = ctx.benchmark;
    out.examined(b.queries.length);
    for (let q = 0; q < b.queries.length; q++) {
      const id = ctx.queryId(q);
      const first = b.queryIndexById.get(id);
      if (first !== q) {
        out.report(
          'error',
          `query_id ${JSON.stringify(id)} already used on line ${b.queryLine[first as number]}`,
          ctx.atQuery(q, ['query_id']),
        );
      }
    }
    return undefined;
  },
};
