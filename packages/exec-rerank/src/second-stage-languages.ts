import { parseSecondStageId } from './second-stage-id.js';

/**
 * Which second stages of `ids` cannot rerank a dataset with queries in `languages`, and why: the execution rerankers
 * read snippets as Python (signatures, literals, probes), so on other languages they would leave every ranking as it
 * was and look like a second stage that changes nothing. `undefined` when every id can.
 *
 * @example
 * languageUnreadable(['exec/consensus', 'cohere/rerank-v3.5'], ['python', 'javascript']);
 * // { ids: ['exec/consensus'], reason: 'the execution rerankers read Python snippets only, and this dataset has javascript queries' }
 */
export function languageUnreadable(
  ids: readonly string[],
  languages: readonly string[],
): { readonly ids: string[]; readonly reason: string } | undefined {
  const others = [...new Set(languages)].filter((language) => language !== 'python');
  const execIds = ids.filter((id) => parseSecondStageId(id)?.kind !== 'model');
  if (others.length === 0 || execIds.length === 0) return undefined;
  return {
    ids: execIds,
    reason: `the execution rerankers read Python snippets only, and this dataset has ${others.join(', ')} queries`,
  };
}
