import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GenerateError,
  type ReadTaskSetResult,
  readTaskSet,
  serializeTasksJsonl,
  TASK_SKIP_REASONS,
  type TaskSkipReason,
  validateTasks,
} from '../src/index.js';
import { createLocalOracle, realPython } from './helpers/local-oracle.js';

const sample = (name: string): Promise<Buffer> => readFile(new URL(`./fixtures/task-formats/${name}`, import.meta.url));
const jsonl = (rows: readonly unknown[]): Buffer => Buffer.from(rows.map((r) => `${JSON.stringify(r)}\n`).join(''));

let python = 'python3';
let humaneval: ReadTaskSetResult;
let mbpp: ReadTaskSetResult;
const dirs: string[] = [];

beforeAll(async () => {
  python = await realPython();
  humaneval = await readTaskSet(await sample('humaneval-sample.jsonl'), { python });
  mbpp = await readTaskSet(await sample('mbpp-sample.jsonl'), { python });
}, 60_000);

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const reasons = (result: ReadTaskSetResult): Record<string, number> =>
  Object.fromEntries(Object.entries(result.counts.byReason).filter(([, n]) => n > 0));

describe('readTaskSet (HumanEval sample)', () => {
  it('detects the format and converts the two convertible rows, in file order with their lines', () => {
    expect(humaneval.format).toBe('humaneval');
    expect(humaneval.detected).toBe(true);
    expect(humaneval.tasks.map((t) => t.id)).toEqual(['humaneval_0', 'humaneval_1']);
    expect(humaneval.lines).toEqual([1, 2]);
    expect(humaneval.counts).toMatchObject({ rows: 10, tasks: 2, skippedRows: 8, droppedTests: 7 });
  });

  it('takes the docstring without doctest examples and their header as the query, whitespace collapsed', () => {
    expect(humaneval.tasks[0]).toMatchObject({
      domain: 'humaneval',
      function_name: 'count_pairs_below',
      query: 'Count the pairs of positions i < j whose values add up to less than limit. Values may be negative.',
    });
    expect(humaneval.tasks[1]!.query).toBe(
      "Undo shift_letters: takes a word encoded with shift_letters(word, k) and returns the original. Examples: unshift_letters('bcd', 1) returns 'abc'",
    );
  });

  it('makes the canonical prompt + canonical_solution exactly', async () => {
    const row = JSON.parse((await sample('humaneval-sample.jsonl')).toString('utf8').split('\n')[0]!) as Record<
      string,
      string
    >;
    expect(humaneval.tasks[0]!.canonical).toBe(`${row.prompt}${row.canonical_solution}`);
    expect(humaneval.tasks[0]!.canonical.startsWith('import math\nfrom typing import List\n')).toBe(true);
  });

  it('keeps the top-level asserts of check() with candidate replaced, each printed on one line', () => {
    expect(humaneval.tasks[0]!.tests).toEqual([
      'assert count_pairs_below([1.0, 2.0, 3.0], 4.5) == 2',
      "assert count_pairs_below([], 1.0) == 0, 'an empty list has no pairs'",
      'assert count_pairs_below([-1.0, -2.0, 5.0], 0.0) == 1',
      'assert count_pairs_below([0.5] * 4, math.inf) == 6',
      'assert count_pairs_below([2.0, 2.0, 2.0], 4.5) == 3',
    ]);
    expect(humaneval.tasks[1]!.tests).toEqual([
      "assert unshift_letters('bcd', 1) == 'abc'",
      "assert unshift_letters(shift_letters('hello', 3), 3) == 'hello'",
      "assert unshift_letters('zab', 27) == 'yza'",
      "assert list(map(lambda candidate: candidate, ['a'])) == ['a'] and unshift_letters('b', 1) == 'a'",
    ]);
  });

  it('lists every assert left out with its reason, line and task id', () => {
    expect(humaneval.droppedTests).toEqual([
      {
        line: 1,
        taskId: 'humaneval_0',
        reason: 'assert-does-not-call-entry-point',
        test: "assert True, 'This prints if this assert fails 1 (good for debugging!)'",
      },
      {
        line: 1,
        taskId: 'humaneval_0',
        reason: 'assert-uses-test-locals',
        test: 'assert candidate(pairs[0], 3.0) == 1',
      },
      {
        line: 1,
        taskId: 'humaneval_0',
        reason: 'assert-nested',
        test: 'assert candidate([0.0] * n, 1.0) == n * (n - 1) // 2',
      },
      {
        line: 1,
        taskId: 'humaneval_0',
        reason: 'assert-uses-test-globals',
        test: "assert METADATA['dataset'] == 'test'",
      },
      {
        line: 1,
        taskId: 'humaneval_0',
        reason: 'assert-uses-undefined-name',
        test: 'assert candidate([1.0, 2.0], threshold) == 1',
      },
      {
        line: 2,
        taskId: 'humaneval_1',
        reason: 'assert-uses-test-globals',
        test: "assert candidate('abc', random.randint(0, 0)) == 'abc'",
      },
      {
        line: 2,
        taskId: 'humaneval_1',
        reason: 'assert-uses-test-globals',
        test: "assert candidate('xyz', 2) == reference('xyz', 2)",
      },
    ]);
  });

  it('skips every other row with its reason, line and own task id', () => {
    expect(humaneval.skipped.map(({ line, taskId, reason }) => ({ line, taskId, reason }))).toEqual([
      { line: 3, taskId: 'HumanEval/2', reason: 'no-usable-assert' },
      { line: 4, taskId: 'HumanEval/3', reason: 'entry-point-not-defined' },
      { line: 5, taskId: 'HumanEval/4', reason: 'canonical-does-not-parse' },
      { line: 6, taskId: 'HumanEval/5', reason: 'no-docstring' },
      { line: 7, taskId: 'HumanEval/6', reason: 'no-check-function' },
      { line: 8, taskId: 'HumanEval/7', reason: 'tests-do-not-parse' },
      { line: 9, taskId: 'HumanEval/8', reason: 'invalid-row' },
      { line: 10, taskId: 'humaneval/0', reason: 'duplicate-id' },
    ]);
    expect(humaneval.skipped[0]!.detail).toBe('no assert of check() is usable (assert-nested 1)');
    expect(humaneval.skipped[2]!.detail).toMatch(/'return' outside function/u);
    expect(humaneval.skipped[6]!.detail).toBe('field "entry_point": expected a non-empty string, received nothing');
  });

  it('gives the same result when the file is gzipped', async () => {
    const gz = await sample('humaneval-sample.jsonl.gz');
    expect(gunzipSync(gz).equals(await sample('humaneval-sample.jsonl'))).toBe(true);
    expect(await readTaskSet(gz, { python })).toEqual(humaneval);
  });
});

