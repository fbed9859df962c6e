import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTasksJsonl } from '../tasks-jsonl.js';
import type { Task } from '../types.js';
import { serializeTasksJsonl } from './serialize-tasks.js';

const MINI_TASKS = readFileSync(new URL('../../../../fixtures/mini-tasks/tasks.jsonl', import.meta.url), 'utf8');

const TASK: Task = {
  id: 'mbpp_2',
  domain: 'mbpp',
  query: 'Add two numbers \u2014 caf\u00e9.',
  function_name: 'add',
  canonical: 'def add(a, b):\n    return a + b\n',
  tests: ['assert add(1, 2) == 3'],
};

describe('serializeTasksJsonl', () => {
  it('reproduces the bundled tasks file byte for byte when given its parsed tasks', () => {
    const tasks = parseTasksJsonl(MINI_TASKS).tasks as Task[];
    expect(serializeTasksJsonl(tasks)).toBe(MINI_TASKS);
  });

  it('writes the documented keys in order, language last, and nothing else when a task has more properties', () => {
    const shuffled = {
      tests: TASK.tests,
      distractors: ['def add(a, b):\n    return a - b\n'],
      language: 'python',
      canonical: TASK.canonical,
      function_name: TASK.function_name,
      query: TASK.query,
      domain: TASK.domain,
      id: TASK.id,
    } as Task;
    expect(serializeTasksJsonl([shuffled])).toBe(
      '{"id": "mbpp_2", "domain": "mbpp", "query": "Add two numbers \\u2014 caf\\u00e9.", "function_name": "add", ' +
        '"canonical": "def add(a, b):\\n    return a + b\\n", "tests": ["assert add(1, 2) == 3"], "language": "python"}\n',
    );
  });

  it('returns the same bytes for the same tasks and an empty string for none', () => {
    expect(serializeTasksJsonl([TASK, TASK])).toBe(serializeTasksJsonl([{ ...TASK }, { ...TASK }]));
    expect(serializeTasksJsonl([TASK, TASK]).split('\n')).toHaveLength(3);
    expect(serializeTasksJsonl([])).toBe('');
  });

  it.each([
    ['a field is not a string', { ...TASK, query: 3 }, /task 0: field "query" must be a string, received number/u],
    [
      'tests is not an array of strings',
      { ...TASK, tests: ['assert 1', 2] },
      /field "tests" must be an array of strings/u,
    ],
    ['language is unknown', { ...TASK, language: 'ruby' }, /field "language" must be absent or one of/u],
  ])('throws TypeError when %s', (_, task, message) => {
    expect(() => serializeTasksJsonl([task as unknown as Task])).toThrow(TypeError);
    expect(() => serializeTasksJsonl([task as unknown as Task])).toThrow(message);
  });
});
