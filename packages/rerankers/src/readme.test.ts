import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listRerankers } from './registry.js';

describe('README', () => {
  it('lists every registry id in its registry table', () => {
    const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
    for (const c of listRerankers()) expect(readme, c.id).toContain(`| \`${c.id}\` |`);
  });
});
