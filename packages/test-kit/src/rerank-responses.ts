/**
 * Bodies of the rerank APIs' answers, built from one score per document (input order). Every API but vLLM's
 * `/score` sorts its results by score, best first; ties keep input order.
 */

export interface RerankResponseOptions {
  /** The model the answer names. */
  model: string;
  /** Tokens the answer reports. */
  totalTokens: number;
}

/** `{ index, [key]: score }` for every document, best first, ties in input order. */
function sortedResults(scores: readonly number[], key: string): Array<Record<string, unknown> & { index: number }> {
  return scores
    .map((score, index) => ({ index, [key]: score }))
    .sort((a, b) => (b[key] as number) - (a[key] as number));
}

/** Cohere `POST /v2/rerank`: `{ id, results: [{ index, relevance_score }], meta: { billed_units: { search_units } } }`. */
export function cohereRerankResponse(
  scores: readonly number[],
  options: { searchUnits: number },
): Record<string, unknown> {
  return {
    id: 'r1',
    results: sortedResults(scores, 'relevance_score'),
    meta: { api_version: { version: '2' }, billed_units: { search_units: options.searchUnits } },
  };
}

/** Voyage `POST /v1/rerank`: `{ object: 'list', data: [{ index, relevance_score }], model, usage: { total_tokens } }`. */
export function voyageRerankResponse(
  scores: readonly number[],
  options: RerankResponseOptions,
): Record<string, unknown> {
  return {
    object: 'list',
    data: sortedResults(scores, 'relevance_score'),
    model: options.model,
    usage: { total_tokens: options.totalTokens },
  };
}

/** Jina `POST /v1/rerank`: `{ model, usage: { total_tokens }, results: [{ index, relevance_score }] }`. */
export function jinaRerankResponse(scores: readonly number[], options: RerankResponseOptions): Record<string, unknown> {
  return {
    model: options.model,
    usage: { total_tokens: options.totalTokens },
    results: sortedResults(scores, 'relevance_score'),
  };
}

/** Mixedbread `POST /v1/reranking`: `{ object: 'list', model, data: [{ index, score, object: 'rank_result' }], usage }`. */
export function mixedbreadRerankResponse(
  scores: readonly number[],
  options: RerankResponseOptions,
): Record<string, unknown> {
  return {
    object: 'list',
    model: options.model,
    data: sortedResults(scores, 'score').map((r) => ({ ...r, object: 'rank_result' })),
    usage: { prompt_tokens: options.totalTokens, total_tokens: options.totalTokens },
  };
}

/** text-embeddings-inference `POST /rerank`: a bare array `[{ index, score }]`. */
export function teiRerankResponse(scores: readonly number[]): Array<Record<string, unknown>> {
  return sortedResults(scores, 'score');
}

/** vLLM `POST /rerank`: `{ id, model, usage, results: [{ index, relevance_score, document: { text } }] }`. */
export function vllmRerankResponse(
  documents: readonly string[],
  scores: readonly number[],
  options: RerankResponseOptions,
): Record<string, unknown> {
  return {
    id: 'rerank-1',
    model: options.model,
    usage: { total_tokens: options.totalTokens },
    results: sortedResults(scores, 'relevance_score').map((r) => ({ ...r, document: { text: documents[r.index] } })),
  };
}

/** vLLM `POST /score`: `{ id, object: 'list', model, data: [{ index, object: 'score', score }], usage }`, in input order. */
export function vllmScoreResponse(scores: readonly number[], options: RerankResponseOptions): Record<string, unknown> {
  return {
    id: 'score-1',
    object: 'list',
    model: options.model,
    data: scores.map((score, index) => ({ index, object: 'score', score })),
    usage: { prompt_tokens: options.totalTokens, total_tokens: options.totalTokens },
  };
}
