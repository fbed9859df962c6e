import { formatExecutionCacheLine } from '@execret/formats';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../test/helpers.js';
import { lookupExecution, readExecutionCacheRecords } from './execution-cache.js';
import { parseJsonl } from './jsonl.js';

const H1 = 'a'.repeat(64);
const H2 = 'b'.repeat(64);
const H3 = 'c'.repeat(64);
const records = (rows: unknown[]) => rows.map((value, i) => ({ line: i + 1, value }));

describe('readExecutionCacheRecords', () => {
  it('reads the documented execret fields by name', () => {
    const cache = readExecutionCacheRecords(
      records([
        {
          code_sha256: H1,
          tests_sha256: H2,
          test_results: ['pass', 'FAIL'],
          passes_all_tests: false,
          status: 'fail',
          duration_ms: 3,
        },
      ]),
    );
    expect(cache.entries[0]).toMatchObject({
      codeSha256: H1,
      testsSha256: H2,
      testResults: ['pass', 'FAIL'],
      passesAllTests: false,
      status: 'fail',
    });
    expect(cache.fields.every((f) => f.how === 'name')).toBe(true);
    expect(cache.issues).toEqual([]);
  });

  it('recognises hashes and outcomes by shape when the names are different', () => {
    const cache = readExecutionCacheRecords(
      records([
        { snippet_digest: H1.toUpperCase(), suite_digest: H2, verdicts: ['pass', 'pass'], ok: true, host: 'x' },
      ]),
    );
    const entry = lookupExecution(cache, H1, H2);
    expect(entry).toMatchObject({ passesAllTests: true, testResults: ['pass', 'pass'] });
    const roles = Object.fromEntries(cache.fields.map((f) => [f.field, [f.role, f.how]]));
    expect(roles).toEqual({
      snippet_digest: ['code_sha256', 'shape'],
      suite_digest: ['tests_sha256', 'shape'],
      verdicts: ['test_results', 'shape'],
      ok: ['passes_all_tests', 'shape'],
      host: [null, null],
    });
    expect(cache.issues).toEqual([
      expect.objectContaining({
        severity: 'info',
        code: 'cache-field-not-understood',
        message: expect.stringContaining('"host"'),
      }),
    ]);
  });

  it('gives the remaining hash role to the other 64-hex field when one name is telling', () => {
    const cache = readExecutionCacheRecords(records([{ program: H1, other: H2, results: ['FAIL'] }]));
    expect(cache.entries[0]).toMatchObject({ codeSha256: H1, testsSha256: H2, passesAllTests: false });
  });

  it('reads a combined <code>:<tests> key', () => {
    const cache = readExecutionCacheRecords(records([{ key: `${H1}:${H2}`, results: ['pass'] }]));
    expect(lookupExecution(cache, H1, H2)?.passesAllTests).toBe(true);
  });

  it('keeps but cannot key a row whose two hashes have no telling names', () => {
    const cache = readExecutionCacheRecords(records([{ x: H1, y: H2, results: ['pass'] }]));
    expect(cache.entries).toEqual([]);
    expect(cache.rows).toHaveLength(1);
    expect(cache.unkeyedRows).toBe(1);
    expect(cache.issues[0]).toMatchObject({ code: 'cache-row-unkeyed', line: 1 });
  });

  it('warns about outcomes outside the vocabulary, flags that disagree and rows without a verdict', () => {
    const cache = readExecutionCacheRecords(
      records([
        { code_sha256: H1, tests_sha256: H2, test_results: ['pass', 'passed'] },
        { code_sha256: H1, tests_sha256: H3, test_results: ['pass'], passes_all_tests: false },
        { code_sha256: H2, tests_sha256: H3 },
      ]),
    );
    expect(cache.unknownOutcomeRows).toBe(1);
    expect(cache.issues.map((i) => [i.code, i.line])).toEqual([
      ['cache-unknown-outcome', 1],
      ['cache-flag-disagrees', 2],
      ['cache-row-no-verdict', 3],
    ]);
    expect(cache.issues[0]?.path).toEqual(['test_results', 1]);
  });

  it('recognises the outcome list of a row that uses close variants, but reports them as outside the vocabulary', () => {
    // ERROR, ERROR: and FAIL:x are not outcomes (isOutcome of @execret/formats), though other writers use them.
    const cache = readExecutionCacheRecords(
      records([
        { code_sha256: H1, tests_sha256: H2, results: ['pass', 'ERROR:'] },
        { code_sha256: H1, tests_sha256: H3, results: ['FAIL:x', 'pass'] },
        { code_sha256: H2, tests_sha256: H3, results: ['ERROR'] },
      ]),
    );
    expect(cache.fields.find((f) => f.field === 'results')).toMatchObject({ role: 'test_results', how: 'shape' });
    expect(cache.unknownOutcomeRows).toBe(3);
    expect(cache.issues.map((i) => [i.code, i.line, i.path])).toEqual([
      ['cache-unknown-outcome', 1, ['results', 1]],
      ['cache-unknown-outcome', 2, ['results', 0]],
      ['cache-unknown-outcome', 3, ['results', 0]],
    ]);
    expect(cache.entries.map((e) => e.passesAllTests)).toEqual([false, false, false]);
  });

  it('reads a line of the strict writer by name', () => {
    const line = formatExecutionCacheLine({
      codeSha256: H1,
      testsSha256: H2,
      testResults: ['pass'],
      passesAllTests: true,
      status: 'pass',
      durationMs: 5,
    });
    const cache = readExecutionCacheRecords(parseJsonl(line, { file: 'c.jsonl' }).records);
    expect(cache.entries[0]).toMatchObject({ passesAllTests: true, status: 'pass' });
    expect(cache.fields.every((f) => f.how === 'name')).toBe(true);
  });

  it('lets the later row win and reports conflicting duplicates', () => {
    const cache = readExecutionCacheRecords(
      records([
        { code_sha256: H1, tests_sha256: H2, test_results: ['pass'] },
        { code_sha256: H1, tests_sha256: H2, test_results: ['FAIL'] },
      ]),
    );
    expect(cache.duplicateKeys).toBe(1);
    expect(cache.conflictingDuplicates).toBe(1);
    expect(lookupExecution(cache, H1, H2)?.line).toBe(2);
  });

  it('tells apart pairs whose hashes share a bucket key', () => {
    const a = `abcdef0${'1'.repeat(57)}`;
    const b = `abcdef0${'2'.repeat(57)}`;
    const cache = readExecutionCacheRecords(
      records([
        { code_sha256: a, tests_sha256: H2, test_results: ['pass'] },
        { code_sha256: b, tests_sha256: H2, test_results: ['FAIL'] },
      ]),
    );
    expect(cache.index.buckets.size).toBe(1);
    expect(lookupExecution(cache, a, H2)?.passesAllTests).toBe(true);
    expect(lookupExecution(cache, b, H2)?.passesAllTests).toBe(false);
    expect(lookupExecution(cache, `abcdef0${'3'.repeat(57)}`, H2)).toBeUndefined();
    expect(cache.duplicateKeys).toBe(0);
  });

  it('understands all three shapes of the fixture cache', () => {
    const parsed = parseJsonl(readFixture('data/execution_cache.jsonl'), { file: 'data/execution_cache.jsonl' });
    const cache = readExecutionCacheRecords(parsed.records);
    expect(cache.entries).toHaveLength(96);
    expect(cache.unkeyedRows).toBe(0);
    expect(cache.fields.filter((f) => f.role === null).map((f) => f.field)).toEqual(['worker']);
  });
});

