import type { ExecutionJob, ExecutionOracle, ExecutionResult } from '@execret/generate';
import { resolvePython } from '@execret/oracle';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedReply } from './reply-schema.js';
import { validateReplies } from './validate.js';

const canonical = 'def add(a, b):\n    if a is None:\n        return b\n    return a + b\n';
const tests = Array.from({ length: 7 }, (_, i) => `assert add(${i}, 2) == ${i + 2}`);
const minus = canonical.replace('a + b', 'a - b');
const times = canonical.replace('a + b', 'a * b');
const plusZero = canonical.replace('a + b', 'a + b + 0');
const loop = 'def add(a, b):\n    total = a\n    for _ in range(b):\n        total += 1\n    return total\n';

/** A stand-in oracle: each snippet's outcome is looked up by its code (everything unknown passes). */
function stubOracle(failing: readonly string[]): ExecutionOracle & { jobs: ExecutionJob[] } {
  const jobs: ExecutionJob[] = [];
  return {
    jobs,
    async runMany(list) {
      jobs.push(...list);
      return list.map(
        (job): ExecutionResult =>
          failing.includes(job.code)
            ? { status: 'fail', tests: job.tests.map((_, i) => (i === 1 ? 'FAIL' : 'pass')) }
            : { status: 'pass', tests: job.tests.map(() => 'pass') },
      );
    },
  };
}

const entry = { id: 'math_numerical_add', function_name: 'add', query: 'Add two numbers.', domain: 'math_numerical' };
const locked = (codes: string[], tests_ = tests): GeneratedReply => ({
  mode: 'locked',
  value: {
    canonical,
    tests: tests_,
    distractors: codes.map((code) => ({ bug_type: 'wrong_operator' as const, code, description: 'd' })),
  },
});

let python: string;
beforeAll(async () => {
  python = (await resolvePython()).executable;
});

describe('validateReplies', { timeout: 30_000 }, () => {
  it('judges every distractor and collects all reasons when a locked reply has several problems', async () => {
    const oracle = stubOracle([minus, `${minus}\n`, loop]);
    const [v] = await validateReplies([{ entry, reply: locked([minus, `${minus}\n`, loop, plusZero]) }], {
      oracle,
      python,
    });
    expect(v!.ok).toBe(false);
    expect(v!.reasons.map((r) => `${r.gate}/${r.code}@${r.distractor}`)).toEqual([
      'edit/duplicate_distractor@1',
      'edit/not_single_edit@2',
      'execution/distractor_passes@3',
    ]);
    expect(v!.distractors.map((d) => d.status)).toEqual(['kept', 'invalid', 'invalid', 'accidentally_correct']);
    expect(v!.distractors[0]).toMatchObject({ failure: 'output', measure: { lines: 1, chars: 1 } });
    // one pass: every snippet parses, so the gates of @execret/generate ran all of them
    expect(oracle.jobs.map((j) => j.code)).toEqual([canonical, minus, `${minus}\n`, loop, plusZero]);
  });

  it('still executes the canonical and the valid distractors when one distractor does not parse', async () => {
    const oracle = stubOracle([minus, times]);
    const [v] = await validateReplies(
      [
        {
          entry,
          reply: locked([
            minus,
            'def add(a, b):\n    return (a +\n',
            times,
            canonical.replace('    if a is None:\n        return b\n', ''),
          ]),
        },
      ],
      { oracle, python },
    );
    expect(v!.reasons.map((r) => r.code)).toEqual(['distractor_syntax', 'distractor_passes']);
    expect(v!.distractors.map((d) => d.status)).toEqual(['kept', 'invalid', 'kept', 'accidentally_correct']);
    expect(v!.canonicalResult?.status).toBe('pass');
    // second pass without the distractor that does not parse
    expect(oracle.jobs).toHaveLength(4);
  });

  it('accepts a clean locked reply', async () => {
    const [v] = await validateReplies(
      [
        {
          entry,
          reply: locked([
            minus,
            times,
            canonical.replace('a is None', 'a is not None'),
            canonical.replace('return b', 'return a'),
          ]),
        },
      ],
      {
        oracle: stubOracle([
          minus,
          times,
          canonical.replace('a is None', 'a is not None'),
          canonical.replace('return b', 'return a'),
        ]),
        python,
      },
    );
    expect(v).toMatchObject({ ok: true, reasons: [] });
    expect(v!.distractors.every((d) => d.status === 'kept')).toBe(true);
  });

  it('marks rewrites not_judged and rejects the entry when the canonical fails its tests (free-form)', async () => {
    const reply: GeneratedReply = {
      mode: 'free-form',
      value: { canonical, tests, buggy_rewrites: [{ code: minus, description: 'd' }] },
    };
    const [v] = await validateReplies([{ entry, reply }], { oracle: stubOracle([canonical, minus]), python });
    expect(v!.ok).toBe(false);
    expect(v!.reasons.map((r) => r.code)).toEqual(['canonical_fails']);
    expect(v!.distractors[0]!.status).toBe('not_judged');
  });

  it('keeps at most maxDistractors test-failing rewrites and marks the rest surplus (free-form)', async () => {
    const rewrites = [minus, times, loop].map((code) => ({ code, description: 'd' }));
    const reply: GeneratedReply = { mode: 'free-form', value: { canonical, tests, buggy_rewrites: rewrites } };
    const [v] = await validateReplies([{ entry, reply }], {
      oracle: stubOracle([minus, times, loop]),
      maxDistractors: 2,
      python,
    });
    expect(v!.ok).toBe(true);
    expect(v!.distractors.map((d) => d.status)).toEqual(['kept', 'kept', 'surplus']);
  });

  it('reports a test that is not an assert and skips execution', async () => {
    const oracle = stubOracle([minus]);
    const [v] = await validateReplies(
      [{ entry, reply: locked([minus, times, loop, plusZero], [...tests.slice(0, 6), 'print(add(1, 2))']) }],
      { oracle, python },
    );
    expect(v!.reasons.map((r) => `${r.gate}/${r.code}`)).toContain('ast/test_not_assert');
    expect(oracle.jobs).toEqual([]);
    expect(v!.distractors.map((d) => d.status)).toEqual(['not_judged', 'not_judged', 'invalid', 'not_judged']);
  });
});
