import { describe, expect, it } from 'vitest';
import { passesSplitJudged } from './judging.js';

describe('passesSplitJudged', () => {
  it.each([
    ['every test passed and was judged split', ['pass', 'pass'], ['split', 'split'], true],
    ['a test was judged in a fallback child', ['pass', 'pass'], ['split', 'fallback'], false],
    ['a test was judged in the child', ['pass'], ['child'], false],
    ['a test failed', ['pass', 'FAIL'], ['split', 'split'], false],
    ['there are no tests', [], [], false],
    ['the labels do not match the outcomes', ['pass', 'pass'], ['split'], false],
  ] as const)('returns the right answer when %s', (_name, tests, judged, expected) => {
    expect(passesSplitJudged({ tests, judged })).toBe(expected);
  });
});
