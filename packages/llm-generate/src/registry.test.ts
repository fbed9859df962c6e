import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LlmGenerateError } from './errors.js';
import { normalizeFunctionName, normalizeQuery, parseRegistry, readRegistry, registryEntryHash } from './registry.js';

const line = (value: unknown) => JSON.stringify(value);

describe('parseRegistry', () => {
  it('reads JSONL entries, defaults ids and skips blank lines when the file is valid', () => {
    const text = [
      line({ function_name: 'add', query: 'Add two numbers.', domain: 'math_numerical' }),
      '',
      line({
        id: 'custom',
        function_name: 'rev',
        query: 'Reverse a string.',
        domain: 'string_processing',
        note: 'ignored',
      }),
    ].join('\n');
    const reg = parseRegistry(text);
    expect(reg).toMatchObject({ format: 'jsonl', records: 2, issues: [], duplicates: [], lines: [1, 3] });
    expect(reg.entries).toEqual([
      { id: 'math_numerical_add', function_name: 'add', query: 'Add two numbers.', domain: 'math_numerical' },
      { id: 'custom', function_name: 'rev', query: 'Reverse a string.', domain: 'string_processing' },
    ]);
  });

  it('reads a JSON array and locates each element on its line', () => {
    const text = `[\n  {"function_name": "a", "query": "q one", "domain": "d"},\n\n  {"function_name": "b",\n   "query": "", "domain": "d"}\n]`;
    const reg = parseRegistry(text, { file: 'r.json' });
    expect(reg.format).toBe('json');
    expect(reg.entries.map((e) => e.function_name)).toEqual(['a']);
    expect(reg.issues).toEqual([
      {
        code: 'invalid_field',
        file: 'r.json',
        line: 4,
        index: 1,
        field: 'query',
        message: 'r.json:4 query: expected a non-empty query, received ""',
      },
    ]);
  });

  it.each([
    [
      'not json',
      '{"function_name": ',
      'invalid_json',
      null,
      /expected one JSON object per line, received invalid JSON/u,
    ],
    [
      'an array line',
      '[1, 2]',
      'invalid_field',
      null,
      /expected an object with function_name, query and domain, received an array of 2/u,
    ],
    [
      'a bad identifier',
      line({ function_name: 'is-valid', query: 'q', domain: 'd' }),
      'invalid_field',
      'function_name',
      /function_name: expected a Python identifier, received "is-valid"/u,
    ],
    [
      'a bad domain',
      line({ function_name: 'f', query: 'q', domain: 'String Processing' }),
      'invalid_field',
      'domain',
      /expected a lowercase snake_case domain/u,
    ],
    [
      'a missing query',
      line({ function_name: 'f', domain: 'd' }),
      'invalid_field',
      'query',
      /query: .*received nothing/u,
    ],
  ])('reports file, line and field when a record is %s', (_name, text, code, field, message) => {
    const reg = parseRegistry(`${line({ function_name: 'ok', query: 'fine', domain: 'd' })}\n${text}\n`, {
      file: 'reg.jsonl',
    });
    expect(reg.entries).toHaveLength(1);
    expect(reg.issues).toHaveLength(1);
    expect(reg.issues[0]).toMatchObject({ code, field, line: 2, file: 'reg.jsonl' });
    expect(reg.issues[0]!.message).toMatch(/^reg\.jsonl:2 /u);
    expect(reg.issues[0]!.message).toMatch(message);
  });

  it('keeps the first of two entries and reports both lines when names or queries normalise equal', () => {
    const text = [
      line({ function_name: 'is_palindrome', query: 'Is a string a palindrome?', domain: 'string_processing' }),
      line({ function_name: 'isPalindrome', query: 'Something else entirely', domain: 'string_processing' }),
      line({ function_name: 'check_pal', query: '  is a STRING a palindrome ', domain: 'validation' }),
      line({ function_name: '_is_palindrome_', query: 'IS A STRING A PALINDROME!', domain: 'validation' }),
      line({ function_name: 'other', query: 'Other.', domain: 'd' }),
    ].join('\n');
    const reg = parseRegistry(text);
    expect(reg.entries.map((e) => e.function_name)).toEqual(['is_palindrome', 'other']);
    expect(reg.duplicates).toEqual([
      {
        kinds: ['function_name'],
        line: 2,
        id: 'string_processing_isPalindrome',
        keptLine: 1,
        keptId: 'string_processing_is_palindrome',
      },
      { kinds: ['query'], line: 3, id: 'validation_check_pal', keptLine: 1, keptId: 'string_processing_is_palindrome' },
      {
        kinds: ['function_name', 'query'],
        line: 4,
        id: 'validation__is_palindrome_',
        keptLine: 1,
        keptId: 'string_processing_is_palindrome',
      },
    ]);
  });

  it('reports a duplicate id when two different entries share one', () => {
    const reg = parseRegistry(
      [
        line({ id: 'x', function_name: 'f', query: 'one', domain: 'd' }),
        line({ id: 'x', function_name: 'g', query: 'two', domain: 'd' }),
      ].join('\n'),
    );
    expect(reg.entries).toHaveLength(1);
    expect(reg.issues).toMatchObject([{ code: 'duplicate_id', line: 2, field: 'id' }]);
    expect(reg.issues[0]!.message).toContain('also on line 1');
  });

  it('reports unparseable text when a JSON array is broken', () => {
    const reg = parseRegistry('[{"function_name": "f",');
    expect(reg.entries).toEqual([]);
    expect(reg.issues[0]).toMatchObject({ code: 'invalid_json', line: 1 });
  });
});

describe('normalizeFunctionName', () => {
  it.each([
    ['is_palindrome', 'ispalindrome'],
    ['isPalindrome', 'ispalindrome'],
    ['__Is_Palindrome__', 'ispalindrome'],
    ['f2', 'f2'],
  ])('maps %s to %s', (input, expected) => expect(normalizeFunctionName(input)).toBe(expected));
});

describe('normalizeQuery', () => {
  it.each([
    ['  Reverse the WORDS of a sentence. ', 'reverse the words of a sentence'],
    ['Sum: a+b', 'sum a b'],
    ['ﬁnd the ½', 'find the 1 2'],
    ['Ärger über Öl', 'ärger über öl'],
  ])('maps %j to %j', (input, expected) => expect(normalizeQuery(input)).toBe(expected));
});

describe('registryEntryHash', () => {
  it('changes when any field changes and not otherwise', () => {
    const base = { id: 'a', function_name: 'f', query: 'q', domain: 'd' };
    const hash = registryEntryHash(base);
    expect(registryEntryHash({ ...base })).toBe(hash);
    for (const field of ['id', 'function_name', 'query', 'domain'] as const)
      expect(registryEntryHash({ ...base, [field]: `${base[field]}x` })).not.toBe(hash);
  });
});

describe('readRegistry', () => {
  it('names the file in issues when reading from disk, and throws invalid-registry when the file is missing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'registry-'));
    try {
      const path = join(dir, 'r.jsonl');
      await writeFile(path, '{"function_name": "f", "query": "q", "domain": "BAD"}\n');
      expect((await readRegistry(path)).issues[0]!.message.startsWith(`${path}:1 domain:`)).toBe(true);
      const error = await readRegistry(join(dir, 'missing.jsonl')).catch((e: unknown) => e);
      expect(LlmGenerateError.is(error) && error.code).toBe('invalid-registry');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
