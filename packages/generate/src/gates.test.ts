import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalOracle, realPython } from '../test/helpers/local-oracle.js';
import { formatGateReport, validateTasks } from './gates.js';
import { parseTasksJsonl } from './tasks-jsonl.js';
import type { Task } from './types.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../../fixtures/generate/${name}`, import.meta.url), 'utf8');

let python = 'python3';
beforeAll(async () => {
  python = await realPython();
});

const good = (id: string, fn: string): Task => ({
  id,
  domain: 'math_numerical',
  query: 'double it',
  function_name: fn,
  canonical: `def ${fn}(x):\n    return x * 2\n`,
  tests: Array.from({ length: 7 }, (_, i) => `assert ${fn}(${i}) == ${2 * i}`),
});

describe('validateTasks', () => {
  it('accepts valid tasks and records the canonical results when given an oracle', async () => {
    const { tasks, lines } = parseTasksJsonl(fixture('tricky-tasks.jsonl'));
    const report = await validateTasks(tasks, { oracle: createLocalOracle({ python }), python, lines });
    expect(report.issues).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.counts).toMatchObject({ tasks: tasks.length, valid: tasks.length, invalid: 0 });
    for (const t of report.tasks) expect(t.canonicalResult?.status).toBe('pass');
  });

  it('rejects every bad fixture task with the expected gate and code, and nothing else', async () => {
    const { tasks, lines } = parseTasksJsonl(fixture('bad-tasks.jsonl'));
    const report = await validateTasks(tasks, { oracle: createLocalOracle({ python }), python, lines });
    expect(report.ok).toBe(false);
    expect(report.counts.invalid).toBe(tasks.length);
    report.tasks.forEach((result, i) => {
      const expected = (tasks[i] as { _expect: { gate: string; code: string } })._expect;
      expect(result.ok).toBe(false);
      expect(result.line).toBe(lines[i]);
      expect(result.issues.map((issue) => `${issue.gate}/${issue.code}`)).toContain(
        `${expected.gate}/${expected.code}`,
      );
    });
  });

  it.each([
    [
      'missing function',
      'bad_missing_function',
      /does not define a top-level `def triple` \(expected a plain function; top-level functions found: double\)/u,
    ],
    [
      'non-assert test',
      'bad_not_assert',
      /test 7 \(print\(halve\(4\)\)\) is Expr; expected exactly one assert statement/u,
    ],
    ['test not calling the function', 'bad_no_call', /test 7 \(assert 1 \+ 1 == 2\) does not call negate\(\.\.\.\)/u],
    ['canonical syntax error', 'bad_syntax', /canonical does not parse: line 1: expected ':'/u],
    [
      'failing canonical',
      'bad_canonical_fails',
      /canonical fails 1 of 7 tests: test 7 `assert square\(3\) == 10` → FAIL/u,
    ],
    ['too few tests', 'bad_too_few_tests', /field "tests": expected 7–10 asserts, received an array of 1/u],
    ['missing field', 'bad_no_query', /field "query": .*received nothing/u],
    ['name collision', 'collide_a', /top-level name "LIMIT" is also defined by task "collide_b" \(line 11\)/u],
  ])('explains a %s clearly', async (_, id, message) => {
    const { tasks, lines } = parseTasksJsonl(fixture('bad-tasks.jsonl'));
    const report = await validateTasks(tasks, { oracle: createLocalOracle({ python }), python, lines });
    const result = report.tasks.find((t) => t.taskId === id)!;
    expect(result.issues.map((i) => i.message).join('\n')).toMatch(message);
  });

  it('reports duplicate ids on every occurrence', async () => {
    const report = await validateTasks([good('same', 'f1'), good('other', 'f2'), good('same', 'f3')], { python });
    expect(report.tasks.map((t) => t.issues.map((i) => i.code))).toEqual([['duplicate_id'], [], ['duplicate_id']]);
    expect(report.tasks[0]!.issues[0]!.message).toBe(
      'id "same" is also used by task "same" (index 2); ids must be unique',
    );
  });

  it('flags distractors that pass every test, do not parse, or repeat the canonical', async () => {
    const task = {
      ...good('t', 'dbl'),
      distractors: [
        'def dbl(x):\n    return x + x\n',
        'def dbl(x):\n    return x * 3\n',
        'def dbl(x:\n',
        'def dbl(x):\n    return x * 2\n',
      ],
    };
    const staticOnly = await validateTasks([task], { python });
    expect(staticOnly.issues.map((i) => `${i.code}:${i.distractor}`)).toEqual([
      'distractor_syntax:2',
      'distractor_identical:3',
    ]);
    const fixed = { ...task, distractors: task.distractors.slice(0, 2) };
    const executed = await validateTasks([fixed], { python, oracle: createLocalOracle({ python }) });
    expect(executed.issues.map((i) => `${i.gate}/${i.code}:${i.distractor}`)).toEqual([
      'execution/distractor_passes:0',
    ]);
    expect(executed.issues[0]!.message).toBe('distractor 1 passes all 7 tests; a distractor must fail at least one');
    expect(executed.tasks[0]!.distractorResults?.map((r) => r.status)).toEqual(['pass', 'fail']);
  });

  it('flags byte-identical snippets across tasks', async () => {
    const a = good('a', 'twice');
    const b = { ...good('b', 'thrice'), distractors: [a.canonical] };
    const report = await validateTasks([a, b], { python });
    expect(report.issues.filter((i) => i.code === 'duplicate_code').map((i) => i.taskId)).toEqual(['a', 'b']);
  });

  it('rejects a non-object line and skips execution for tasks that fail a static gate', async () => {
    const oracle = createLocalOracle({ python });
    const report = await validateTasks([42, { ...good('x', 'g'), tests: ['g(1)', ...good('x', 'g').tests.slice(1)] }], {
      python,
      oracle,
    });
    expect(report.tasks[0]!.issues[0]!.message).toBe('expected a JSON object, received number');
    expect(report.tasks[1]!.issues.map((i) => i.code)).toEqual(['test_not_assert']);
    expect(oracle.jobs).toBe(0);
  });

  it('throws RangeError when the test bounds are inconsistent', async () => {
    await expect(validateTasks([], { minTests: 5, maxTests: 3 })).rejects.toThrow(RangeError);
  });
});

describe('formatGateReport', () => {
  it('prints one line per issue and a summary', async () => {
    const report = await validateTasks([good('a', 'h'), { ...good('b', 'k'), function_name: 'nope' }], { python });
    const text = formatGateReport(report);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^task "b" \(index 1\) \[ast\/function_missing\] /u);
    expect(lines.at(-1)).toBe('1 of 2 tasks invalid (schema 0, ast 8, execution 0, integrity 0)');
  });
});
