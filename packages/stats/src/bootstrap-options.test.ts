import { describe, expect, it } from 'vitest';
import { percentileTails, resolveBootstrapOptions } from './bootstrap-options.js';
import { DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED } from './defaults.js';

describe('percentileTails', () => {
  it.each([
    { confidence: 0.95, low: 2.5 / 100, high: 97.5 / 100 },
    { confidence: 0.9, low: 5 / 100, high: 95 / 100 },
    { confidence: 0.99, low: 0.5 / 100, high: 99.5 / 100 },
    { confidence: 0.8, low: 10 / 100, high: 90 / 100 },
    { confidence: 0.5, low: 25 / 100, high: 75 / 100 },
  ])('lands on the doubles numpy uses for np.percentile when confidence = $confidence', ({ confidence, low, high }) => {
    expect(percentileTails(confidence)).toEqual([low, high]);
  });

  it('differs from the naive (1 − c)/2 when confidence = 0.95 (the reason for the percent form)', () => {
    expect((1 - 0.95) / 2).not.toBe(0.025);
    expect(percentileTails(0.95)[0]).toBe(0.025);
  });
});

describe('resolveBootstrapOptions', () => {
  it('fills in the exported defaults when options are omitted', () => {
    expect(resolveBootstrapOptions(undefined, 't')).toEqual({
      resamples: DEFAULT_RESAMPLES,
      confidence: DEFAULT_CONFIDENCE,
      seed: DEFAULT_SEED,
      qLow: 0.025,
      qHigh: 0.975,
    });
    expect([DEFAULT_RESAMPLES, DEFAULT_CONFIDENCE, DEFAULT_SEED]).toEqual([5000, 0.95, 20260510]);
  });

  it.each([
    { options: { resamples: 0 } },
    { options: { resamples: 2.5 } },
    { options: { confidence: 1 } },
    { options: { confidence: 0 } },
    { options: { confidence: Number.NaN } },
    { options: { seed: 1.5 } },
    { options: { seed: 2 ** 60 } },
  ])('throws RangeError when options = $options', ({ options }) => {
    expect(() => resolveBootstrapOptions(options, 't')).toThrow(RangeError);
  });

  it('throws TypeError when options is not an object', () => {
    expect(() => resolveBootstrapOptions(5 as never, 't')).toThrow(TypeError);
  });
});
