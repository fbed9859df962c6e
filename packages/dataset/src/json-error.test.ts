import { describe, expect, it } from 'vitest';
import { locateJsonError } from './json-error.js';

describe('locateJsonError', () => {
  it.each(['{}', '[]', '{"a": [1, -2.5e3, true, false, null, "x\\u00e9\\n"]}', ' 3 ', '"s"'])(
    'returns null when %j is valid',
    (text) => {
      expect(locateJsonError(text)).toBeNull();
      expect(() => JSON.parse(text)).not.toThrow();
    },
  );

  it.each([
    ['{"a": [1,\n}', 2, 1],
    ['{"a": 1,}', 1, 9],
    ['{a: 1}', 1, 2],
    ['{"a": 01}', 1, 8],
    ['{"a": "x', 1, 9],
    ['{"a": "\\q"}', 1, 8],
    ['{"a": tru}', 1, 7],
    ['{"a": 1} x', 1, 10],
    ['', 1, 1],
    ['{"a": "tab\there"}', 1, 11],
  ])('locates the error in %j at line %i, column %i', (text, line, column) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(locateJsonError(text)).toMatchObject({ line, column });
  });
});
