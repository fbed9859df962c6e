import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { realPython } from '../test/helpers/local-oracle.js';
import { applyEdits } from './edits.js';
import { enumerateMutants } from './enumerate.js';
import type { MutantCandidate, Task } from './types.js';

let python = 'python3';
beforeAll(async () => {
  python = await realPython();
});

async function candidatesOf(canonical: string): Promise<MutantCandidate[]> {
  const [result] = await enumerateMutants([{ id: 't', canonical }], { python });
  if (result?.status !== 'ok') throw new Error(`enumeration failed: ${JSON.stringify(result)}`);
  return result.candidates;
}

const summary = (c: MutantCandidate): string =>
  `${c.status} ${c.bugType}/${c.operator} ${c.edit.line}:${c.edit.colStart}-${c.edit.endLine}:${c.edit.colEnd} ${JSON.stringify(c.edit.before)}->${JSON.stringify(c.edit.after)}`;

/** Table: snippet, then candidates that must be present (as `summary` strings). */
const PRESENT: [string, string, string[]][] = [
  [
    'off_by_one int literals in arithmetic',
    'def f(x):\n    return x * 2 + 1\n',
    [
      'ok off_by_one/int_literal 2:15-2:16 "2"->"1"',
      'ok off_by_one/int_literal 2:15-2:16 "2"->"3"',
      'ok off_by_one/int_literal 2:19-2:20 "1"->"0"',
      'ok off_by_one/int_literal 2:19-2:20 "1"->"2"',
    ],
  ],
  [
    'off_by_one on negative and hexadecimal literals',
    'def f(xs):\n    return xs[-1] & 0xFF\n',
    [
      'ok off_by_one/int_literal 2:14-2:16 "-1"->"-2"',
      'ok off_by_one/int_literal 2:14-2:16 "-1"->"0"',
      'ok off_by_one/int_literal 2:20-2:24 "0xFF"->"0xFE"',
      'ok off_by_one/int_literal 2:20-2:24 "0xFF"->"0x100"',
    ],
  ],
  [
    'off_by_one index shifts',
    'def f(xs, i):\n    return xs[i] + xs[i + 1]\n',
    [
      'ok off_by_one/index_shift 2:14-2:15 "i"->"i + 1"',
      'ok off_by_one/index_shift 2:14-2:15 "i"->"i - 1"',
      'ok off_by_one/index_shift 2:22-2:27 "i + 1"->"i"',
    ],
  ],
  [
    'off_by_one in augmented and plain assignments',
    'def f(n):\n    count = 0\n    count += 2\n    return count * n\n',
    ['ok off_by_one/int_literal 2:12-2:13 "0"->"1"', 'ok off_by_one/int_literal 3:13-3:14 "2"->"3"'],
  ],
  [
    'boundaries of range() arguments',
    'def f(xs, n):\n    return [x for x in range(1, n)] + [y for y in range(len(xs) - 1)]\n',
    [
      'ok off_by_one_boundary/range_bound 2:29-2:30 "1"->"0"',
      'ok off_by_one_boundary/range_bound 2:29-2:30 "1"->"2"',
      'ok off_by_one_boundary/range_bound 2:32-2:33 "n"->"n + 1"',
      'ok off_by_one_boundary/range_bound 2:32-2:33 "n"->"n - 1"',
      'ok off_by_one_boundary/range_bound 2:56-2:67 "len(xs) - 1"->"len(xs)"',
    ],
  ],
  [
    'boundaries of slices and comparisons',
    'def f(s, n):\n    return s[1:n] if len(s) < 3 else s\n',
    [
      'ok off_by_one_boundary/slice_bound 2:13-2:14 "1"->"2"',
      'ok off_by_one_boundary/slice_bound 2:15-2:16 "n"->"n - 1"',
      'ok off_by_one_boundary/compare_bound 2:30-2:31 "3"->"2"',
      'ok off_by_one_boundary/compare_bound 2:30-2:31 "3"->"4"',
    ],
  ],
  [
    'len offsets outside boundary positions',
    'def f(xs):\n    last = len(xs) - 1\n    n = len(xs)\n    return xs[last] * n\n',
    [
      'ok off_by_one_boundary/len_offset 2:11-2:22 "len(xs) - 1"->"len(xs)"',
      'ok off_by_one_boundary/len_offset 3:8-3:15 "len(xs)"->"len(xs) - 1"',
    ],
  ],
  [
    'wrong arithmetic, augmented and boolean operators',
    'def f(a, b, c):\n    a //= b\n    return a % b and b or c and a ** 2\n',
    [
      'ok wrong_operator/augmented_assignment 2:6-2:9 "//="->"*="',
      'ok wrong_operator/augmented_assignment 2:6-2:9 "//="->"/="',
      'ok wrong_operator/binary_operator 3:13-3:14 "%"->"//"',
      'ok wrong_operator/boolean_operator 3:17-3:20 "and"->"or"',
      'ok wrong_operator/boolean_operator 3:23-3:25 "or"->"and"',
      'ok wrong_operator/boolean_operator 3:28-3:31 "and"->"or"',
      'ok wrong_operator/binary_operator 3:34-3:36 "**"->"*"',
    ],
  ],
  [
    'wrong comparisons: chained links one at a time, in / is',
    'def f(a, b, c, s):\n    return a < b <= c and a not in s and c is not None\n',
    [
      'ok wrong_comparison/chained_comparison 2:13-2:14 "<"->"<="',
      'ok wrong_comparison/chained_comparison 2:17-2:19 "<="->"<"',
      'ok wrong_comparison/comparison 2:28-2:34 "not in"->"in"',
      'ok wrong_comparison/comparison 2:43-2:49 "is not"->"is"',
    ],
  ],
  [
    'swapped positional arguments, multi-line call',
    'def f(a, b):\n    q, r = divmod(\n        a,  # dividend\n        b)\n    return q + r\n',
    ['ok swap_arguments/swap_positional 3:8-4:9 "a,  # dividend\\n        b"->"b,  # dividend\\n        a"'],
  ],
  [
    'commutative swaps flagged as equivalent',
    'def f(a, b):\n    return max(a, b)\n',
    ['equivalent swap_arguments/swap_commutative 2:15-2:19 "a, b"->"b, a"'],
  ],
  [
    'guard removal, emptied block filled with pass',
    'def f(xs):\n    for x in xs:\n        if x < 0:\n            continue\n    if not xs:\n        raise ValueError("empty")\n    return xs\n',
    [
      'ok remove_edge_case_check/remove_guard 3:0-4:21 "        if x < 0:\\n            continue\\n"->"        pass\\n"',
      'ok remove_edge_case_check/remove_guard 5:0-6:34 "    if not xs:\\n        raise ValueError(\\"empty\\")\\n"->""',
    ],
  ],
  [
    'removal of a final elif guard (the if above loses its else branch)',
    'def f(x):\n    if x > 1:\n        x = 1\n    elif x < 0:\n        return 0\n    return x\n',
    ['ok remove_edge_case_check/remove_guard 4:0-5:17 "    elif x < 0:\\n        return 0\\n"->""'],
  ],
  [
    'guard removal when the guard is on the last line without a newline',
    'def f(x):\n    y = x\n    if y: return 1',
    ['ok remove_edge_case_check/remove_guard 2:9-3:18 "\\n    if y: return 1"->""'],
  ],
  [
    'sites inside f-strings, nested functions and comprehensions',
    'def f(xs, i):\n    def g(v):\n        return v - 1\n    return [f"é{g(x) * 2}" for x in xs if x > i]\n',
    [
      'ok wrong_operator/binary_operator 3:17-3:18 "-"->"+"',
      'ok wrong_operator/binary_operator 4:21-4:22 "*"->"//"',
      'ok off_by_one/int_literal 4:23-4:24 "2"->"3"',
      'ok wrong_comparison/comparison 4:44-4:45 ">"->">="',
    ],
  ],
  [
    'non-ASCII text before a site: columns in code points',
    'def f(s, i):\n    return "日本😀" + s[i]\n',
    ['ok off_by_one/index_shift 2:21-2:22 "i"->"i + 1"'],
  ],
];

