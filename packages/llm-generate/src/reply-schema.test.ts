import { createHash } from 'node:crypto';
import { DEFAULT_TEST_SUITE_SIZE } from '@execret/dataset';
import { describe, expect, it } from 'vitest';
import { freeFormReplySchema, lockedReplySchema, replyJsonSchema, replyShape } from './reply-schema.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const DEFAULT_BOUNDS = { minTests: DEFAULT_TEST_SUITE_SIZE.min, maxTests: DEFAULT_TEST_SUITE_SIZE.max };

/**
 * SHA-256 of `JSON.stringify(replyJsonSchema(...))` before the test bounds became options (computed from the code
 * of commit 74ce193 with node:crypto): the schema sent as `response_format` with the default bounds.
 */
const PINNED = {
  locked: '990a798bf13009525b5f0fd295530cd8edc54e58152bb36c0aa7334c145eabb5',
  freeForm6: '426de8da5456dc36e96fca675c443e5b2315e3625e779fc57afe6d06484a82ea',
  freeForm3: '86dfdc01a396e08145ab083f3d0950d6ab6751cdaef7975dbc79f844c2a61fe3',
};

const canonical = 'def add(a, b):\n    return a + b\n';
const asserts = (n: number) => Array.from({ length: n }, (_, i) => `assert add(${i}, 1) == ${i + 1}`);
const distractors = ['off_by_one', 'wrong_operator', 'swap_arguments', 'wrong_comparison'].map((bug_type, i) => ({
  bug_type,
  code: `${canonical}# ${i}`,
  description: 'x',
}));

describe('replyShape', () => {
  it('fills in the dataset defaults when no bounds are given', () => {
    expect(replyShape()).toEqual({ rewrites: 6, ...DEFAULT_BOUNDS });
    expect(replyShape({ minTests: 3 })).toEqual({ rewrites: 6, minTests: 3, maxTests: DEFAULT_TEST_SUITE_SIZE.max });
  });
});

describe('replyJsonSchema', () => {
  it('reproduces the pinned schemas byte for byte when the bounds are the defaults', () => {
    expect(sha256(JSON.stringify(replyJsonSchema('locked')))).toBe(PINNED.locked);
    expect(sha256(JSON.stringify(replyJsonSchema('locked', DEFAULT_BOUNDS)))).toBe(PINNED.locked);
    expect(sha256(JSON.stringify(replyJsonSchema('free-form')))).toBe(PINNED.freeForm6);
    expect(sha256(JSON.stringify(replyJsonSchema('free-form', { rewrites: 3, ...DEFAULT_BOUNDS })))).toBe(
      PINNED.freeForm3,
    );
  });

  it.each(['locked', 'free-form'] as const)('carries the given bounds in %s mode', (mode) => {
    const tests = (replyJsonSchema(mode, { minTests: 3, maxTests: 5 }).properties as Record<string, unknown>).tests;
    expect(tests).toMatchObject({
      type: 'array',
      minItems: 3,
      maxItems: 5,
      description: '3 to 5 single-line assert statements that call the function.',
    });
  });
});

describe('lockedReplySchema', () => {
  it.each([
    [2, false],
    [3, true],
    [5, true],
    [6, false],
  ])('with bounds 3–5, %i asserts pass: %s', (n, ok) => {
    const out = lockedReplySchema({ minTests: 3, maxTests: 5 }).safeParse({
      canonical,
      tests: asserts(n),
      distractors,
    });
    expect(out.success).toBe(ok);
    if (!out.success) expect(out.error.issues[0]!.message).toBe('expected 3–5 asserts');
  });
});

describe('freeFormReplySchema', () => {
  it('checks both the rewrites and the test bounds when both are given', () => {
    const buggy_rewrites = [1, 2].map((i) => ({ code: `${canonical}# ${i}`, description: 'bug' }));
    const schema = freeFormReplySchema({ rewrites: 2, minTests: 1, maxTests: 1 });
    expect(schema.safeParse({ canonical, tests: asserts(1), buggy_rewrites }).success).toBe(true);
    expect(schema.safeParse({ canonical, tests: asserts(2), buggy_rewrites }).success).toBe(false);
  });
});
