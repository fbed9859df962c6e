import { describe, expect, it } from 'vitest';
import type { ParameterSpec } from './function-signature.js';
import { guessProbeKinds } from './param-kinds.js';
import { generateProbeInputs } from './probe-inputs.js';
import type { ProbeValue } from './probe-value.js';
import { formatPythonCall } from './python/probe-test.js';

const param = (name: string, extra: Partial<ParameterSpec> = {}): ParameterSpec => ({
  name,
  kind: 'positional',
  hasDefault: false,
  defaultValue: null,
  source: name,
  ...extra,
});
const literals = { ints: [0, 32], floats: [], strings: ['AM', ':'] };

describe('generateProbeInputs', () => {
  it('gives the same calls for the same parameters, literals and seed', () => {
    const a = generateProbeInputs([param('n'), param('text')], literals, { count: 40, seed: 7 });
    const b = generateProbeInputs([param('n'), param('text')], literals, { count: 40, seed: 7 });
    expect(a).toEqual(b);
    expect(a).toHaveLength(40);
    expect(generateProbeInputs([param('n'), param('text')], literals, { count: 40, seed: 8 })).not.toEqual(a);
  });

  it('makes every call distinct', () => {
    const calls = generateProbeInputs([param('n')], literals, { count: 64, seed: 1 }).map((c) =>
      formatPythonCall('f', c),
    );
    expect(new Set(calls).size).toBe(calls.length);
  });

  it('uses the literals and their neighbours when a parameter is an integer', () => {
    const values = generateProbeInputs([param('n')], literals, { count: 64, seed: 1 })
      .map((c) => c.positional[0] as ProbeValue)
      .filter((v) => v.kind === 'int')
      .map((v) => (v as { value: number }).value);
    for (const x of [31, 32, 33, -1, 0, 1]) expect(values).toContain(x);
  });

  it('joins numbers with the code’s separators and words when a parameter is a string', () => {
    const strings = generateProbeInputs([param('text')], literals, { count: 64, seed: 3 }).flatMap((c) => {
      const v = c.positional[0] as ProbeValue;
      return v.kind === 'str' ? [v.value] : [];
    });
    expect(strings.some((s) => /^\d+:\d+( AM)?$/.test(s))).toBe(true);
    expect(strings.some((s) => /^\d+$/.test(s))).toBe(true);
  });

  it('passes required parameters always, keyword-only by name, optional ones sometimes and never *args', () => {
    const params = [
      param('a'),
      param('width', { hasDefault: true, defaultValue: { kind: 'int', value: 8 } }),
      param('args', { kind: 'rest' }),
      param('strict', { kind: 'keyword' }),
      param('kw', { kind: 'rest-keyword' }),
    ];
    const calls = generateProbeInputs(params, literals, { count: 64, seed: 5 });
    for (const c of calls) {
      expect(c.positional.length === 1 || c.positional.length === 2).toBe(true);
      expect(c.keyword.map(([k]) => k)).toEqual(['strict']);
    }
    expect(calls.some((c) => c.positional.length === 2)).toBe(true);
    expect(calls.some((c) => c.positional.length === 1)).toBe(true);
  });

  it('stops early when the input space is smaller than the count', () => {
    expect(generateProbeInputs([], literals, { count: 10, seed: 1 })).toEqual([{ positional: [], keyword: [] }]);
  });

  it('throws RangeError when count is not a positive integer', () => {
    expect(() => generateProbeInputs([], literals, { count: 0, seed: 1 })).toThrow(RangeError);
  });
});

describe('guessProbeKinds', () => {
  it.each([
    ['text', null, ['str']],
    ['start_iso', null, ['str']],
    ['n', null, ['int']],
    ['max_length', null, ['int']],
    ['polygon', null, ['list-pair']],
    ['grid', null, ['list-list-int']],
    ['records', null, ['list-dict']],
    ['point', null, ['pair']],
    ['rect', null, ['quad']],
    ['is_strict', null, ['bool']],
    ['frobnicator', null, []],
    ['widgets', null, ['list-int', 'list-str']],
    ['width', { kind: 'int', value: 8 }, ['int']],
    ['pascal', { kind: 'bool', value: false }, ['bool']],
    ['sep', { kind: 'str', value: '.' }, ['str']],
  ] as const)('guesses %s (default %j) as %j', (name, defaultValue, kinds) => {
    expect(guessProbeKinds(param(name, { hasDefault: defaultValue !== null, defaultValue }))).toEqual(kinds);
  });

  it('gives several kinds when a name is ambiguous', () => {
    expect(guessProbeKinds(param('bits'))).toEqual(expect.arrayContaining(['int', 'str']));
    expect(guessProbeKinds(param('a'))).toEqual(expect.arrayContaining(['int', 'list-int', 'pair', 'str']));
  });
});
