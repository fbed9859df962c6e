import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { plainTree } from '../ast.js';
import { MutateJsError } from '../errors.js';
import { parseProgram } from '../parse-js.js';
import { reformatJs } from './reformat.js';
import { renameLocals } from './rename-locals.js';
import { COSMETIC_KINDS, rewriteJsCosmetic } from './rewrite-js.js';
import type { RewriteContext } from './rewrite-step.js';
import { type Seeded, seeded } from './seeded.js';
import { reorderStatements } from './statement-order.js';
import { swapOperands } from './swap-operands.js';

const js = (functionName: string): RewriteContext => ({ language: 'javascript', sourceType: 'script', functionName });
/** Choices that take every site (subset keeps all, chance always true, below always 0). */
const all: Seeded = { below: () => 0, chance: () => true, subset: (items) => [...items] };

/** The tree of a program without positions or raw text, every identifier named by its order of first appearance. */
function alphaTree(code: string): string {
  const names = new Map<string, string>();
  return JSON.stringify(plainTree(parseProgram(code, 'javascript', 'script')), (key, value) => {
    if (key !== 'name' || typeof value !== 'string') return value;
    if (!names.has(value)) names.set(value, `v${names.size}`);
    return names.get(value);
  });
}

const MINI = readFileSync(new URL('../../../../fixtures/mini-js-tasks/tasks.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { id: string; function_name: string; canonical: string });

describe('rewriteJsCosmetic', () => {
  const source =
    'function clamp(x, lo, hi) {\n  const low = lo;\n  const high = hi;\n  if (x < low) return low;\n  if (x > high) return high;\n  return x;\n}\n';
  const options = { functionName: 'clamp', language: 'javascript' as const, seed: 7, count: 4 };

  it('returns the same rewrites for the same source, options and seed, and others for another seed', () => {
    const a = rewriteJsCosmetic(source, options);
    expect(rewriteJsCosmetic(source, options)).toEqual(a);
    expect(rewriteJsCosmetic(source, { ...options, seed: 8 })).not.toEqual(a);
  });

  it('returns distinct rewrites that differ from the source and every avoided text, kinds in COSMETIC_KINDS order', () => {
    const first = rewriteJsCosmetic(source, options);
    const avoided = rewriteJsCosmetic(source, { ...options, avoid: [first[0]!.code] });
    for (const list of [first, avoided]) {
      expect(list.length).toBe(4);
      expect(new Set(list.map((r) => r.code)).size).toBe(list.length);
      for (const r of list) {
        expect(r.code).not.toBe(source);
        expect(r.kinds.length).toBeGreaterThan(0);
        expect(r.kinds).toEqual(COSMETIC_KINDS.filter((k) => r.kinds.includes(k)));
        expect(() => parseProgram(r.code, 'javascript', 'script')).not.toThrow();
      }
    }
    expect(avoided.map((r) => r.code)).not.toContain(first[0]!.code);
  });

  it('gives rewrites of the mini JavaScript tasks that only rename or reformat the same tree up to consistent renaming', () => {
    let checked = 0;
    for (const task of MINI.slice(0, 40)) {
      const rewrites = rewriteJsCosmetic(task.canonical, {
        functionName: task.function_name,
        language: 'javascript',
        seed: task.id,
        count: 3,
      });
      expect(rewrites.length).toBe(3);
      for (const r of rewrites.filter((x) => x.kinds.every((k) => k === 'rename' || k === 'reformat'))) {
        expect(alphaTree(r.code)).toEqual(alphaTree(task.canonical));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('throws MutateJsError parse for a source that does not parse, TypeError on bad options', () => {
    expect(() => rewriteJsCosmetic('function f( {', { ...options, functionName: 'f' })).toThrow(MutateJsError);
    expect(() => rewriteJsCosmetic(source, { ...options, count: 0 })).toThrow(TypeError);
    expect(() => rewriteJsCosmetic(source, { ...options, functionName: '' })).toThrow(TypeError);
    expect(() => rewriteJsCosmetic(source, { ...options, language: 'python' as never })).toThrow(TypeError);
  });
});

describe('renameLocals', () => {
  it.each([
    [
      'parameters and locals, never the function name, a global or a property',
      'function total(items) {\n  let sum = 0;\n  for (const item of items) sum += Math.abs(item.value);\n  return total.length + sum;\n}\n',
      'function total(values) {\n  let acc = 0;\n  for (const item2 of values) acc += Math.abs(item2.value);\n  return total.length + acc;\n}\n',
    ],
    [
      'names bound twice (left alone) and shorthand properties (left alone)',
      'function f(a) {\n  const keep = 1;\n  [1].map((x) => x);\n  [2].map((x) => x);\n  return { keep, a };\n}\n',
      null,
    ],
    [
      'a TypeScript parameter with a type annotation (the name only)',
      'function f(count: number): number {\n  const twice: number = count * 2;\n  return twice;\n}\n',
      'function f(total: number): number {\n  const twice2: number = total * 2;\n  return twice2;\n}\n',
    ],
  ])('renames %s', (_, source, expected) => {
    const typescript = source.includes(': number');
    const context: RewriteContext = {
      ...js(source.includes('total(') ? 'total' : 'f'),
      language: typescript ? 'typescript' : 'javascript',
    };
    expect(renameLocals(source, context, all)).toBe(expected);
  });

  it('renames nothing in a function that uses arguments or eval', () => {
    expect(renameLocals('function f(a) {\n  return arguments[0] + a;\n}\n', js('f'), all)).toBeNull();
    expect(renameLocals('function f(a) {\n  return eval("a");\n}\n', js('f'), all)).toBeNull();
  });

  it('leaves a block-scoped name alone when the same name is also read outside its block', () => {
    const source = 'function f(a) {\n  if (a) {\n    let n = 1;\n    a += n;\n  }\n  return n;\n}\n';
    expect(renameLocals(source, js('f'), all)).toBe(source.replace(/\ba\b/gu, 'first'));
  });
});

describe('swapOperands', () => {
  it('swaps simple comparison operands and flips ordering operators', () => {
    const source = 'function f(a, b) {\n  if (a.length === 0) return -1;\n  return (a[0] < b) && g(a) !== b;\n}\n';
    expect(swapOperands(source, js('f'), all)).toBe(
      'function f(a, b) {\n  if (0 === a.length) return -1;\n  return (b > a[0]) && g(a) !== b;\n}\n',
    );
  });
});

describe('reorderStatements', () => {
  it('swaps adjacent independent declarations and keeps dependent ones in order', () => {
    const source =
      'function f(n) {\n  const seen = new Set();\n  const out = [];\n  const size = out.length;\n  return [seen, out, size, n];\n}\n';
    expect(reorderStatements(source, js('f'), all)).toBe(
      'function f(n) {\n  const out = [];\n  const seen = new Set();\n  const size = out.length;\n  return [seen, out, size, n];\n}\n',
    );
    expect(
      reorderStatements('function f() {\n  const a = g();\n  const b = 1;\n  return a + b;\n}\n', js('f'), all),
    ).toBeNull();
  });
});

describe('reformatJs', () => {
  it('keeps the tree and leaves template literal lines untouched', () => {
    const source = "function f(a) {\n  const t = `x\n  y`;\n  return a + 'z' + t;\n}\n";
    for (let seed = 0; seed < 20; seed += 1) {
      const out = reformatJs(source, js('f'), seeded(String(seed)));
      if (out === null) continue;
      expect(out).toContain('`x\n  y`');
      expect(plainTree(parseProgram(out, 'javascript', 'script'))).toEqual(
        plainTree(parseProgram(source, 'javascript', 'script')),
      );
    }
  });

  it('removes no semicolon before a line that automatic semicolon insertion would join', () => {
    const source = 'function f(a) {\n  const b = a;\n  (b || []).forEach(g);\n  return b;\n}\n';
    for (let seed = 0; seed < 20; seed += 1) {
      const out = reformatJs(source, js('f'), seeded(String(seed)));
      if (out !== null) expect(out).toMatch(/const b = a;/u);
    }
  });
});
