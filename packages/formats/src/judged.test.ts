import { describe, expect, it } from 'vitest';
import { isJudged, JUDGED_VALUES } from './judged.js';

describe('isJudged', () => {
  it.each([...JUDGED_VALUES])('accepts %s', (label) => {
    expect(isJudged(label)).toBe(true);
  });

  it.each([['server'], ['Split'], [''], [null], [1]])('rejects %j', (value) => {
    expect(isJudged(value)).toBe(false);
  });
});
