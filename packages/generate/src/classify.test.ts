import { describe, expect, it } from 'vitest';
import { classifyResult, passesAllTests } from './classify.js';
import type { ExecutionResult } from './types.js';

describe('classifyResult', () => {
  it.each([
    [{ status: 'pass', tests: ['pass', 'pass'] }, 'survived'],
    [{ status: 'fail', tests: ['pass', 'FAIL'] }, 'output'],
    [{ status: 'fail', tests: ['FAIL: expected 3', 'pass'] }, 'output'],
    [{ status: 'fail', tests: ['ERROR:IndexError: list index out of range', 'FAIL'] }, 'output'],
    [{ status: 'error', tests: ['ERROR:TypeError: bad operand', 'pass'] }, 'crash'],
    [{ status: 'timeout', tests: ['TIMEOUT', 'TIMEOUT'] }, 'crash'],
    [{ status: 'error', tests: ['pass', 'pass'] }, 'crash'],
  ] as const)('classifies %j as %s', (result, kind) => {
    expect(classifyResult(result as unknown as ExecutionResult)).toBe(kind);
  });
});

describe('passesAllTests', () => {
  it.each([
    [{ status: 'pass', tests: ['pass'] }, true],
    [{ status: 'pass', tests: ['pass', 'FAIL'] }, false],
    [{ status: 'error', tests: ['pass'] }, false],
  ] as const)('returns %s for %j', (result, expected) => {
    expect(passesAllTests(result as unknown as ExecutionResult)).toBe(expected);
  });
});
