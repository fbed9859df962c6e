import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LLM_GENERATE_ERROR_CODES, LlmGenerateError } from './errors.js';
import { GENERATOR_VERSION } from './version.js';

describe('LlmGenerateError', () => {
  it('is recognised by its brand, keeps code and cause, and rejects look-alikes', () => {
    const cause = new Error('x');
    const error = new LlmGenerateError('batch-failed', 'm', { cause });
    expect(LlmGenerateError.is(error)).toBe(true);
    expect(error).toMatchObject({ name: 'LlmGenerateError', code: 'batch-failed', cause });
    expect(LlmGenerateError.is({ ...error })).toBe(true);
    expect(LlmGenerateError.is(new Error('x'))).toBe(false);
    expect(LlmGenerateError.is(null)).toBe(false);
    expect(LLM_GENERATE_ERROR_CODES).toContain(error.code);
  });
});

describe('GENERATOR_VERSION', () => {
  it('equals the version in package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(GENERATOR_VERSION).toBe(pkg.version);
  });
});
