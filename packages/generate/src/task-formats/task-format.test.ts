import { describe, expect, it } from 'vitest';
import { GenerateError } from '../errors.js';
import { detectTaskFormat } from './task-format.js';

const HUMANEVAL = { task_id: 'HumanEval/0', prompt: 'p', canonical_solution: 's', test: 't', entry_point: 'f' };
const MBPP = { text: 't', code: 'c', task_id: 1, test_setup_code: '', test_list: [], challenge_test_list: [] };
const TASKS = { id: 'a', domain: 'd', query: 'q', function_name: 'f', canonical: 'c', tests: [] };

function errorOf(fn: () => unknown): GenerateError {
  try {
    fn();
  } catch (error) {
    if (GenerateError.is(error)) return error;
    throw error;
  }
  throw new Error('expected a GenerateError');
}

describe('detectTaskFormat', () => {
  it.each([
    ['humaneval', [HUMANEVAL, HUMANEVAL]],
    ['mbpp', [MBPP]],
    ['tasks', [TASKS, { ...TASKS, language: 'javascript' }]],
    ['mbpp', [{ text: 't', code: 'c', task_id: 2, test_list: [] }]],
    ['humaneval', [{ task_id: 'HumanEval/1', prompt: 'p' }, HUMANEVAL, 'not an object', null]],
  ] as const)('returns %s when every row that carries a format signature carries that one', (format, rows) => {
    expect(detectTaskFormat(rows)).toBe(format);
  });

  it('throws invalid-task-file naming the lines when rows of two formats occur', () => {
    const error = errorOf(() => detectTaskFormat([HUMANEVAL, MBPP], { lines: [3, 9] }));
    expect(error.code).toBe('invalid-task-file');
    expect(error.message).toMatch(/humaneval from line 3, mbpp from line 9/u);
  });

  it('throws invalid-task-file listing the expected keys when no row carries a signature', () => {
    for (const rows of [[], [{ id: 'a' }], [[1, 2]]]) {
      const error = errorOf(() => detectTaskFormat(rows));
      expect(error.code).toBe('invalid-task-file');
      expect(error.message).toMatch(/humaneval \(task_id, prompt, canonical_solution, test, entry_point\)/u);
    }
  });
});
