import { DEFAULT_TEST_SUITE_SIZE } from '@execret/dataset';
import type { OpenAICompatibleClient } from '@execret/http';
import { describe, expect, it } from 'vitest';
import { type GenerateOptions, resolveGenerateSettings } from './generate-options.js';
import { promptHash } from './prompt.js';

const client = {} as OpenAICompatibleClient;
const base: GenerateOptions = { model: 'm', client };

describe('resolveGenerateSettings', () => {
  it('takes the test bounds of @execret/dataset and the pinned prompt hash when none are given', () => {
    const settings = resolveGenerateSettings(base);
    expect([settings.minTests, settings.maxTests]).toEqual([DEFAULT_TEST_SUITE_SIZE.min, DEFAULT_TEST_SUITE_SIZE.max]);
    expect(settings.promptSha256).toBe(promptHash('locked'));
  });

  it('hashes the prompt with the given bounds when they are not the defaults', () => {
    const settings = resolveGenerateSettings({ ...base, mode: 'free-form', rewrites: 4, minTests: 3, maxTests: 5 });
    expect([settings.minTests, settings.maxTests]).toEqual([3, 5]);
    expect(settings.promptSha256).toBe(promptHash('free-form', { rewrites: 4, minTests: 3, maxTests: 5 }));
    expect(settings.promptSha256).not.toBe(promptHash('free-form', { rewrites: 4 }));
  });

  it('accepts equal bounds', () => {
    expect(resolveGenerateSettings({ ...base, minTests: 1, maxTests: 1 })).toMatchObject({ minTests: 1, maxTests: 1 });
  });

  it.each([
    [{ minTests: 0 }, /minTests must be an integer ≥ 1, received 0/u],
    [{ minTests: 2.5, maxTests: 5 }, /minTests must be an integer ≥ 1, received 2\.5/u],
    [{ minTests: Number.NaN }, /minTests must be an integer ≥ 1, received NaN/u],
    [{ minTests: 5, maxTests: 3 }, /maxTests must be an integer ≥ 5, received 3/u],
    [{ maxTests: 4 }, `maxTests must be an integer ≥ ${DEFAULT_TEST_SUITE_SIZE.min}, received 4`],
    [{ minTests: 3, maxTests: 4.5 }, /maxTests must be an integer ≥ 3, received 4\.5/u],
  ])('throws a RangeError naming the option when the bounds are %j', (bounds, message) => {
    expect(() => resolveGenerateSettings({ ...base, ...bounds })).toThrow(RangeError);
    expect(() => resolveGenerateSettings({ ...base, ...bounds })).toThrow(message);
  });
});
