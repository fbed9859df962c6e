import { describe, expect, it } from 'vitest';
import { manifestDataset } from './manifest-dataset.js';

describe('manifestDataset', () => {
  it.each([
    [{ dataset: 'hf:org/set', dataset_commit: 'c0ffee' }, 'hf:org/set@c0ffee'],
    [{ dataset: 'hf:org/set@v1', dataset_commit: 'c0ffee' }, 'hf:org/set@v1'],
    [{ dataset: 'hf:org/set', dataset_commit: null }, 'hf:org/set'],
    [{ dataset: 'mini', dataset_commit: null }, 'mini'],
    [{ dataset: './release' }, './release'],
    [{}, undefined],
  ])('reads %j as %s', (manifest, source) => {
    expect(manifestDataset(manifest)).toBe(source);
  });
});
