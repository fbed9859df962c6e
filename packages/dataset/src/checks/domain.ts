import { DOCUMENTED_DOMAINS } from '../benchmark.js';
import type { QueryRow } from '../schemas.js';
import type { CheckDefinition } from './check.js';

/**
 * Every `entry_id` has the form `exec_<domain>_<n>` (an error otherwise), and the domain is one of the ten
 * documented ones (a warning otherwise).
 *
 * @example
 * // error data/queries.jsonl:1 entry_id: entry_id "batch-17" does not have the form exec_<domain>_<n> [domain]
 */
export const domain: CheckDefinition = {
  id: 'domain',
  description: 'every entry_id has the form exec_<domain>_<n> with a documented domain',
  run(ctx, out) {
    const b = ctx.benchmark;
    for (let q = 0; q < b.queries.length; q++) {
      out.examined();
      const d = b.queryDomain[q];
      if (d === null || d === undefined) {
        out.report(
          'error',
          `entry_id ${JSON.stringify((b.queries[q] as QueryRow).entry_id)} does not have the form exec_<domain>_<n>`,
          ctx.atQuery(q, ['entry_id']),
        );
      } else if (!(DOCUMENTED_DOMAINS as readonly string[]).includes(d)) {
        out.report(
          'warning',
          `domain ${JSON.stringify(d)} is not one of the ten documented domains`,
          ctx.atQuery(q, ['entry_id']),
        );
      }
    }
    return undefined;
  },
};
