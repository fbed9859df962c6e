import { describe, expect, it } from 'vitest';
import { copyPool, poolDistractors } from './copy-pool.js';
import type { VerifiedCopy } from './make-copies.js';

const copy = (code: string): VerifiedCopy => ({
  code,
  kinds: ['rename'],
  result: { status: 'fail', tests: ['pass', 'FAIL'] },
  verification: { testsAgreed: 2, tests: 2, probesAgreed: 3, probes: 3 },
});
const copied = { status: 'copied' as const, original: 2, kept: [0, 3], copies: [copy('c1'), copy('c2')] };

describe('copyPool', () => {
  it('keeps the copied and kept distractors in their order and puts the copies after them', () => {
    expect(copyPool(['d0', 'd1', 'd2', 'd3'], copied)).toEqual({
      distinct: ['d0', 'd2', 'd3'],
      originalAt: 1,
      copies: copied.copies,
    });
  });
});

describe('poolDistractors', () => {
  const toRelease = (code: string) => ({
    code,
    bugType: `bug_${code}`,
    result: { status: 'fail' as const, tests: ['FAIL', 'FAIL'] },
    failure: 'output' as const,
    metadata: { edits: [] },
  });

  it('maps the chosen distractors unchanged when the task has no copies', () => {
    expect(poolDistractors(['d0', 'd1'], undefined, toRelease)).toEqual([toRelease('d0'), toRelease('d1')]);
  });

  it('writes each copy as its original with its own code and run, copyOf and how it was made', () => {
    const out = poolDistractors(['d0', 'd1', 'd2', 'd3'], copied, toRelease);
    expect(out.map((d) => d.code)).toEqual(['d0', 'd2', 'd3', 'c1', 'c2']);
    expect(out.map((d) => d.copyOf)).toEqual([undefined, undefined, undefined, 1, 1]);
    expect(out[3]).toEqual({
      code: 'c1',
      bugType: 'bug_d2',
      result: copied.copies[0]!.result,
      failure: 'output',
      copyOf: 1,
      metadata: {
        edits: [],
        copy_kinds: ['rename'],
        copy_verification: { tests_agreed: 2, tests: 2, probes_agreed: 3, probes: 3 },
      },
    });
  });
});
