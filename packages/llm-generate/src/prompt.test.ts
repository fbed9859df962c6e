import { BUG_TYPES } from '@execret/formats';
import { describe, expect, it } from 'vitest';
import { buildMessages, FREE_FORM_SYSTEM_PROMPT, feedbackMessage, LOCKED_SYSTEM_PROMPT, promptHash } from './prompt.js';

const entry = { id: 't', function_name: 'add', query: 'Add two numbers.', domain: 'math_numerical' };

describe('LOCKED_SYSTEM_PROMPT', () => {
  it('states the locked rules: every bug type, one edit, no alternative algorithm, standard library, 7–10 single-line asserts', () => {
    for (const t of BUG_TYPES) expect(LOCKED_SYSTEM_PROMPT).toContain(`${t}:`);
    expect(LOCKED_SYSTEM_PROMPT).toMatch(/exactly ONE small local edit/u);
    expect(LOCKED_SYSTEM_PROMPT).toMatch(/Never write an alternative algorithm/u);
    expect(LOCKED_SYSTEM_PROMPT).toMatch(/standard library only/iu);
    expect(LOCKED_SYSTEM_PROMPT).toMatch(/Between 7 and 10 tests\. Each test is ONE line holding ONE `assert`/u);
  });
});

describe('buildMessages', () => {
  it('sends the system prompt and the entry when it is the first attempt', () => {
    expect(buildMessages(entry, 'locked')).toEqual([
      { role: 'system', content: LOCKED_SYSTEM_PROMPT },
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

  it('fills in the number of rewrites in free-form mode', () => {
    expect(buildMessages(entry, 'free-form', [], { rewrites: 5 })[0]!.content).toBe(
      FREE_FORM_SYSTEM_PROMPT.replaceAll('{rewrites}', '5'),
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
});
