import { createHash } from 'node:crypto';
import { DEFAULT_TEST_SUITE_SIZE } from '@execret/dataset';
import { BUG_TYPES } from '@execret/formats';
import { describe, expect, it } from 'vitest';
import {
  buildMessages,
  FREE_FORM_SYSTEM_PROMPT,
  feedbackMessage,
  LOCKED_SYSTEM_PROMPT,
  PROMPT_VERSION,
  promptHash,
  systemPrompt,
  testCountRule,
} from './prompt.js';

const entry = { id: 't', function_name: 'add', query: 'Add two numbers.', domain: 'math_numerical' };
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const DEFAULT_BOUNDS = { minTests: DEFAULT_TEST_SUITE_SIZE.min, maxTests: DEFAULT_TEST_SUITE_SIZE.max };

/**
 * SHA-256 of the prompts and prompt hashes as they were before the test bounds became options (computed from
 * the code of commit 74ce193 with node:crypto). The default bounds must reproduce them byte for byte: they are
 * in every progress key and every released query's metadata.
 */
const PINNED = {
  lockedPrompt: '62740b931de2aa3e7d2f9ab4387dbb0f8c694fd375ef99e93eaa30cf6bed2f1c',
  freeFormPrompt6: '0ea39bd6acb579c127689f17af370a014cf970494ac57d240a79d2fa7e0f6bf2',
  freeFormPrompt3: '981c4a72f9d4e4c77d65397477eabccf30b87baf83dfbe422d2429989dc1d8b6',
  hashLocked: 'ed3ffd01a0a160f8966345da6c3b89e59b7fdc428d8fcb71809a1cc85a6cd5f8',
  hashFreeForm6: 'a8bb4ca9a82c020e88616b4f50428702c730a5f2a342d9166c104559aa19bcce',
  hashFreeForm3: 'b16d3b150fd8b33749a65daa73d820b8bc3c15283dc93dda894c8a4289ac9771',
};

describe('LOCKED_SYSTEM_PROMPT', () => {
  it('states the locked rules: every bug type, one edit, no alternative algorithm, standard library, single-line asserts', () => {
    for (const t of BUG_TYPES) expect(LOCKED_SYSTEM_PROMPT).toContain(`${t}:`);
    expect(LOCKED_SYSTEM_PROMPT).toMatch(/exactly ONE small local edit/u);
    expect(LOCKED_SYSTEM_PROMPT).toMatch(/Never write an alternative algorithm/u);
    expect(LOCKED_SYSTEM_PROMPT).toMatch(/standard library only/iu);
    expect(LOCKED_SYSTEM_PROMPT).toMatch(/\{test_count\} tests\. Each test is ONE line holding ONE `assert`/u);
  });
});

describe('testCountRule', () => {
  it.each([
    [7, 10, 'Between 7 and 10'],
    [3, 5, 'Between 3 and 5'],
    [5, 5, 'Exactly 5'],
    [1, 1, 'Exactly 1'],
  ])('says %i to %i as %j', (min, max, text) => {
    expect(testCountRule(min, max)).toBe(text);
  });
});

describe('systemPrompt', () => {
  it('reproduces the pinned prompts byte for byte when the bounds are the defaults', () => {
    expect(PROMPT_VERSION).toBe('execret-llm-generate/1');
    expect(sha256(systemPrompt('locked'))).toBe(PINNED.lockedPrompt);
    expect(sha256(systemPrompt('locked', DEFAULT_BOUNDS))).toBe(PINNED.lockedPrompt);
    expect(sha256(systemPrompt('free-form'))).toBe(PINNED.freeFormPrompt6);
    expect(sha256(systemPrompt('free-form', { rewrites: 3, ...DEFAULT_BOUNDS }))).toBe(PINNED.freeFormPrompt3);
    expect(systemPrompt('locked')).toMatch(/Between 7 and 10 tests\. Each test is ONE line holding ONE `assert`/u);
  });

  it('states the given bounds and leaves no placeholder when the bounds are not the defaults', () => {
    for (const mode of ['locked', 'free-form'] as const) {
      const text = systemPrompt(mode, { rewrites: 4, minTests: 3, maxTests: 5 });
      expect(text).toContain('- Between 3 and 5 tests. Each test is ONE line');
      expect(text).not.toMatch(/Between 7 and 10|\{test_count\}|\{rewrites\}/u);
    }
    expect(systemPrompt('locked', { minTests: 4, maxTests: 4 })).toContain('- Exactly 4 tests. Each test');
  });
});

