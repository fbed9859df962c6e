import { describe, expect, it } from 'vitest';
import { COMPACT_JSON_STYLE, detectJsonStyle, PYTHON_JSON_STYLE, pythonNumber, serializeJson } from './json-style.js';

// Expected strings are Python 3.11's output: `repr(v)` and `json.dumps(obj)` with the arguments named in each case
// (produced with python3 -c '...'; see the table comments).
describe('pythonNumber', () => {
  it.each([
    [0.00001, '1e-05'],
    [1.5e16, '1.5e+16'],
    [0.25, '0.25'],
    [0.1, '0.1'],
    [123.456, '123.456'],
    [1e-7, '1e-07'],
    [1e22, '1e+22'],
    [2.5e-5, '2.5e-05'],
    [-0.0001, '-0.0001'],
    [1e15 + 0.5, '1000000000000000.5'],
    [12345678.9, '12345678.9'],
    [5e-324, '5e-324'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    [0.30000000000000004, '0.30000000000000004'],
    [9007199254740992, '9007199254740992.0'],
    [1e16, '1e+16'],
  ])('matches Python repr when the value is %s', (value, expected) => {
    expect(pythonNumber(value)).toBe(expected);
  });

  it('writes integral values below 2^53 as integers when they could have been ints', () => {
    expect(pythonNumber(42)).toBe('42');
    expect(pythonNumber(-7)).toBe('-7');
    expect(pythonNumber(-0)).toBe('0');
  });

  it('throws RangeError when the number is not finite', () => {
    expect(() => pythonNumber(Number.NaN)).toThrow(RangeError);
    expect(() => pythonNumber(Number.POSITIVE_INFINITY)).toThrow(/non-finite/);
  });
});

describe('serializeJson', () => {
  const obj = { a: [1, 2.5, null, true], é: 'café ☃ 😀 \u007f \n\t"\\', z: {}, e: [], n: -3, f: 1e-5 };

  it('matches json.dumps(obj) when the style is PYTHON_JSON_STYLE', () => {
    expect(serializeJson(obj, PYTHON_JSON_STYLE)).toBe(
      '{"a": [1, 2.5, null, true], "\\u00e9": "caf\\u00e9 \\u2603 \\ud83d\\ude00 \\u007f \\n\\t\\"\\\\", "z": {}, "e": [], "n": -3, "f": 1e-05}',
    );
  });

  it('matches json.dumps(obj, ensure_ascii=False) when non-ASCII is raw', () => {
    expect(serializeJson(obj, { ...PYTHON_JSON_STYLE, asciiOnly: false })).toBe(
      '{"a": [1, 2.5, null, true], "é": "café ☃ 😀 \u007f \\n\\t\\"\\\\", "z": {}, "e": [], "n": -3, "f": 1e-05}',
    );
  });

  it('matches json.dumps(obj, separators=(",", ":")) when separators are compact', () => {
    expect(serializeJson(obj, { ...PYTHON_JSON_STYLE, separators: 'compact' })).toBe(
      '{"a":[1,2.5,null,true],"\\u00e9":"caf\\u00e9 \\u2603 \\ud83d\\ude00 \\u007f \\n\\t\\"\\\\","z":{},"e":[],"n":-3,"f":1e-05}',
    );
  });

  it('equals JSON.stringify when the style is COMPACT_JSON_STYLE', () => {
    expect(serializeJson(obj, COMPACT_JSON_STYLE)).toBe(JSON.stringify(obj));
  });

  it('skips undefined properties and writes undefined array items as null, like JSON.stringify', () => {
    expect(serializeJson({ a: undefined, b: [undefined, 1] }, COMPACT_JSON_STYLE)).toBe('{"b":[null,1]}');
  });

  it('throws TypeError when a value cannot be represented', () => {
    expect(() => serializeJson({ f: () => 1 }, PYTHON_JSON_STYLE)).toThrow(TypeError);
    expect(() => serializeJson(10n, PYTHON_JSON_STYLE)).toThrow(/bigint/);
  });
});

describe('detectJsonStyle', () => {
  it('finds the compact raw style when a sample was written by JSON.stringify', () => {
    const value = { a: 'é', b: [1, 2] };
    const detected = detectJsonStyle([{ value, text: JSON.stringify(value) }], true);
    expect(detected.exact).toBe(true);
    expect(detected.style.separators).toBe('compact');
    expect(detected.style.asciiOnly).toBe(false);
  });

  it('finds Python numbers when a sample holds an exponent like 1e-05', () => {
    const value = { x: 1e-5 };
    const detected = detectJsonStyle([{ value, text: '{"x":1e-05}' }], false);
    expect(detected).toEqual({ style: { separators: 'compact', asciiOnly: true, numbers: 'python' }, exact: true });
  });

  it('reports exact=false and falls back to the Python style when nothing reproduces the samples', () => {
    const detected = detectJsonStyle([{ value: { a: 1 }, text: '{ "a" : 1 }' }], false);
    expect(detected.exact).toBe(false);
    expect(detected.style).toEqual(PYTHON_JSON_STYLE);
  });
});
