import { BUG_TYPES, compareCodePoints } from '@execret/formats';
import { describe, expect, it } from 'vitest';
import { applyEdit } from '../test/apply-edit.js';
import { enumerateJsMutants } from './enumerate.js';
import { MutateJsError } from './errors.js';
import {
  BINARY_OPERATOR_SWAPS,
  DIRECTION_SWAPS,
  EQUALITY_SWAPS,
  JS_MUTATION_OPERATORS,
  LOGICAL_OPERATOR_SWAPS,
  STRICTNESS_SWAPS,
} from './operator-tables.js';
import type { JsLanguage, JsMutantCandidate } from './types.js';

const js = (source: string) => enumerateJsMutants(source, { functionName: 'f', language: 'javascript' });
const ts = (source: string) => enumerateJsMutants(source, { functionName: 'f', language: 'typescript' });
const run = (language: JsLanguage, source: string) => (language === 'javascript' ? js(source) : ts(source));

interface Row {
  name: string;
  language: JsLanguage;
  source: string;
  bugType: JsMutantCandidate['bugType'];
  operator: string;
  /** [line, colStart, endLine, colEnd] */
  span: [number, number, number, number];
  before: string;
  after: string;
  mutant: string;
}

const ROWS: Row[] = [
  // off_by_one
  {
    name: 'int literal + 1',
    language: 'javascript',
    source: 'function f(n) {\n  return n + 2;\n}\n',
    bugType: 'off_by_one',
    operator: 'int_literal',
    span: [2, 13, 2, 14],
    before: '2',
    after: '3',
    mutant: 'function f(n) {\n  return n + 3;\n}\n',
  },
  {
    name: 'negative literal as one literal',
    language: 'typescript',
    source: 'function f(n: number): number {\n  return n * -1;\n}\n',
    bugType: 'off_by_one',
    operator: 'int_literal',
    span: [2, 13, 2, 15],
    before: '-1',
    after: '0',
    mutant: 'function f(n: number): number {\n  return n * 0;\n}\n',
  },
  {
    name: 'hex literal keeps its base and case',
    language: 'javascript',
    source: 'function f(n) {\n  return n & 0xFF;\n}\n',
    bugType: 'off_by_one',
    operator: 'int_literal',
    span: [2, 13, 2, 17],
    before: '0xFF',
    after: '0x100',
    mutant: 'function f(n) {\n  return n & 0x100;\n}\n',
  },
  {
    name: 'BigInt literal',
    language: 'typescript',
    source: 'function f(n: bigint): bigint {\n  return n * 10n;\n}\n',
    bugType: 'off_by_one',
    operator: 'int_literal',
    span: [2, 13, 2, 16],
    before: '10n',
    after: '9n',
    mutant: 'function f(n: bigint): bigint {\n  return n * 9n;\n}\n',
  },
  {
    name: 'postfix ++ to --',
    language: 'javascript',
    source: 'function f(n) {\n  let s = 0;\n  for (let i = 0; i < n; i++) s += i;\n  return s;\n}\n',
    bugType: 'off_by_one',
    operator: 'update_operator',
    span: [3, 26, 3, 28],
    before: '++',
    after: '--',
    mutant: 'function f(n) {\n  let s = 0;\n  for (let i = 0; i < n; i--) s += i;\n  return s;\n}\n',
  },
  {
    name: 'prefix -- to ++',
    language: 'typescript',
    source: 'function f(k: number): number {\n  return --k;\n}\n',
    bugType: 'off_by_one',
    operator: 'update_operator',
    span: [2, 9, 2, 11],
    before: '--',
    after: '++',
    mutant: 'function f(k: number): number {\n  return ++k;\n}\n',
  },
  {
    name: 'identifier index shifted',
    language: 'javascript',
    source: 'function f(xs, i) {\n  return xs[i];\n}\n',
    bugType: 'off_by_one',
    operator: 'index_shift',
    span: [2, 12, 2, 13],
    before: 'i',
    after: 'i - 1',
    mutant: 'function f(xs, i) {\n  return xs[i - 1];\n}\n',
  },
  {
    name: 'index X - 1 to X',
    language: 'typescript',
    source: 'function f(xs: number[], i: number): number {\n  return xs[i - 1]!;\n}\n',
    bugType: 'off_by_one',
    operator: 'index_shift',
    span: [2, 12, 2, 17],
    before: 'i - 1',
    after: 'i',
    mutant: 'function f(xs: number[], i: number): number {\n  return xs[i]!;\n}\n',
  },
  // off_by_one_boundary
  {
    name: '< to <=',
    language: 'javascript',
    source: 'function f(a, b) {\n  return a < b;\n}\n',
    bugType: 'off_by_one_boundary',
    operator: 'comparison_strictness',
    span: [2, 11, 2, 12],
    before: '<',
    after: '<=',
    mutant: 'function f(a, b) {\n  return a <= b;\n}\n',
  },
  {
    name: '>= to >',
    language: 'typescript',
    source: 'function f(a: number, b: number): boolean {\n  return a >= b;\n}\n',
    bugType: 'off_by_one_boundary',
    operator: 'comparison_strictness',
    span: [2, 11, 2, 13],
    before: '>=',
    after: '>',
    mutant: 'function f(a: number, b: number): boolean {\n  return a > b;\n}\n',
  },
  {
    name: 'compare bound E to E + 1',
    language: 'javascript',
    source: 'function f(n) {\n  let i = 0;\n  while (i < n) i *= 2;\n  return i;\n}\n',
    bugType: 'off_by_one_boundary',
    operator: 'compare_bound',
    span: [3, 13, 3, 14],
    before: 'n',
    after: 'n + 1',
    mutant: 'function f(n) {\n  let i = 0;\n  while (i < n + 1) i *= 2;\n  return i;\n}\n',
  },
  {
    name: 'compare bound X - 1 to X',
    language: 'typescript',
    source: 'function f(xs: string[], i: number): boolean {\n  return i <= xs.length - 1;\n}\n',
    bugType: 'off_by_one_boundary',
    operator: 'compare_bound',
    span: [2, 14, 2, 27],
    before: 'xs.length - 1',
    after: 'xs.length',
    mutant: 'function f(xs: string[], i: number): boolean {\n  return i <= xs.length;\n}\n',
  },
  {
    name: 'X.length - 1 to X.length',
    language: 'javascript',
    source: 'function f(xs) {\n  return xs.slice(0, xs.length - 1);\n}\n',
    bugType: 'off_by_one_boundary',
    operator: 'len_offset',
    span: [2, 21, 2, 34],
    before: 'xs.length - 1',
    after: 'xs.length',
    mutant: 'function f(xs) {\n  return xs.slice(0, xs.length);\n}\n',
  },
  {
    name: 'n = X.length to n = X.length - 1',
    language: 'typescript',
    source: 'function f(xs: number[]): number {\n  const n = xs.length;\n  return n;\n}\n',
    bugType: 'off_by_one_boundary',
    operator: 'len_offset',
    span: [2, 12, 2, 21],
    before: 'xs.length',
    after: 'xs.length - 1',
    mutant: 'function f(xs: number[]): number {\n  const n = xs.length - 1;\n  return n;\n}\n',
  },
  // wrong_operator
  {
    name: '&& to || regrouped by precedence',
    language: 'javascript',
    source: 'function f(a, b, c) {\n  return a || b && c;\n}\n',
    bugType: 'wrong_operator',
    operator: 'boolean_operator',
    span: [2, 11, 2, 13],
    before: '||',
    after: '&&',
    mutant: 'function f(a, b, c) {\n  return a && b && c;\n}\n',
  },
  {
    name: '?? to ||',
    language: 'typescript',
    source: 'function f(a: number | null): number {\n  return a ?? 0;\n}\n',
    bugType: 'wrong_operator',
    operator: 'boolean_operator',
    span: [2, 11, 2, 13],
    before: '??',
    after: '||',
    mutant: 'function f(a: number | null): number {\n  return a || 0;\n}\n',
  },
  {
    name: 'compound += to -=',
    language: 'javascript',
    source: 'function f(xs) {\n  let s = 0;\n  for (const x of xs) s += x;\n  return s;\n}\n',
    bugType: 'wrong_operator',
    operator: 'augmented_assignment',
    span: [3, 24, 3, 26],
    before: '+=',
    after: '-=',
    mutant: 'function f(xs) {\n  let s = 0;\n  for (const x of xs) s -= x;\n  return s;\n}\n',
  },
  {
    name: 'compound ??= to ||=',
    language: 'typescript',
    source: 'function f(o: { n?: number }): number {\n  o.n ??= 1;\n  return o.n;\n}\n',
    bugType: 'wrong_operator',
    operator: 'augmented_assignment',
    span: [2, 6, 2, 9],
    before: '??=',
    after: '||=',
    mutant: 'function f(o: { n?: number }): number {\n  o.n ||= 1;\n  return o.n;\n}\n',
  },
  // wrong_comparison
  {
    name: '=== to !==',
    language: 'javascript',
    source: 'function f(a, b) {\n  return a === b;\n}\n',
    bugType: 'wrong_comparison',
    operator: 'equality_operator',
    span: [2, 11, 2, 14],
    before: '===',
    after: '!==',
    mutant: 'function f(a, b) {\n  return a !== b;\n}\n',
  },
  {
    name: '<= to >=',
    language: 'typescript',
    source: 'function f(a: number, b: number): boolean {\n  return a <= b;\n}\n',
    bugType: 'wrong_comparison',
    operator: 'comparison_direction',
    span: [2, 11, 2, 13],
    before: '<=',
    after: '>=',
    mutant: 'function f(a: number, b: number): boolean {\n  return a >= b;\n}\n',
  },
  // swap_arguments
  {
    name: 'two arguments of a call',
    language: 'javascript',
    source: 'function f(a, b) {\n  return Math.pow(a, b);\n}\n',
    bugType: 'swap_arguments',
    operator: 'swap_positional',
    span: [2, 18, 2, 22],
    before: 'a, b',
    after: 'b, a',
    mutant: 'function f(a, b) {\n  return Math.pow(b, a);\n}\n',
  },
  {
    name: 'arguments of new, comments between kept',
    language: 'typescript',
    source: 'function f(lo: number, hi: number): number[] {\n  return new Array<number>(lo /* a */, hi);\n}\n',
    bugType: 'swap_arguments',
    operator: 'swap_positional',
    span: [2, 27, 2, 41],
    before: 'lo /* a */, hi',
    after: 'hi /* a */, lo',
    mutant: 'function f(lo: number, hi: number): number[] {\n  return new Array<number>(hi /* a */, lo);\n}\n',
  },
  {
    name: 'optional call',
    language: 'javascript',
    source: 'function f(g, a, b) {\n  return g?.(a, b);\n}\n',
    bugType: 'swap_arguments',
    operator: 'swap_positional',
    span: [2, 13, 2, 17],
    before: 'a, b',
    after: 'b, a',
    mutant: 'function f(g, a, b) {\n  return g?.(b, a);\n}\n',
  },
  // remove_edge_case_check
  {
    name: 'guard return on its own line',
    language: 'javascript',
    source: 'function f(n) {\n  if (n < 0) return 0;\n  return n;\n}\n',
    bugType: 'remove_edge_case_check',
    operator: 'remove_guard',
    span: [2, 0, 2, 23],
    before: '  if (n < 0) return 0;\n',
    after: '',
    mutant: 'function f(n) {\n  return n;\n}\n',
  },
  {
    name: 'braced guard that throws, over several lines, with a trailing comment',
    language: 'typescript',
    source:
      'function f(s: string): string {\n  if (s === "") {\n    throw new RangeError("empty");\n  } // edge\n  return s;\n}\n',
    bugType: 'remove_edge_case_check',
    operator: 'remove_guard',
    span: [2, 0, 4, 12],
    before: '  if (s === "") {\n    throw new RangeError("empty");\n  } // edge\n',
    after: '',
    mutant: 'function f(s: string): string {\n  return s;\n}\n',
  },
  {
    name: 'guard continue inside a loop',
    language: 'javascript',
    source:
      'function f(xs) {\n  let n = 0;\n  for (const x of xs) {\n    if (x < 0) continue;\n    n += x;\n  }\n  return n;\n}\n',
    bugType: 'remove_edge_case_check',
    operator: 'remove_guard',
    span: [4, 0, 4, 25],
    before: '    if (x < 0) continue;\n',
    after: '',
    mutant: 'function f(xs) {\n  let n = 0;\n  for (const x of xs) {\n    n += x;\n  }\n  return n;\n}\n',
  },
  {
    name: 'final else-if guard',
    language: 'javascript',
    source: 'function f(n) {\n  if (n > 9) {\n    n = 9;\n  } else if (n < 0) {\n    return 0;\n  }\n  return n;\n}\n',
    bugType: 'remove_edge_case_check',
    operator: 'remove_guard',
    span: [4, 3, 6, 3],
    before: ' else if (n < 0) {\n    return 0;\n  }',
    after: '',
    mutant: 'function f(n) {\n  if (n > 9) {\n    n = 9;\n  }\n  return n;\n}\n',
  },
  {
    name: 'guard sharing its line',
    language: 'javascript',
    source: 'function f(a) { if (!a) return 1; return 2; }\n',
    bugType: 'remove_edge_case_check',
    operator: 'remove_guard',
    span: [1, 16, 1, 33],
    before: 'if (!a) return 1;',
    after: '',
    mutant: 'function f(a) {  return 2; }\n',
  },
];

