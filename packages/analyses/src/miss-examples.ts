import type { GroupScores } from './group-scores.js';
import type { PoolView } from './pool-view.js';

/** How many rank-1 miss examples {@link rankOneMissExamples} returns by default. */
export const DEFAULT_MISS_EXAMPLES = 3;

/** A rank-1 miss on the query's own near-clone, with both snippets for a diff (keys as written to JSON). */
export interface MissExample {
  query_id: string;
  query: string;
  canonical_id: string;
  canonical_code: string;
  retrieved_id: string;
  retrieved_code: string;
  bug_type: string;
  canonical_score: number;
  retrieved_score: number;
}

/**
 * The first `limit` queries (in query order) whose rank-1 document fails and is one of the query's own group,
 * with the canonical it displaced: the examples a report shows as diffs. `bug_type` is `unknown` when the
 * retrieved snippet has none; `retrieved_score` is its group score (NaN when it is not a paired distractor,
 * e.g. a second canonical).
 *
 * @param top1 rank-1 document index per query (-1 for an empty ranking, which is skipped)
 * @param passes whether document `d` passes query `q`'s tests
 * @example
 * // q_1's top document is its own wrong_operator distractor
 * rankOneMissExamples(pool, Int32Array.of(1, 3, 5), (q, d) => pool.canonicals[q].includes(d), scores)[0].bug_type;
 * // 'wrong_operator'
 */
export function rankOneMissExamples(
  pool: PoolView,
  top1: Int32Array,
  passes: (q: number, d: number) => boolean,
  group: GroupScores,
  limit: number = DEFAULT_MISS_EXAMPLES,
): MissExample[] {
  const examples: MissExample[] = [];
  for (let q = 0; q < top1.length && examples.length < limit; q++) {
    const d = top1[q]!;
    const canonical = pool.canonicals[q]![0];
    if (d < 0 || canonical === undefined || passes(q, d) || pool.ownerQuery[d] !== q) continue;
    const j = pool.distractors[q]!.indexOf(d);
    examples.push({
      query_id: pool.queryIds[q]!,
      query: pool.queryTexts[q]!,
      canonical_id: pool.docIds[canonical]!,
      canonical_code: pool.code[canonical]!,
      retrieved_id: pool.docIds[d]!,
      retrieved_code: pool.code[d]!,
      bug_type: pool.bugTypes[d] ?? 'unknown',
      canonical_score: group.canonical[q]!,
      retrieved_score: j >= 0 ? group.distractors[q]![j]! : Number.NaN,
    });
  }
  return examples;
}
