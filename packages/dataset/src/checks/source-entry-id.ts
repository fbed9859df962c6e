import type { CorpusRow, QueryRow } from '../schemas.js';
import type { CheckDefinition } from './check.js';

/**
 * Every snippet of a query (its correct ones, then its distractors) has `source_entry_id` equal to the query's
 * `entry_id`.
 *
 * @example
 * // warning data/corpus.jsonl:16 source_entry_id: source_entry_id "exec_geometry_1" differs from query q_0004's
 * //   entry_id "exec_string_processing_5" [source-entry-id]
 */
export const sourceEntryId: CheckDefinition = {
  id: 'source-entry-id',
  description: "every snippet's source_entry_id equals its query's entry_id",
  run(ctx, out) {
    const b = ctx.benchmark;
    for (let q = 0; q < b.queries.length; q++) {
      const row = b.queries[q] as QueryRow;
      const own = [
        ...b.correctIndices.subarray(b.correctOffsets[q], b.correctOffsets[q + 1]),
        ...b.distractorIndices.subarray(b.distractorOffsets[q], b.distractorOffsets[q + 1]),
      ];
      for (const c of own) {
        out.examined();
        const s = (b.corpus[c] as CorpusRow).source_entry_id;
        if (s !== row.entry_id) {
          out.report(
            'warning',
            `source_entry_id ${JSON.stringify(s)} differs from query ${row.query_id}'s entry_id ${JSON.stringify(row.entry_id)}`,
            ctx.atSnippet(c, ['source_entry_id']),
          );
        }
      }
    }
    return undefined;
  },
};