function find(candidates: JsMutantCandidate[], row: Pick<Row, 'bugType' | 'operator' | 'before' | 'after'>) {
  return candidates.filter(
    (c) =>
      c.bugType === row.bugType &&
      c.operator === row.operator &&
      c.edit.before === row.before &&
      c.edit.after === row.after,
  );
}

describe('enumerateJsMutants', () => {
  it.each(ROWS)('produces $bugType/$operator ($name, $language) with an exact span when the shape occurs', (row) => {
    const matches = find(run(row.language, row.source), row);
    expect(matches).toHaveLength(1);
    const [candidate] = matches as [JsMutantCandidate];
    const [line, colStart, endLine, colEnd] = row.span;
    expect(candidate.edit).toEqual({ line, colStart, endLine, colEnd, before: row.before, after: row.after });
    expect(candidate.code).toBe(row.mutant);
    expect(applyEdit(row.source, candidate.edit)).toBe(row.mutant);
    expect(candidate.status).toBe('ok');
    expect(candidate.reason).toBeNull();
  });

  it.each(ROWS.filter((row) => row.language === 'javascript'))(
    'gives the same $bugType/$operator candidate when the JavaScript row "$name" is read as TypeScript',
    (row) => {
      const asJs = find(js(row.source), row);
      const asTs = find(ts(row.source), row);
      expect(asTs).toHaveLength(1);
      expect(asTs).toEqual(asJs);
    },
  );

  it('applies every entry of the operator tables when each operator occurs', () => {
    const tables: [string, string, Readonly<Record<string, readonly string[] | string>>][] = [
      ['wrong_operator', 'binary_operator', BINARY_OPERATOR_SWAPS],
      ['wrong_operator', 'boolean_operator', LOGICAL_OPERATOR_SWAPS],
      ['wrong_comparison', 'equality_operator', EQUALITY_SWAPS],
      ['wrong_comparison', 'comparison_direction', DIRECTION_SWAPS],
      ['off_by_one_boundary', 'comparison_strictness', STRICTNESS_SWAPS],
    ];
    for (const [bugType, operator, table] of tables) {
      for (const [from, to] of Object.entries(table)) {
        for (const after of Array.isArray(to) ? to : [to]) {
          const source = `function f(a, b) {\n  return a ${from} b;\n}\n`;
          const matches = find(js(source), { bugType: bugType as Row['bugType'], operator, before: from, after });
          expect(matches, `${from} → ${after}`).toHaveLength(1);
          expect(matches[0]?.code).toBe(`function f(a, b) {\n  return a ${after} b;\n}\n`);
          expect(matches[0]?.status).toBe('ok');
        }
      }
    }
    for (const [from, to] of Object.entries({ ...BINARY_OPERATOR_SWAPS, ...LOGICAL_OPERATOR_SWAPS })) {
      for (const replacement of to) {
        const source = `function f(a, b) {\n  a ${from}= b;\n  return a;\n}\n`;
        const matches = find(ts(source), {
          bugType: 'wrong_operator',
          operator: 'augmented_assignment',
          before: `${from}=`,
          after: `${replacement}=`,
        });
        expect(matches, `${from}= → ${replacement}=`).toHaveLength(1);
        expect(matches[0]?.status).toBe('ok');
      }
    }
  });

  it('covers every documented rule when the table sources are enumerated', () => {
    const produced = new Set(
      ROWS.flatMap((row) => run(row.language, row.source).map((c) => `${c.bugType}/${c.operator}`)),
    );
    produced.add(`swap_arguments/${js('function f(a, b) {\n  return Math.max(a, b);\n}\n')[0]?.operator}`);
    const documented = JS_MUTATION_OPERATORS.map((o) => `${o.bugType}/${o.operator}`);
    expect([...produced].sort()).toEqual([...documented].sort());
  });

  it('produces edits that re-apply to the mutated code when the source has astral characters and CRLF lines', () => {
    const source = 'function f(s) {\r\n  const t = "😀" + s;\r\n  if (!t) return -1;\r\n  return t.length + 1;\r\n}';
    const candidates = js(source);
    expect(candidates.length).toBeGreaterThan(5);
    for (const candidate of candidates) expect(applyEdit(source, candidate.edit)).toBe(candidate.code);
    const plus = find(candidates, { bugType: 'wrong_operator', operator: 'binary_operator', before: '+', after: '-' });
    // `  const t = "😀" ` is 16 code points (17 UTF-16 units)
    expect(plus[0]?.edit).toMatchObject({ line: 2, colStart: 16, endLine: 2, colEnd: 17 });
    const guard = find(candidates, {
      bugType: 'remove_edge_case_check',
      operator: 'remove_guard',
      before: '  if (!t) return -1;\r\n',
      after: '',
    });
    expect(guard[0]?.edit).toMatchObject({ line: 3, colStart: 0, endLine: 3, colEnd: 22 });
  });

  it('never edits the function name, parameters, defaults, types or other top-level code when they hold mutable shapes', () => {
    const source = [
      'function g(a) { return a + 1; }',
      'function f(a = 1, b = a + 1, { c = 3 } = {}): 0 | 1 {',
      '  const o: { k: 1 | 2 } = { 1: a, [b - 1]: c } as never;',
      '  return o < 2 ? 0 : 1;',
      '}',
      'const h = (x: number) => x * 2;',
      '',
    ].join('\n');
    const candidates = ts(source);
    expect(candidates.length).toBeGreaterThan(0);
    for (const candidate of candidates) {
      expect(candidate.edit.line).toBeGreaterThanOrEqual(3);
      expect(candidate.edit.endLine).toBeLessThanOrEqual(4);
    }
    const line3 = candidates.filter((c) => c.edit.line === 3).map((c) => `${c.edit.before}→${c.edit.after}`);
    expect(line3.sort()).toEqual(['-→+', '1→0', '1→2']);
  });

  it('mutates nested helpers and arrow bodies when they sit inside the function', () => {
    const source = 'const f = (xs) => xs.map((x) => x * 2);\n';
    const candidates = js(source);
    expect(candidates.map((c) => `${c.operator}:${c.edit.before}→${c.edit.after}`)).toEqual([
      'binary_operator:*→/',
      'int_literal:2→1',
      'int_literal:2→3',
    ]);
  });

  it('makes no swap when the arguments are identical, parenthesised or spread', () => {
    for (const call of ['g(a, a)', 'g((a), b)', 'g(...a, b)', 'g(a, ...b)']) {
      const candidates = js(`function f(g, a, b) {\n  return ${call};\n}\n`);
      expect(
        candidates.filter((c) => c.bugType === 'swap_arguments'),
        call,
      ).toEqual([]);
    }
    const three = js('function f(g, a, b, c) {\n  return g(a, b, c);\n}\n').filter(
      (c) => c.bugType === 'swap_arguments',
    );
    expect(three.map((c) => c.edit.after)).toEqual(['b, a', 'c, b']);
  });

  it('makes no guard removal when the if has an else or its consequent is more than one exit', () => {
    for (const body of [
      'if (a) return 1;\n  else return 2;',
      'if (a) { a = 0; return 1; }\n  return 2;',
      'if (a) a = 0;\n  return 2;',
    ]) {
      const candidates = js(`function f(a) {\n  ${body}\n}\n`);
      expect(
        candidates.filter((c) => c.bugType === 'remove_edge_case_check'),
        body,
      ).toEqual([]);
    }
  });

  it('marks a candidate unparsable when the splice does not parse', () => {
    const merged = find(js('function f(a, b) {\n  return a +-b;\n}\n'), {
      bugType: 'wrong_operator',
      operator: 'binary_operator',
      before: '+',
      after: '-',
    });
    expect(merged[0]).toMatchObject({ status: 'unparsable', code: 'function f(a, b) {\n  return a --b;\n}\n' });
    expect(merged[0]?.reason).toMatch(/^does not parse: /u);
    const power = find(js('function f() {\n  return 0 ** 2;\n}\n'), {
      bugType: 'off_by_one',
      operator: 'int_literal',
      before: '0',
      after: '-1',
    });
    expect(power[0]?.status).toBe('unparsable');
  });

  it('marks a candidate unverified when automatic semicolon insertion joins the neighbours of a removed guard', () => {
    const source = 'function f(x) {\n  let y = x\n  if (x) return\n  (y)\n  return 0\n}\n';
    const guard = js(source).filter((c) => c.operator === 'remove_guard');
    expect(guard).toHaveLength(1);
    expect(guard[0]).toMatchObject({
      status: 'unverified',
      reason: 'the mutated text does not parse to the intended tree',
    });
  });

  it('marks candidates equivalent when they edit dead code or swap a commutative callee', () => {
    const dead = js('function f(n) {\n  if (false) {\n    return n + 1;\n  }\n  return n;\n}\n');
    expect(dead.length).toBe(4);
    for (const candidate of dead) {
      expect(candidate).toMatchObject({
        status: 'equivalent',
        reason: 'identical to the canonical after minification',
      });
    }
    const max = js('function f(a, b) {\n  return Math.max(a, b);\n}\n');
    expect(max).toHaveLength(1);
    expect(max[0]).toMatchObject({
      bugType: 'swap_arguments',
      operator: 'swap_commutative',
      status: 'equivalent',
      reason: 'swapped the arguments of a commutative callee',
    });
  });

  it('marks the later of two rules duplicate when both give the same code', () => {
    const same = js('function f(xs) {\n  return xs[xs.length - 1];\n}\n').filter((c) => c.edit.after === 'xs.length');
    expect(same.map((c) => [c.operator, c.status, c.reason])).toEqual([
      ['index_shift', 'ok', null],
      ['len_offset', 'duplicate', `same code as candidate ${same[0]?.index}`],
    ]);
  });

  it('marks later candidates duplicate when their code or minified code equals an earlier ok one', () => {
    const source = 'function f(a) {\n  if (a) return 1;\n  if (a) return 1;\n  if (a) { return 1; }\n  return 0;\n}\n';
    const guards = js(source).filter((c) => c.operator === 'remove_guard');
    expect(guards.map((c) => [c.status, c.reason])).toEqual([
      ['ok', null],
      ['duplicate', `same code as candidate ${guards[0]?.index}`],
      ['duplicate', `same code as candidate ${guards[0]?.index} after minification`],
    ]);
  });

  it('returns the same list in the same order when run twice', () => {
    for (const row of ROWS) {
      const first = run(row.language, row.source);
      const second = run(row.language, row.source);
      expect(second).toEqual(first);
      expect(first.map((c) => c.index)).toEqual(first.map((_, i) => i));
    }
  });

  it('sorts candidates by span, then bug type, operator and replacement when several share a position', () => {
    const candidates = js('function f(a, b) {\n  return a < b ? g(a, b) : a - 1;\n}\n');
    const key = (c: JsMutantCandidate) => [c.edit.line, c.edit.colStart, c.edit.endLine, c.edit.colEnd] as const;
    for (let i = 1; i < candidates.length; i += 1) {
      const a = candidates[i - 1] as JsMutantCandidate;
      const b = candidates[i] as JsMutantCandidate;
      const order =
        key(a)[0] - key(b)[0] ||
        key(a)[1] - key(b)[1] ||
        key(a)[2] - key(b)[2] ||
        key(a)[3] - key(b)[3] ||
        BUG_TYPES.indexOf(a.bugType) - BUG_TYPES.indexOf(b.bugType) ||
        compareCodePoints(a.operator, b.operator) ||
        compareCodePoints(a.edit.after, b.edit.after);
      expect(order, `${i - 1} before ${i}`).toBeLessThan(0);
    }
    expect(candidates.slice(0, 2).map((c) => [c.bugType, c.operator])).toEqual([
      ['off_by_one_boundary', 'comparison_strictness'],
      ['wrong_comparison', 'comparison_direction'],
    ]);
  });

  it('throws MutateJsError parse when the canonical does not parse', () => {
    expect(() => js('function f( {')).toThrow(expect.objectContaining({ code: 'parse' }));
    expect(() => js('function f(a: number) { return a; }')).toThrow(/does not parse/u);
    expect(MutateJsError.is(catchError(() => js('function f( {')))).toBe(true);
  });

  it('throws MutateJsError not-found when the function is missing or defined twice', () => {
    expect(() => js('function g() { return 1; }')).toThrow(
      expect.objectContaining({ code: 'not-found', message: expect.stringContaining('top-level functions found: g') }),
    );
    expect(() => js('function f() { return 1; }\nfunction f() { return 2; }')).toThrow(/2 times/u);
    expect(() => js('function g() { function f() { return 1; } return f(); }')).toThrow(
      expect.objectContaining({ code: 'not-found' }),
    );
  });

  it('throws TypeError when the options are not valid', () => {
    expect(() =>
      enumerateJsMutants('function f() {}', { functionName: 'f', language: 'python' as JsLanguage }),
    ).toThrow(TypeError);
    expect(() => enumerateJsMutants('function f() {}', { functionName: '', language: 'javascript' })).toThrow(
      TypeError,
    );
    expect(() => enumerateJsMutants(42 as unknown as string, { functionName: 'f', language: 'javascript' })).toThrow(
      TypeError,
    );
  });
});

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}
