import type { ChatMessage } from '@execret/formats';

export type { ChatMessage } from '@execret/formats';

/** System turn of the pointwise judge. */
const POINTWISE_SYSTEM =
  'You judge whether a code snippet correctly implements what a query asks for. Answer with one word: yes or no.';

/**
 * The pointwise (yes/no) prompt: the query and one snippet; the answer is read from the first token.
 *
 * @example
 * pointwisePrompt('sort a list', 'def f(x): return sorted(x)')[1].content.startsWith('Query: sort a list'); // true
 */
export function pointwisePrompt(query: string, document: string): ChatMessage[] {
  return [
    { role: 'system', content: POINTWISE_SYSTEM },
    {
      role: 'user',
      content: `Query: ${query}\n\nCode:\n${document}\n\nDoes this code correctly implement the query? Answer yes or no.`,
    },
  ];
}

/** System turn of the listwise ranker (RankGPT's, for code). */
const LISTWISE_SYSTEM =
  'You are RankGPT, an intelligent assistant that can rank code snippets based on how well they implement a query.';

/**
 * The listwise prompt (RankGPT, Sun et al. 2023, adapted to code): numbered snippets `[1]`…`[m]` and the instruction to
 * answer with identifiers only, most relevant first, e.g. `[2] > [1] > [3]`.
 *
 * @example
 * listwisePrompt('sort a list', ['a', 'b'])[1].content.includes('[2] b'); // true
 */
export function listwisePrompt(query: string, documents: readonly string[]): ChatMessage[] {
  const m = documents.length;
  const passages = documents.map((d, i) => `[${i + 1}] ${d}`).join('\n\n');
  return [
    { role: 'system', content: LISTWISE_SYSTEM },
    {
      role: 'user',
      content: `I will provide you with ${m} code snippets, each indicated by a numerical identifier []. Rank them based on how correctly they implement the query: ${query}\n\n${passages}\n\nQuery: ${query}\n\nRank the ${m} snippets above from most to least likely to be a correct implementation. List all identifiers in descending order using the format [] > [], e.g. [2] > [1]. Answer with the ranking only, no explanation.`,
    },
  ];
}

/** System turn of the pairwise judge. */
const PAIRWISE_SYSTEM =
  'You compare two code snippets for a query and say which one implements it correctly. Answer with one letter: A or B.';

/**
 * The pairwise prompt (PRP, Qin et al. 2023, adapted to code): snippets A and B; the answer is `A` or `B`.
 *
 * @example
 * pairwisePrompt('q', 'x', 'y')[1].content.includes('Snippet A:\nx'); // true
 */
export function pairwisePrompt(query: string, a: string, b: string): ChatMessage[] {
  return [
    { role: 'system', content: PAIRWISE_SYSTEM },
    {
      role: 'user',
      content: `Query: ${query}\n\nSnippet A:\n${a}\n\nSnippet B:\n${b}\n\nWhich snippet correctly implements the query? Answer A or B.`,
    },
  ];
}
