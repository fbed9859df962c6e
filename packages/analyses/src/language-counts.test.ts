import { describe, expect, it } from 'vitest';
import { languageCounts } from './language-counts.js';

describe('languageCounts', () => {
  it('counts queries per language in first-seen order', () => {
    const counts = languageCounts(['typescript', 'python', 'typescript']);
    expect(counts).toEqual({ typescript: 2, python: 1 });
    expect(Object.keys(counts)).toEqual(['typescript', 'python']);
    expect(languageCounts([])).toEqual({});
  });
});