describe('lookupExecution', () => {
  const row = (extra: Record<string, unknown>, results: string[]) => ({
    code_sha256: H1,
    tests_sha256: H2,
    test_results: results,
    passes_all_tests: results.every((r) => r === 'pass'),
    status: results.every((r) => r === 'pass') ? 'pass' : 'fail',
    ...extra,
  });

  it('tells the same hashes apart by language when a language is asked for', () => {
    const cache = readExecutionCacheRecords(records([row({}, ['pass']), row({ language: 'javascript' }, ['FAIL'])]));
    expect(cache.entries.map((e) => e.language)).toEqual(['python', 'javascript']);
    expect(lookupExecution(cache, H1, H2, 'python')?.passesAllTests).toBe(true);
    expect(lookupExecution(cache, H1, H2, 'javascript')?.passesAllTests).toBe(false);
    expect(lookupExecution(cache, H1, H2, 'typescript')).toBeUndefined();
    expect(lookupExecution(cache, H1, H2)).toBeDefined();
    expect(cache.fields.find((f) => f.field === 'language')?.role).toBe('execret_extra');
  });

  it('warns and matches no language when a row names an unknown one', () => {
    const cache = readExecutionCacheRecords(records([row({ language: 'JavaScript' }, ['pass'])]));
    expect(cache.entries[0]!.language).toBeNull();
    expect(cache.issues.map((i) => i.code)).toContain('cache-unknown-language');
    expect(lookupExecution(cache, H1, H2, 'javascript')).toBeUndefined();
  });
});
