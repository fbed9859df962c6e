import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tokenizeCode } from './tokenize-code.js';

const golden = JSON.parse(
  gunzipSync(readFileSync(new URL('../../../../fixtures/golden/search-bm25.json.gz', import.meta.url))).toString(
    'utf8',
  ),
) as { tokenizer: { text: string; tokens: string[] }[] };

describe('tokenizeCode', () => {
  it.each([
    ['', []],
    ['   \n\t', []],
    ['snake_case_name', ['snake', 'case', 'name']],
    ['camelCaseName', ['camel', 'case', 'name']],
    ['PascalCase', ['pascal', 'case']],
    ['HTTPServer', ['http', 'server']],
    ['parseJSON', ['parse', 'json']],
    ['ABC', ['abc']],
    ['aB', ['a', 'b']],
    ['ABc', ['a', 'bc']],
    ['utf8', ['utf', '8']],
    ['2xx', ['2', 'xx']],
    ['x2y', ['x', '2', 'y']],
    ['IPv4Address', ['i', 'pv', '4', 'address']],
    ['__init__', ['init']],
    ['a.b->c', ['a', 'b', 'c']],
    ['007', ['007']],
    ['naïve café', ['na', 've', 'caf']],
    ['MAX_VALUE', ['max', 'value']],
  ] as const)('splits %j into %j', (text, expected) => {
    expect(tokenizeCode(text)).toEqual(expected);
  });

  it('matches the independent Python tokenizer on every golden sample', () => {
    expect(golden.tokenizer.length).toBeGreaterThan(80);
    for (const { text, tokens } of golden.tokenizer) expect(tokenizeCode(text)).toEqual(tokens);
  });

  it('throws TypeError when the input is not a string', () => {
    expect(() => tokenizeCode(42 as unknown as string)).toThrow(TypeError);
  });
});
