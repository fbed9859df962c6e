import { describe, expect, it } from 'vitest';
import { choiceOption, UsageError } from './command.js';

describe('choiceOption', () => {
  it('returns the value when it is one of the choices', () => {
    expect(choiceOption({ mode: 'free-form' }, 'mode', ['locked', 'free-form'])).toBe('free-form');
  });

  it('names the option and every choice when the value is not one of them', () => {
    expect(() => choiceOption({ mode: 'x' }, 'mode', ['locked', 'free-form'])).toThrow(
      new UsageError('--mode must be locked or free-form, got "x"'),
    );
    expect(() => choiceOption({ f: 'y' }, 'f', ['json_schema', 'json_object', 'none'])).toThrow(
      new UsageError('--f must be json_schema, json_object or none, got "y"'),
    );
  });
});