describe('readTaskSet (MBPP sample)', () => {
  it('converts text, code with LF endings, and test_list followed by challenge_test_list', () => {
    expect(mbpp.format).toBe('mbpp');
    expect(mbpp.tasks[0]).toEqual({
      id: 'mbpp_11',
      domain: 'mbpp',
      query: 'Write a python function to count the vowels in a string.',
      function_name: 'count_vowels',
      canonical:
        "def is_vowel(ch):\n    return ch.lower() in 'aeiou'\n\ndef count_vowels(s):\n    return sum(1 for ch in s if is_vowel(ch))",
      tests: [
        "assert count_vowels('hello') == 2",
        "assert count_vowels('xyz') == 0",
        "assert count_vowels('AEIOU') == 5",
        "assert count_vowels('') == 0",
      ],
    });
    expect(mbpp.droppedTests).toEqual([
      { line: 1, taskId: 'mbpp_11', reason: 'test-not-single-assert', test: "print(count_vowels('a'))" },
      { line: 1, taskId: 'mbpp_11', reason: 'assert-does-not-call-entry-point', test: 'assert True' },
    ]);
  });

  it('prepends setup code that only imports, and reads absent optional fields as empty', () => {
    expect(mbpp.tasks[1]).toMatchObject({
      id: 'mbpp_12',
      canonical: 'import math\ndef circle_area(r):\n  return math.pi * r * r',
    });
    expect(mbpp.tasks[2]).toMatchObject({ id: 'mbpp_19', function_name: 'is_even' });
    expect(mbpp.tasks[2]!.tests).toHaveLength(3);
    expect(mbpp.lines).toEqual([1, 2, 10]);
  });

  it('skips every other row with its reason, line and own task id', () => {
    expect(mbpp.skipped.map(({ line, taskId, reason }) => ({ line, taskId, reason }))).toEqual([
      { line: 3, taskId: '13', reason: 'setup-code' },
      { line: 4, taskId: '14', reason: 'canonical-does-not-parse' },
      { line: 5, taskId: '15', reason: 'entry-point-not-defined' },
      { line: 6, taskId: '16', reason: 'ambiguous-entry-point' },
      { line: 7, taskId: '17', reason: 'no-usable-assert' },
      { line: 8, taskId: '18', reason: 'invalid-row' },
      { line: 9, taskId: '11', reason: 'duplicate-id' },
    ]);
    expect(mbpp.skipped[3]!.detail).toBe('no single top-level function is called by every assert (called: add2, sub2)');
  });
});

