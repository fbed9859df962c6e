import { describe, expect, it } from 'vitest';
import { yesProbability } from './yes-probability.js';

describe('yesProbability', () => {
  it('takes the two log-probabilities when both are listed', () => {
    const r = yesProbability('yes', [
      { token: ' Yes', logprob: Math.log(0.6) },
      { token: 'no', logprob: Math.log(0.2) },
      { token: 'yes', logprob: Math.log(0.1) },
    ]);
    expect(r?.probability).toBeCloseTo(0.75, 12);
    expect(r?.logOdds).toBeCloseTo(Math.log(3), 12);
  });

  it.each([
    [[{ token: 'yes', logprob: -0.1 }], 1, Number.POSITIVE_INFINITY],
    [[{ token: 'No', logprob: -0.1 }], 0, Number.NEGATIVE_INFINITY],
  ])('saturates when only one answer is listed (%j)', (top, p, odds) => {
    expect(yesProbability('maybe', top)).toEqual({ probability: p, logOdds: odds });
  });

  it.each([
    ['Yes.', 1],
    [' no ', 0],
  ])('reads the text %j when there are no log-probabilities', (text, p) => {
    expect(yesProbability(text, null)?.probability).toBe(p);
  });

  it('returns null when the answer is neither yes nor no', () => {
    expect(yesProbability('perhaps', [{ token: 'perhaps', logprob: -0.1 }])).toBeNull();
  });
});
