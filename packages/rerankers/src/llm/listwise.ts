import { HttpError } from '@execret/http';
import type { ChatAnswer, ChatJudge } from './chat-judge.js';
import { parsePermutation } from './parse-permutation.js';
import { listwisePrompt } from './prompts.js';

/** JSON schema of a listwise answer in structured-output mode. */
const LISTWISE_SCHEMA = {
  name: 'ranking',
  schema: {
    type: 'object',
    properties: { ranking: { type: 'array', items: { type: 'integer' } } },
    required: ['ranking'],
    additionalProperties: false,
  },
} as const;

/**
 * RankGPT's sliding window (Sun et al. 2023): starting from the first-stage order, the window of the last
 * `windowSize` candidates is reordered by the model, then the window moves `step` places towards the top, until the
 * window that starts at the top has been reordered. One pass; each window answer is parsed strictly by
 * `parsePermutation` (unknown ids dropped, missing ids appended in first-stage order) and a malformed answer fails
 * with `response`. With `n ≤ windowSize` one call orders everything; otherwise the top `windowSize − step` places
 * are the model's choice over all candidates, and lower places depend on where candidates started.
 *
 * @returns candidate indices, best first
 * @example
 * await listwiseOrder(judge, 'sort a list', snippets, { windowSize: 20, step: 10, structured: false, label });
 */
export async function listwiseOrder(
  judge: ChatJudge,
  query: string,
  documents: readonly string[],
  options: {
    windowSize: number;
    step: number;
    structured: boolean;
    label: string;
    signal?: AbortSignal;
    onAnswer?: (a: ChatAnswer) => void;
  },
): Promise<number[]> {
  const { windowSize, step } = options;
  if (!Number.isInteger(windowSize) || windowSize < 2) {
    throw new RangeError(`${options.label}: windowSize must be an integer >= 2, received ${windowSize}`);
  }
  if (!Number.isInteger(step) || step < 1 || step >= windowSize) {
    throw new RangeError(`${options.label}: step must be an integer in 1..windowSize-1, received ${step}`);
  }
  const order = documents.map((_, i) => i);
  if (order.length < 2) return order;
  const signal = options.signal ?? new AbortController().signal;
  let end = order.length;
  let start = Math.max(0, end - windowSize);
  for (;;) {
    const window = order.slice(start, end);
    const answer = await judge(
      {
        messages: listwisePrompt(
          query,
          window.map((i) => documents[i] as string),
        ),
        maxTokens: 8 * window.length + 16,
        logprobs: false,
        ...(options.structured ? { jsonSchema: LISTWISE_SCHEMA } : {}),
      },
      signal,
    );
    options.onAnswer?.(answer);
    let parsed: string | number[] = answer.text;
    if (options.structured) {
      try {
        const value = JSON.parse(answer.text) as { ranking?: unknown };
        parsed = Array.isArray(value.ranking) ? (value.ranking as number[]) : [Number.NaN];
      } catch {
        parsed = [Number.NaN];
      }
    }
    const permutation = parsePermutation(parsed, window.length);
    if (permutation === null) {
      throw new HttpError(
        'response',
        `${options.label}: listwise answer is not a ranking like "[2] > [1]": ${JSON.stringify(answer.text.slice(0, 80))}`,
      );
    }
    permutation.forEach((p, k) => {
      order[start + k] = window[p] as number;
    });
    if (start === 0) break;
    end -= step;
    start = Math.max(0, end - windowSize);
  }
  return order;
}
