/**
 * Token sums over recorded attempts.
 */

import type { ProgressAttempt, StoredUsage } from './progress.js';

/**
 * Sums the token counts of `attempts`, only those sent `via` chat or batch when given.
 *
 * @example
 * sumUsage(state.attempts);          // { prompt_tokens: 5210, completion_tokens: 3180 }
 * sumUsage(state.attempts, 'batch'); // the batch share only
 */
export function sumUsage(attempts: readonly ProgressAttempt[], via?: 'chat' | 'batch'): StoredUsage {
  let prompt = 0;
  let completion = 0;
  for (const a of attempts) {
    if (via !== undefined && a.via !== via) continue;
    prompt += a.usage.prompt_tokens;
    completion += a.usage.completion_tokens;
  }
  return { prompt_tokens: prompt, completion_tokens: completion };
}
