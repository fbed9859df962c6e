import { join } from 'node:path';
import { indexExportNames, readmeExportNames } from '@execret/test-kit';
import { describe, expect, it } from 'vitest';
import * as entry from './index.js';

const root = join(__dirname, '..');

describe('README', () => {
  it('documents every name the entry point exports in its exports table, and nothing else', () => {
    const exported = indexExportNames(root);
    const documented = readmeExportNames(root);
    expect(exported.length).toBeGreaterThan(20);
    expect([...new Set(documented)].sort()).toEqual([...new Set(exported)].sort());
  });

  it('reads every runtime export when it lists the entry point names', () => {
    const exported = new Set(indexExportNames(root));
    for (const name of Object.keys(entry)) expect(exported, name).toContain(name);
  });
});
