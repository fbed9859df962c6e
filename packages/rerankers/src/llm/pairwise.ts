import { runConcurrently } from '@execret/formats';
import { HttpError } from '@execret/http';
import type { ChatAnswer, ChatJudge } from './chat-judge.js';
import { pairwisePrompt } from './prompts.js';

/**
 * PRP all-pairs (Qin et al. 2023) in both orders: every ordered pair (i, j), i ≠ j, is asked once with i as
 * snippet A and j as B, so each unordered pair is judged twice with the positions swapped. The winner of each call
 * gets half a point: a consistent judge gives the better snippet 1 point, a position-biased one (same letter both
 * times) half a point to each. Answers must be `A` or `B` (case and a final period ignored); anything else fails
 * with `response`.
 *
 * @returns points per candidate (0 … n − 1) and the number of calls made (n · (n − 1))
 * @example
 * const { points } = await pairwisePoints(judge, 'sort a list', snippets, { concurrency: 4, label });
 */
export async function pairwisePoints(
  judge: ChatJudge,
  query: string,
  documents: readonly string[],
  options: { concurrency: number; label: string; signal?: AbortSignal; onAnswer?: (a: ChatAnswer) => void },
): Promise<{ points: Float64Array; calls: number }> {
  const n = documents.length;
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j) pairs.push([i, j]);
  const points = new Float64Array(n);
  await runConcurrently(
    pairs.length,
    options.concurrency,
    async (k, signal) => {
      const [a, b] = pairs[k] as [number, number];
      const answer = await judge(
        {
          messages: pairwisePrompt(query, documents[a] as string, documents[b] as string),
          maxTokens: 1,
          logprobs: false,
        },
        signal,
      );
      options.onAnswer?.(answer);
      const letter = answer.text.trim().replace(/\.$/, '').toUpperCase();
      if (letter !== 'A' && letter !== 'B') {
        throw new HttpError(
          'response',
          `${options.label}: pairwise answer ${JSON.stringify(answer.text.slice(0, 40))} is neither A nor B`,
        );
      }
      const winner = letter === 'A' ? a : b;
      points[winner] = (points[winner] as number) + 0.5;
    },
    options.signal,
  );
  return { points, calls: pairs.length };
}
