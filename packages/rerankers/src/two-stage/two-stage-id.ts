/** Between the first-stage id and the reranker id in a two-stage system's id: `bm25>>cohere/rerank-v3.5`. */
export const TWO_STAGE_SEPARATOR = '>>';

/** How deep a second stage reranks by default: the first stage's top 10. */
export const DEFAULT_RERANK_DEPTH = 10;

/**
 * The id of the system made of a first stage and a reranker over its top depth: `<first-stage id>>><reranker id>`.
 *
 * @example
 * twoStageId('bm25', 'cohere/rerank-v3.5'); // 'bm25>>cohere/rerank-v3.5'
 */
export function twoStageId(firstStage: string, reranker: string): string {
  return `${firstStage}${TWO_STAGE_SEPARATOR}${reranker}`;
}
