import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listModels } from './registry.js';

describe('README', () => {
  it('lists every registry id in its registry table', () => {
    const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
    for (const m of listModels()) expect(readme, m.id).toContain(`| \`${m.id}\` |`);
  });
});
