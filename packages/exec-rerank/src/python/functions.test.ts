import { describe, expect, it } from 'vitest';
import { pythonFunctions } from './functions.js';

describe('pythonFunctions', () => {
  it('lists top-level functions with their parameters when the module has helpers and imports', () => {
    const fns = pythonFunctions(
      'import re\n\ndef _norm(s):\n    return s\n\ndef slugify(text, sep="-", *, lower=True):\n    def inner(x):\n        return x\n    return text\n',
    );
    expect(fns.map((f) => f.name)).toEqual(['_norm', 'slugify']);
    const slug = fns[1]!;
    expect(slug.header).toBe('def slugify(text, sep="-", *, lower=True)');
    expect(slug.parameters.map((p) => [p.name, p.kind, p.hasDefault])).toEqual([
      ['text', 'positional', false],
      ['sep', 'positional', true],
      ['lower', 'keyword', true],
    ]);
    expect(slug.parameters[1]!.defaultValue).toEqual({ kind: 'str', value: '-' });
    expect(slug.parameters[2]!.defaultValue).toEqual({ kind: 'bool', value: true });
  });

  it('reads annotations, star parameters and defaults that are not literals when given a rich signature', () => {
    const [f] = pythonFunctions(
      'async def f(a: int, /, b: "list[int]" = None, *args, c=len, d: dict = {"k": [1, -2.5]}, **kw) -> list[int]:\n    pass\n',
    );
    expect(f!.parameters.map((p) => [p.name, p.kind])).toEqual([
      ['a', 'positional'],
      ['b', 'positional'],
      ['args', 'rest'],
      ['c', 'keyword'],
      ['d', 'keyword'],
      ['kw', 'rest-keyword'],
    ]);
    expect(f!.parameters[3]!.defaultValue).toBeNull();
    expect(f!.parameters[4]!.defaultValue).toEqual({
      kind: 'dict',
      entries: [
        [
          { kind: 'str', value: 'k' },
          {
            kind: 'list',
            items: [
              { kind: 'int', value: 1 },
              { kind: 'float', value: -2.5 },
            ],
          },
        ],
      ],
    });
    expect(f!.header).toBe(
      'async def f(a: int, /, b: "list[int]" = None, *args, c=len, d: dict = {"k": [1, -2.5]}, **kw) -> list[int]',
    );
  });

  it('collapses a header that spans lines when parameters are wrapped', () => {
    const [f] = pythonFunctions('def g(\n    a,\n    b=(1, 2),\n):\n    return a\n');
    expect(f!.header).toBe('def g(a, b=(1, 2))');
    expect(f!.parameters[1]!.defaultValue).toEqual({
      kind: 'tuple',
      items: [
        { kind: 'int', value: 1 },
        { kind: 'int', value: 2 },
      ],
    });
  });

  it('ignores methods and nested functions when a class is defined', () => {
    expect(pythonFunctions('class A:\n    def m(self):\n        pass\n').map((f) => f.name)).toEqual([]);
  });

  it('returns nothing when the module defines no function', () => {
    expect(pythonFunctions('x = 1\n')).toEqual([]);
  });
});
