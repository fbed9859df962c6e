import { describe, expect, it } from 'vitest';
import type { DatasetError } from '../errors.js';
import { isCommitSha, parseHubReference } from './reference.js';

describe('parseHubReference', () => {
  it('keeps a 40-hex commit as the revision when the reference pins one', () => {
    const sha = '0123456789abcdef0123456789abcdef01234567';
    expect(parseHubReference(`hf:o/n@${sha}`)).toEqual({ owner: 'o', name: 'n', revision: sha });
  });

  it.each([
    'hf:o/n@',
    'hf:o/n@a b',
    'hf:o/n@..',
    'hf:o/n@a/../b',
    'hf:o/n@refs//pr',
    'hf:o/n@/main',
    'hf:o/n@main/',
    'hf:o/n@./main',
    'hf:o/n@a\\b',
    'hf:o/n@a\u0000b',
    'hf:o/n@a:b',
    'hf:o/n@a~1',
    'hf:../n',
    'hf:o/n/x',
    'o/n',
  ])('throws source for %j', (source) => {
    expect(() => parseHubReference(source)).toThrow(
      expect.objectContaining({ code: 'source' }) as unknown as DatasetError,
    );
  });
});

describe('isCommitSha', () => {
  it.each([
    ['0123456789abcdef0123456789abcdef01234567', true],
    ['0123456789ABCDEF0123456789ABCDEF01234567', false],
    ['0123456', false],
    ['main', false],
  ])('says %j is a commit: %s', (revision, expected) => {
    expect(isCommitSha(revision)).toBe(expected);
  });
});