/** Table: snippet, then a predicate text that no candidate's edit may touch. */
const ABSENT: [string, string, (c: MutantCandidate) => boolean][] = [
  [
    'decorators and default arguments',
    '@cache(maxsize=1 + 1)\ndef f(x, n=2 - 1, *, k=a < b):\n    return x\n',
    (c) => c.edit.line <= 2,
  ],
  [
    'docstrings and imports',
    'import a as b\n"""Module 1 + 2."""\ndef f(x):\n    """Doc x < 1."""\n    return x\n',
    () => true,
  ],
  [
    'guards with else or several statements',
    'def f(x):\n    if x:\n        return 1\n    else:\n        return 2\n    if x:\n        y = 1\n        return y\n',
    (c) => c.bugType === 'remove_edge_case_check',
  ],
  [
    'identical, starred or keyword arguments',
    'def f(a, xs):\n    return g(a, a) + h(*xs, a) + k(x=a, y=xs)\n',
    (c) => c.bugType === 'swap_arguments',
  ],
  [
    'operands of binary operators (not swapped)',
    'def f(a, b):\n    return a - b\n',
    (c) => c.bugType === 'swap_arguments',
  ],
];

describe('enumerateMutants', () => {
  it.each(PRESENT)('enumerates %s', async (_, code, expected) => {
    const got = (await candidatesOf(code)).map(summary);
    for (const line of expected) expect(got).toContain(line);
  });

  it.each(ABSENT)('leaves %s alone', async (_, code, touches) => {
    const got = await candidatesOf(code);
    expect(got.filter(touches).map(summary)).toEqual([]);
  });

  it('marks mutants of dead code as equivalent by normalised bytecode', async () => {
    const got = await candidatesOf(
      'def f(a, b):\n    if False:\n        return a < b\n    while 0:\n        a = a + 1\n    return a\n',
    );
    expect(got.length).toBeGreaterThanOrEqual(5);
    for (const c of got) {
      expect(c.status).toBe('equivalent');
      expect(c.reason).toBe('identical normalised bytecode');
    }
  });

  it('never returns two ok candidates with the same code, and duplicates point at an ok one', async () => {
    const got = await candidatesOf(
      'def f(xs, n):\n    if not xs:\n        return []\n    out = []\n    for i in range(len(xs) - 1):\n        if xs[i] < xs[i + 1] <= n and i % 2 == 0 or i > 3:\n            out.append(max(xs[i], n))\n    return out[:n] + [divmod(n, 3)]\n',
    );
    const codes = got.filter((c) => c.status === 'ok').map((c) => c.code);
    expect(codes.length).toBeGreaterThan(20);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of got.filter((x) => x.status === 'duplicate')) expect(codes).toContain(c.code);
  });

  it('reports an error result when a canonical does not parse', async () => {
    const [result] = await enumerateMutants([{ id: 'bad', canonical: 'def f(:\n' }], { python });
    expect(result).toMatchObject({ taskId: 'bad', status: 'error' });
    expect(result?.status === 'error' && result.error).toMatch(/does not parse: line 1/u);
  });

  it('produces spans that reproduce every mutant exactly, and no unverified candidate, on the tricky fixtures', async () => {
    const tasks = readFileSync(new URL('../../../fixtures/generate/tricky-tasks.jsonl', import.meta.url), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Task);
    const results = await enumerateMutants(tasks, { python });
    let checked = 0;
    const types = new Set<string>();
    results.forEach((r, i) => {
      expect(r.status).toBe('ok');
      if (r.status !== 'ok') return;
      for (const c of r.candidates) {
        expect(c.status).not.toBe('unverified');
        expect(applyEdits(tasks[i]!.canonical, [c.edit])).toBe(c.code);
        expect(c.code).not.toBe(tasks[i]!.canonical);
        types.add(c.bugType);
        checked += 1;
      }
    });
    expect(checked).toBeGreaterThan(100);
    expect(types.size).toBe(6);
  });

  it('returns the same candidates when run twice', async () => {
    const code = 'def f(xs, n):\n    return [x + 1 for x in xs[:n] if x != n]\n';
    expect(await candidatesOf(code)).toEqual(await candidatesOf(code));
  });
});
