import { parseExpression } from '@babel/parser';
import { describe, expect, it } from 'vitest';
import type { BabelNode } from './babel-node.js';
import type { JsValue } from './js-value.js';
import { literalValue } from './literal-value.js';

const literal = (source: string): JsValue | undefined => literalValue(parseExpression(source) as unknown as BabelNode);

describe('literalValue', () => {
  it.each([
    ['42', { kind: 'number', value: 42 }],
    ['0x10', { kind: 'number', value: 16 }],
    ['1_000', { kind: 'number', value: 1000 }],
    ['-1.5', { kind: 'number', value: -1.5 }],
    ['+3', { kind: 'number', value: 3 }],
    ['-Infinity', { kind: 'number', value: Number.NEGATIVE_INFINITY }],
    ['"a\\nb"', { kind: 'string', value: 'a\nb' }],
    ['`tpl`', { kind: 'string', value: 'tpl' }],
    ['true', { kind: 'boolean', value: true }],
    ['null', { kind: 'null' }],
    ['undefined', { kind: 'undefined' }],
    ['void 0', { kind: 'undefined' }],
    ['!0', { kind: 'boolean', value: true }],
    ['-10n', { kind: 'bigint', value: -10n }],
  ])('evaluates %s', (source, expected) => {
    expect(literal(source)).toEqual(expected);
  });

  it('keeps -0 and NaN as themselves', () => {
    const negativeZero = literal('-0');
    expect(negativeZero?.kind === 'number' && Object.is(negativeZero.value, -0)).toBe(true);
    const nan = literal('NaN');
    expect(nan?.kind === 'number' && Number.isNaN(nan.value)).toBe(true);
  });

  it('builds arrays with holes and objects with the last of duplicate keys', () => {
    expect(literal('[1, , [2]]')).toEqual({
      kind: 'array',
      length: 3,
      entries: new Map<string, JsValue>([
        ['0', { kind: 'number', value: 1 }],
        ['2', { kind: 'array', length: 1, entries: new Map([['0', { kind: 'number', value: 2 }]]), symbols: 0 }],
      ]),
      symbols: 0,
    });
    expect(literal('{ a: 1, "b c": 2, 3: 3, 1.50: 4, a: 5 }')).toEqual({
      kind: 'object',
      proto: 'Object',
      entries: new Map<string, JsValue>([
        ['b c', { kind: 'number', value: 2 }],
        ['3', { kind: 'number', value: 3 }],
        ['1.5', { kind: 'number', value: 4 }],
        ['a', { kind: 'number', value: 5 }],
      ]),
      symbols: 0,
    });
  });

  it.each([
    'x',
    'f()',
    '[...xs]',
    '{ a }',
    '{ [k]: 1 }',
    '{ a() {} }',
    '{ get a() { return 1; } }',
    '{ ...o }',
    '{ __proto__: null }',
    '{ "__proto__": [] }',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source of a test, with a template literal
    '`a${b}`',
    '/re/',
    'new Map()',
    'Number.NaN',
    '-"1"',
    '+1n',
    '1 + 1',
    '[x]',
  ])('is undefined for %s, which is not a literal', (source) => {
    expect(literal(source)).toBeUndefined();
  });
});
