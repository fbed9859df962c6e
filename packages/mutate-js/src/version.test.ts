import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MUTATE_JS_VERSION } from './version.js';

describe('MUTATE_JS_VERSION', () => {
  it('equals the package.json version when the package is released', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(MUTATE_JS_VERSION).toBe(pkg.version);
  });
});
