import { describe, expect, it } from 'vitest';
import { parseReply } from './reply.js';

const canonical = 'def add(a, b):\n    return a + b\n';
const tests = Array.from({ length: 8 }, (_, i) => `assert add(${i}, 1) == ${i + 1}`);
const distractors = ['off_by_one', 'wrong_operator', 'swap_arguments', 'wrong_comparison'].map((bug_type, i) => ({
  bug_type,
  code: `${canonical}# ${i}`,
  description: 'x',
}));
const locked = { canonical, tests, distractors };

describe('parseReply', () => {
  it('returns the validated reply when the JSON matches the locked schema', () => {
    const out = parseReply(JSON.stringify({ ...locked, extra: 1 }), 'locked');
    expect(out).toEqual({ ok: true, reply: { mode: 'locked', value: locked } });
  });

  it('accepts one enclosing Markdown fence when the model adds one', () => {
    const out = parseReply(`\n\`\`\`json\n${JSON.stringify(locked)}\n\`\`\`\n`, 'locked');
    expect(out.ok).toBe(true);
  });

  it.each([
    ['empty text', '   ', {}, 'empty_reply'],
    ['null content', null, {}, 'empty_reply'],
    ['prose', 'Here you go: {"canonical": …}', {}, 'malformed_json'],
    ['cut-off JSON', '{"canonical": "def add(a, b', { finishReason: 'length' }, 'truncated'],
    ['a refusal', null, { refusal: 'I cannot do that.' }, 'refusal'],
  ])('rejects %s with its own code', (_name, content, meta, code) => {
    const out = parseReply(content, 'locked', meta);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.reasons.map((r) => [r.gate, r.code])).toEqual([['reply', code]]);
  });

  it.each([
    [
      'six tests',
      { ...locked, tests: tests.slice(0, 6) },
      /^field tests: expected 7–10 asserts, received an array of 6$/u,
    ],
    ['eleven tests', { ...locked, tests: [...tests, ...tests.slice(0, 3)] }, /^field tests: expected 7–10 asserts/u],
    [
      'three distractors',
      { ...locked, distractors: distractors.slice(0, 3) },
      /^field distractors: expected exactly 4 distractors, received an array of 3$/u,
    ],
    [
      'an unknown bug type',
      { ...locked, distractors: [{ ...distractors[0], bug_type: 'typo' }, ...distractors.slice(1)] },
      /^field distractors\.0\.bug_type: .*received string$/u,
    ],
    ['a number for code', { ...locked, canonical: 42 }, /^field canonical: .*received number$/u],
    ['an array at the top', [locked], /^field \(root\): .*received array$/u],
  ])('names the field when the reply has %s', (_name, value, message) => {
    const out = parseReply(JSON.stringify(value), 'locked');
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.reasons[0]!.code).toBe('wrong_schema');
      expect(out.reasons[0]!.message).toMatch(message);
    }
  });

  it('checks buggy_rewrites against the requested count in free-form mode', () => {
    const rewrites = [1, 2, 3].map((i) => ({ code: `${canonical}# ${i}`, description: 'bug' }));
    expect(
      parseReply(JSON.stringify({ canonical, tests, buggy_rewrites: rewrites }), 'free-form', { rewrites: 3 }).ok,
    ).toBe(true);
    const wrong = parseReply(JSON.stringify({ canonical, tests, buggy_rewrites: rewrites }), 'free-form', {
      rewrites: 4,
    });
    expect(!wrong.ok && wrong.reasons[0]!.message).toMatch(/buggy_rewrites: expected exactly 4 buggy rewrites/u);
    expect(parseReply(JSON.stringify(locked), 'free-form').ok).toBe(false);
  });

  it('checks the test count against the given bounds and names them when it is out of range', () => {
    const bounds = { minTests: 3, maxTests: 5 };
    expect(parseReply(JSON.stringify({ ...locked, tests: tests.slice(0, 3) }), 'locked', bounds).ok).toBe(true);
    const six = parseReply(JSON.stringify({ ...locked, tests: tests.slice(0, 6) }), 'locked', bounds);
    expect(six.ok).toBe(false);
    if (!six.ok)
      expect(six.reasons).toEqual([
        { gate: 'reply', code: 'wrong_schema', message: 'field tests: expected 3–5 asserts, received an array of 6' },
      ]);
    const freeForm = parseReply(
      JSON.stringify({
        canonical,
        tests: tests.slice(0, 6),
        buggy_rewrites: [{ code: `${canonical}# 1`, description: 'bug' }],
      }),
      'free-form',
      { rewrites: 1, ...bounds },
    );
    expect(!freeForm.ok && freeForm.reasons[0]!.message).toBe(
      'field tests: expected 3–5 asserts, received an array of 6',
    );
  });
});