describe('readTaskSet (both samples)', () => {
  it('uses every reason code of TASK_SKIP_REASONS at least once', () => {
    const used = new Set([...Object.keys(reasons(humaneval)), ...Object.keys(reasons(mbpp))]);
    expect(TASK_SKIP_REASONS.map((r) => r.code).filter((code) => !used.has(code))).toEqual([]);
  });

  it('counts by reason exactly what skipped and droppedTests hold, zero for the rest', () => {
    for (const result of [humaneval, mbpp]) {
      const expected = Object.fromEntries(TASK_SKIP_REASONS.map((r) => [r.code, 0])) as Record<TaskSkipReason, number>;
      for (const s of result.skipped) expected[s.reason] += 1;
      for (const d of result.droppedTests) expected[d.reason] += 1;
      expect(result.counts.byReason).toEqual(expected);
      for (const s of result.skipped) expect(TASK_SKIP_REASONS.find((r) => r.code === s.reason)?.scope).toBe('row');
      for (const d of result.droppedTests)
        expect(TASK_SKIP_REASONS.find((r) => r.code === d.reason)?.scope).toBe('test');
    }
  });

  it('gives tasks that pass every gate with minTests 1, canonicals passing their converted tests', async () => {
    const oracle = createLocalOracle({ python, timeoutS: 2 });
    for (const result of [humaneval, mbpp]) {
      const report = await validateTasks(result.tasks, { oracle, python, lines: result.lines, minTests: 1 });
      expect(report.issues).toEqual([]);
      expect(report.ok).toBe(true);
      for (const t of report.tasks) expect(t.canonicalResult?.tests.every((o) => o === 'pass')).toBe(true);
    }
    expect(oracle.jobs).toBe(humaneval.tasks.length + mbpp.tasks.length);
  }, 60_000);

  it('executes a HumanEval canonical against its converted tests, and a wrong body fails them', async () => {
    const task = humaneval.tasks[0]!;
    const wrong = task.canonical.replace('range(i + 1, len(values))', 'range(i, len(values))');
    expect(wrong).not.toBe(task.canonical);
    const [right, bad] = await createLocalOracle({ python, timeoutS: 2 }).runMany([
      { code: task.canonical, tests: task.tests },
      { code: wrong, tests: task.tests },
    ]);
    expect(right).toMatchObject({ status: 'pass', tests: ['pass', 'pass', 'pass', 'pass', 'pass'] });
    expect(bad!.status).toBe('fail');
  });

  it('reads its own serialised tasks back as the tasks format, unchanged', async () => {
    const tasks = [...humaneval.tasks, ...mbpp.tasks];
    const text = serializeTasksJsonl(tasks);
    const back = await readTaskSet(Buffer.from(text, 'utf8'));
    expect(back).toMatchObject({ format: 'tasks', detected: true, tasks, skipped: [], droppedTests: [] });
    expect(serializeTasksJsonl(back.tasks)).toBe(text);
  });
});

