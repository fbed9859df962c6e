import { describe, expect, it } from 'vitest';
import { executionCacheRecord, formatExecutionCacheLine } from './execution-cache-line.js';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);

describe('formatExecutionCacheLine', () => {
  it('writes the fields of docs/formats.md in order, then optional and extra fields, and a newline', () => {
    const text = formatExecutionCacheLine({
      codeSha256: A,
      testsSha256: B,
      testResults: ['pass', 'ERROR:KeyError: 1'],
      passesAllTests: false,
      status: 'error',
      durationMs: 2.5,
      isolation: 'bwrap',
      judged: ['split', 'child'],
      extra: { note: 'x' },
    });
    expect(text).toBe(
      `{"code_sha256":"${A}","tests_sha256":"${B}","test_results":["pass","ERROR:KeyError: 1"],"passes_all_tests":false,"status":"error","duration_ms":2.5,"isolation":"bwrap","judged":["split","child"],"note":"x"}\n`,
    );
    expect(JSON.parse(text)).toMatchObject({ code_sha256: A, status: 'error', judged: ['split', 'child'], note: 'x' });
  });

  it.each([
    ['an uppercase hash', { codeSha256: A.toUpperCase() }],
    ['a short hash', { testsSha256: 'b' }],
    ['a status that contradicts the outcomes', { status: 'pass' as const }],
    ['passesAllTests that contradicts the outcomes', { passesAllTests: true }],
    ['an unknown status', { status: 'weird' as 'fail' }],
    ['judged with a label per test missing', { judged: [] }],
    ['judged with an unknown label', { judged: ['server' as 'split'] }],
    ['an outcome outside the vocabulary', { testResults: ['ERROR:'] }],
    ['a duration that is not finite', { durationMs: Number.NaN }],
    ['an extra field that repeats a documented one', { extra: { status: 'ignored' } }],
    ['an unknown language', { language: 'JavaScript' as 'javascript' }],
  ])('throws TypeError for %s', (_name, patch) => {
    expect(() =>
      formatExecutionCacheLine({
        codeSha256: A,
        testsSha256: B,
        testResults: ['FAIL'],
        passesAllTests: false,
        status: 'fail',
        ...patch,
      }),
    ).toThrow(TypeError);
  });
});

it('writes language after judged, and nothing when it is absent', () => {
  const base = { codeSha256: A, testsSha256: B, testResults: ['pass'], passesAllTests: true, status: 'pass' as const };
  expect(formatExecutionCacheLine({ ...base, judged: ['split'], language: 'javascript' })).toBe(
    `{"code_sha256":"${A}","tests_sha256":"${B}","test_results":["pass"],"passes_all_tests":true,"status":"pass","judged":["split"],"language":"javascript"}\n`,
  );
  expect(formatExecutionCacheLine(base)).not.toContain('language');
});

describe('executionCacheRecord', () => {
  it('derives passesAllTests and status from the outcomes', () => {
    expect(executionCacheRecord(A, B, ['pass', 'TIMEOUT'])).toEqual({
      codeSha256: A,
      testsSha256: B,
      testResults: ['pass', 'TIMEOUT'],
      passesAllTests: false,
      status: 'timeout',
    });
    expect(executionCacheRecord(A, B, ['pass']).passesAllTests).toBe(true);
  });

  it('throws TypeError when an outcome is outside the vocabulary', () => {
    expect(() => executionCacheRecord(A, B, ['FAIL:x'])).toThrow(TypeError);
  });
});

it('writes work last of the documented fields, and refuses a work count that is not a non-negative integer', () => {
  const base = { codeSha256: A, testsSha256: B, testResults: ['pass'], passesAllTests: true, status: 'pass' as const };
  expect(formatExecutionCacheLine({ ...base, judged: ['split'], work: 1234 })).toBe(
    `{"code_sha256":"${A}","tests_sha256":"${B}","test_results":["pass"],"passes_all_tests":true,"status":"pass","judged":["split"],"work":1234}\n`,
  );
  expect(() => formatExecutionCacheLine({ ...base, work: -1 })).toThrow(/work/);
  expect(() => formatExecutionCacheLine({ ...base, work: 1.5 })).toThrow(/work/);
});

it('writes work_limit before work, and refuses a work limit that is not a positive integer', () => {
  const base = { codeSha256: A, testsSha256: B, testResults: ['pass'], passesAllTests: true, status: 'pass' } as const;
  expect(formatExecutionCacheLine({ ...base, work: 12, workLimit: 1000 })).toBe(
    `{"code_sha256":"${A}","tests_sha256":"${B}","test_results":["pass"],"passes_all_tests":true,"status":"pass","work_limit":1000,"work":12}\n`,
  );
  expect(() => formatExecutionCacheLine({ ...base, workLimit: 0 })).toThrow(/workLimit/);
  expect(() => formatExecutionCacheLine({ ...base, workLimit: 2.5 })).toThrow(/workLimit/);
});
