import { runConcurrently } from '@execret/formats';
import { HttpError } from '@execret/http';
import type { ChatAnswer, ChatJudge } from './chat-judge.js';
import { pointwisePrompt } from './prompts.js';
import { yesProbability } from './yes-probability.js';

/**
 * Pointwise yes/no scores: one call per candidate (`pointwisePrompt`, one output token, log-probabilities when
 * `logprobs`), score = P("yes"), rawScore = log-odds (see `yesProbability`). An answer that is neither yes nor no
 * fails with `response`.
 *
 * @example
 * const { scores } = await pointwiseScores(judge, 'sort a list', snippets, { logprobs: true, concurrency: 4, label });
 */
export async function pointwiseScores(
  judge: ChatJudge,
  query: string,
  documents: readonly string[],
  options: {
    logprobs: boolean;
    concurrency: number;
    label: string;
    signal?: AbortSignal;
    onAnswer?: (a: ChatAnswer) => void;
  },
): Promise<{ scores: Float64Array; rawScores: Float64Array }> {
  const scores = new Float64Array(documents.length);
  const rawScores = new Float64Array(documents.length);
  await runConcurrently(
    documents.length,
    options.concurrency,
    async (i, signal) => {
      const answer = await judge(
        { messages: pointwisePrompt(query, documents[i] as string), maxTokens: 1, logprobs: options.logprobs },
        signal,
      );
      options.onAnswer?.(answer);
      const judged = yesProbability(answer.text, answer.topLogprobs);
      if (judged === null) {
        throw new HttpError(
          'response',
          `${options.label}: pointwise answer ${JSON.stringify(answer.text.slice(0, 40))} is neither yes nor no`,
        );
      }
      scores[i] = judged.probability;
      rawScores[i] = judged.logOdds;
    },
    options.signal,
  );
  return { scores, rawScores };
}