describe('readTaskSet (rules, inline rows)', () => {
  const row = (i: number, doc: string) => ({
    task_id: `HumanEval/${i}`,
    prompt: `def f${i}(x):\n    """${doc}"""\n`,
    canonical_solution: '    return x\n',
    test: 'def check(candidate):\n    assert candidate(1) == 1\n',
    entry_point: `f${i}`,
  });
  it.each([
    [
      'doctest output runs to a blank line',
      'Echo x.\n    >>> f(1)\n    1\n    still output\n\n    Then prose.\n    ',
      'Echo x. Then prose.',
    ],
    ['continuation lines belong to the example', 'Echo.\n    >>> f(\n    ...   1)\n    1\n    ', 'Echo.'],
    [
      'a header only goes when it introduces a doctest',
      'Echo.\n\n    Example 1:\n      f(1) is 1\n    Examples:\n    >>> f(2)\n    2\n',
      'Echo. Example 1: f(1) is 1',
    ],
    ['blank lines between header and example still count', 'Echo.\n    For Example:\n\n    >>> f(1)\n    1\n', 'Echo.'],
    ['tabs and indentation collapse', '\tEcho\t the\n        value   back.  ', 'Echo the value back.'],
  ])('cleans the docstring when %s', async (_, doc, query) => {
    const result = await readTaskSet(jsonl([row(0, doc)]), { python });
    expect(result.tasks[0]?.query).toBe(query);
  });

  it('replaces candidate only where it is free, keeps asserts using the canonical’s imports and builtins', async () => {
    const result = await readTaskSet(
      jsonl([
        {
          task_id: 'HumanEval/0',
          prompt: 'import math\n\ndef area(r):\n    """Area of a circle."""\n',
          canonical_solution: '    return math.pi * r * r\n',
          test:
            'def check(candidate):\n' +
            '    assert abs(candidate(1) - math.pi) < 0.001\n' +
            '    assert all([candidate(r) >= 0 for r in range(3)])\n' +
            '    assert (lambda candidate: candidate)(2) == 2 and candidate(0) == 0\n' +
            '    assert (n := candidate(0)) == n\n',
          entry_point: 'area',
        },
      ]),
      { python },
    );
    expect(result.tasks[0]?.tests).toEqual([
      'assert abs(area(1) - math.pi) < 0.001',
      'assert all([area(r) >= 0 for r in range(3)])',
      'assert (lambda candidate: candidate)(2) == 2 and area(0) == 0',
      'assert (n := area(0)) == n',
    ]);
  });

  it.each([
    ['setup that does not parse', { test_setup_code: 'import (' }, 'setup-code', /test_setup_code does not parse/u],
    [
      'no assert calling a defined function',
      { test_list: ['assert len([1]) == 1'] },
      'entry-point-not-defined',
      /functions: g/u,
    ],
    [
      'several functions called by every assert',
      { test_list: ['assert g(h(1)) == 1'], code: 'def g(x):\n  return x\ndef h(x):\n  return x' },
      'ambiguous-entry-point',
      /called: g, h/u,
    ],
    [
      'an empty text',
      { text: '  ' },
      'invalid-row',
      /field "text": expected a non-empty string, received an empty string/u,
    ],
    ['a task id with no letter or digit', { task_id: '//' }, 'invalid-row', /has no letter or digit/u],
  ])('skips an MBPP row with %s', async (_, patch, reason, detail) => {
    const base = {
      text: 'Identity.',
      code: 'def g(x):\n  return x',
      task_id: 1,
      test_setup_code: '',
      test_list: ['assert g(1) == 1'],
      challenge_test_list: [],
    };
    const result = await readTaskSet(jsonl([{ ...base, ...patch }]), { python, format: 'mbpp' });
    expect(result.skipped).toHaveLength(1);
    expect(result.skipped[0]!.reason).toBe(reason);
    expect(result.skipped[0]!.detail).toMatch(detail);
  });

  it('skips every row as invalid-row when the explicit format does not match the rows', async () => {
    const result = await readTaskSet(await sample('mbpp-sample.jsonl'), { python, format: 'humaneval' });
    expect(result).toMatchObject({ format: 'humaneval', detected: false, tasks: [] });
    expect(result.counts.byReason['invalid-row']).toBe(result.counts.rows);
  });

  it('skips rows that are not objects and keeps tasks rows unchanged, extra fields included', async () => {
    const task = {
      id: 'a',
      domain: 'd',
      query: 'q',
      function_name: 'f',
      canonical: 'def f():\n  pass\n',
      tests: ['assert f() is None'],
      distractors: ['x'],
    };
    const result = await readTaskSet(jsonl([task, [1], { ...task, language: 'ruby' }, { ...task, tests: 'x' }]));
    expect(result.tasks).toEqual([task]);
    expect(result.skipped.map((s) => [s.line, s.reason, s.detail])).toEqual([
      [2, 'invalid-row', 'expected a JSON object, received an array'],
      [3, 'invalid-row', expect.stringMatching(/field "language": expected absent or one of/u)],
      [4, 'invalid-row', 'field "tests": expected an array of strings, received a string'],
    ]);
  });
});

