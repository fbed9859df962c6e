/** One candidate first token and its log-probability, as OpenAI-compatible `top_logprobs` give them. */
export interface TokenLogprob {
  readonly token: string;
  readonly logprob: number;
}

/**
 * P("yes") and the log-odds of a yes/no answer. With log-probabilities: the best `yes` and `no` entries of
 * `topLogprobs` (case-insensitive, spaces trimmed) give `probability = e^y / (e^y + e^n)` and
 * `logOdds = y − n` (`±Infinity` when only one of them is listed). Without them (or when neither is listed), the
 * answer text decides: `yes` → 1 / +∞, `no` → 0 / −∞.
 *
 * @returns `null` when neither the log-probabilities nor the text give yes or no
 * @example
 * yesProbability('yes', [{ token: 'yes', logprob: Math.log(0.8) }, { token: 'no', logprob: Math.log(0.2) }]);
 * // { probability: 0.8, logOdds: 1.386… }
 * yesProbability('No', null); // { probability: 0, logOdds: -Infinity }
 */
export function yesProbability(
  text: string,
  topLogprobs: readonly TokenLogprob[] | null,
): { probability: number; logOdds: number } | null {
  let yes = Number.NEGATIVE_INFINITY;
  let no = Number.NEGATIVE_INFINITY;
  for (const entry of topLogprobs ?? []) {
    const token = entry.token.trim().toLowerCase();
    if (token === 'yes') yes = Math.max(yes, entry.logprob);
    if (token === 'no') no = Math.max(no, entry.logprob);
  }
  if (yes > Number.NEGATIVE_INFINITY || no > Number.NEGATIVE_INFINITY) {
    if (no === Number.NEGATIVE_INFINITY) return { probability: 1, logOdds: Number.POSITIVE_INFINITY };
    if (yes === Number.NEGATIVE_INFINITY) return { probability: 0, logOdds: Number.NEGATIVE_INFINITY };
    const logOdds = yes - no;
    return { probability: 1 / (1 + Math.exp(-logOdds)), logOdds };
  }
  const word = text.trim().toLowerCase().replace(/[.!]$/, '');
  if (word === 'yes') return { probability: 1, logOdds: Number.POSITIVE_INFINITY };
  if (word === 'no') return { probability: 0, logOdds: Number.NEGATIVE_INFINITY };
  return null;
}
