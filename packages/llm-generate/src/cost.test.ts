import { describe, expect, it } from 'vitest';
import { estimateCostUsd } from './cost.js';

const zero = { promptTokens: 0, completionTokens: 0 };

describe('estimateCostUsd', () => {
  it.each([
    [
      'chat only',
      { chat: { promptTokens: 1_000_000, completionTokens: 500_000 }, batch: zero },
      { inputUsdPerMillion: 2, outputUsdPerMillion: 8 },
      6,
    ],
    [
      'batch at the default half price',
      { chat: zero, batch: { promptTokens: 1_000_000, completionTokens: 1_000_000 } },
      { inputUsdPerMillion: 2, outputUsdPerMillion: 8 },
      5,
    ],
    [
      'batch at a custom factor',
      { chat: zero, batch: { promptTokens: 2_000, completionTokens: 0 } },
      { inputUsdPerMillion: 1, outputUsdPerMillion: 1, batchFactor: 1 },
      0.002,
    ],
    [
      'the documented example',
      {
        chat: { promptTokens: 1_000_000, completionTokens: 100_000 },
        batch: { promptTokens: 2_000_000, completionTokens: 0 },
      },
      { inputUsdPerMillion: 0.25, outputUsdPerMillion: 2 },
      0.7,
    ],
  ])('prices %s', (_name, usage, price, expected) => expect(estimateCostUsd(usage, price)).toBeCloseTo(expected, 12));

  it('throws RangeError for a negative price', () => {
    expect(() =>
      estimateCostUsd({ chat: zero, batch: zero }, { inputUsdPerMillion: -1, outputUsdPerMillion: 1 }),
    ).toThrow(RangeError);
  });
});