describe('readTaskSet (errors)', () => {
  it('throws invalid-task-file when no format can be detected, and invalid-jsonl for a line that is not JSON', async () => {
    const codes: string[] = [];
    for (const text of ['{"a": 1}\n', '', '{"id": "x"}\n{oops\n']) {
      try {
        await readTaskSet(Buffer.from(text), { python });
      } catch (error) {
        codes.push(GenerateError.is(error) ? error.code : 'other');
      }
    }
    expect(codes).toEqual(['invalid-task-file', 'invalid-task-file', 'invalid-jsonl']);
  });

  it('throws RangeError or TypeError at once when the arguments are misused', async () => {
    await expect(readTaskSet(Buffer.from(''), { format: 'csv' as never })).rejects.toThrow(RangeError);
    await expect(readTaskSet(Buffer.from(''), { maxBytes: 0 })).rejects.toThrow(RangeError);
    await expect(readTaskSet('text' as never)).rejects.toThrow(TypeError);
  });

  it('rejects with python-failed when the interpreter is missing or answers with an unknown reason', async () => {
    const bytes = await sample('mbpp-sample.jsonl');
    await expect(readTaskSet(bytes, { python: '/nonexistent/python3' })).rejects.toMatchObject({
      code: 'python-failed',
    });
    const dir = await mkdtemp(join(tmpdir(), 'execret-task-formats-'));
    dirs.push(dir);
    const fake = join(dir, 'python');
    const answer = { results: Array.from({ length: 8 }, () => ({ ok: false, reason: 'made-up', detail: 'x' })) };
    await writeFile(fake, `#!/bin/sh\ncat > /dev/null\necho '${JSON.stringify(answer)}'\n`);
    await chmod(fake, 0o755);
    await expect(readTaskSet(bytes, { python: fake })).rejects.toMatchObject({
      code: 'python-failed',
      message: expect.stringMatching(/skip with reason "made-up"/u),
    });
  });
});