describe('buildMessages', () => {
  it('sends the system prompt and the entry when it is the first attempt', () => {
    expect(buildMessages(entry, 'locked')).toEqual([
      { role: 'system', content: systemPrompt('locked') },
      { role: 'user', content: 'Function name: add\nDomain: math_numerical\nQuery: Add two numbers.' },
    ]);
  });

  it('replays every earlier reply followed by its feedback when retrying', () => {
    const previous = [
      { content: 'not json', reasons: [{ gate: 'reply' as const, code: 'malformed_json', message: 'bad' }] },
      { content: '{}', reasons: [{ gate: 'execution' as const, code: 'canonical_fails', message: 'fails 1 of 8' }] },
    ];
    const messages = buildMessages(entry, 'locked', previous);
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
    expect(messages[2]!.content).toBe('not json');
    expect(messages[3]!.content).toBe(feedbackMessage(previous[0]!.reasons));
    expect(messages[5]!.content).toContain('- execution/canonical_fails: fails 1 of 8');
  });

  it('fills in the number of rewrites and the test bounds in free-form mode', () => {
    expect(buildMessages(entry, 'free-form', [], { rewrites: 5, minTests: 2, maxTests: 6 })[0]!.content).toBe(
      FREE_FORM_SYSTEM_PROMPT.replaceAll('{rewrites}', '5').replaceAll('{test_count}', 'Between 2 and 6'),
    );
  });
});

describe('feedbackMessage', () => {
  it('cuts long messages to 400 characters', () => {
    const text = feedbackMessage([{ gate: 'ast', code: 'test_syntax', message: 'x'.repeat(1000) }]);
    expect(text).toContain(`- ast/test_syntax: ${'x'.repeat(397)}...\n`);
  });
});

describe('promptHash', () => {
  it('is a stable 64-hex digest that differs between modes and rewrite counts', () => {
    expect(promptHash('locked')).toMatch(/^[0-9a-f]{64}$/u);
    expect(promptHash('locked')).toBe(promptHash('locked', { rewrites: 3 }));
    expect(promptHash('free-form', { rewrites: 3 })).not.toBe(promptHash('free-form', { rewrites: 4 }));
    expect(promptHash('locked')).not.toBe(promptHash('free-form'));
  });

  it('keeps the pinned hashes when the bounds are the defaults, given or not', () => {
    expect(promptHash('locked')).toBe(PINNED.hashLocked);
    expect(promptHash('locked', DEFAULT_BOUNDS)).toBe(PINNED.hashLocked);
    expect(promptHash('free-form')).toBe(PINNED.hashFreeForm6);
    expect(promptHash('free-form', { rewrites: 6, ...DEFAULT_BOUNDS })).toBe(PINNED.hashFreeForm6);
    expect(promptHash('free-form', { rewrites: 3 })).toBe(PINNED.hashFreeForm3);
  });

  it('changes with either bound when the bounds are not the defaults', () => {
    const hashes = new Set([
      promptHash('locked'),
      promptHash('locked', { minTests: 3, maxTests: 5 }),
      promptHash('locked', { minTests: 3, maxTests: DEFAULT_TEST_SUITE_SIZE.max }),
      promptHash('locked', { minTests: DEFAULT_TEST_SUITE_SIZE.min, maxTests: 12 }),
      promptHash('free-form', { minTests: 3, maxTests: 5 }),
    ]);
    expect(hashes.size).toBe(5);
  });
});
