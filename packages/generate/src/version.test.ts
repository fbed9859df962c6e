import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATOR_VERSION } from './version.js';

describe('GENERATOR_VERSION', () => {
  it('equals the version in package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(GENERATOR_VERSION).toBe(pkg.version);
  });
});
