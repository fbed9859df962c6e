import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OracleError } from './errors.js';
import { mergeExecutionCache, openExecutionCache, parseExecutionCache } from './execution-cache.js';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const C = 'c'.repeat(64);

function line(record: Record<string, unknown>): string {
  return `${JSON.stringify(record)}\n`;
}

describe('parseExecutionCache', () => {
  it('reads entries, recomputes a missing status and keeps unknown fields when lines are complete', () => {
    const text =
      line({ code_sha256: A, tests_sha256: B, test_results: ['pass', 'FAIL'], passes_all_tests: false, model: 'm' }) +
      line({
        code_sha256: A.toUpperCase(),
        tests_sha256: C,
        test_results: ['pass'],
        status: 'pass',
        duration_ms: 3.5,
        isolation: 'bwrap',
      });
    const { entries, issues, lines } = parseExecutionCache(text);
    expect(issues).toEqual([]);
    expect(lines).toBe(2);
    expect(entries).toEqual([
      {
        codeSha256: A,
        testsSha256: B,
        testResults: ['pass', 'FAIL'],
        passesAllTests: false,
        status: 'fail',
        extra: { model: 'm' },
      },
      {
        codeSha256: A,
        testsSha256: C,
        testResults: ['pass'],
        passesAllTests: true,
        status: 'pass',
        durationMs: 3.5,
        isolation: 'bwrap',
        extra: {},
      },
    ]);
  });

  it('ignores and reports a final line without newline when a writer was killed mid-line', () => {
    const text = `${line({ code_sha256: A, tests_sha256: B, test_results: ['pass'] })}{"code_sha256":"${A}","tes`;
    const { entries, issues } = parseExecutionCache(text);
    expect(entries).toHaveLength(1);
    expect(issues).toEqual([expect.objectContaining({ line: 2, kind: 'torn-line' })]);
  });

  it('accepts a BOM, CRLF and blank lines when the file was edited by hand', () => {
    const text = `\uFEFF${JSON.stringify({ code_sha256: A, tests_sha256: B, test_results: ['TIMEOUT'] })}\r\n\n   \n`;
    const { entries, issues } = parseExecutionCache(text);
    expect(issues).toEqual([]);
    expect(entries[0]?.status).toBe('timeout');
  });

  it.each([
    ['not JSON', '{nope', 'invalid-json'],
    ['an array', '[1,2]', 'invalid-entry'],
    ['a short hash', JSON.stringify({ code_sha256: 'abc', tests_sha256: B, test_results: [] }), 'invalid-entry'],
    ['no tests hash', JSON.stringify({ code_sha256: A, test_results: ['pass'] }), 'invalid-entry'],
    [
      'results not an array',
      JSON.stringify({ code_sha256: A, tests_sha256: B, test_results: 'pass' }),
      'invalid-entry',
    ],
    ['an unknown outcome', JSON.stringify({ code_sha256: A, tests_sha256: B, test_results: ['ok'] }), 'invalid-entry'],
  ])('skips the line and reports %s', (_name, content, kind) => {
    const { entries, issues } = parseExecutionCache(`${content}\n`);
    expect(entries).toEqual([]);
    expect(issues).toEqual([expect.objectContaining({ line: 1, kind })]);
  });

  it('keeps the entry but reports and corrects it when passes_all_tests or status contradict the outcomes', () => {
    const { entries, issues } = parseExecutionCache(
      line({ code_sha256: A, tests_sha256: B, test_results: ['pass', 'FAIL'], passes_all_tests: true, status: 'pass' }),
    );
    expect(entries[0]).toMatchObject({ passesAllTests: false, status: 'fail' });
    expect(issues.map((i) => i.kind)).toEqual(['inconsistent', 'inconsistent']);
  });

  it('reads judged when it holds one label per outcome, and reports and drops it otherwise', () => {
    const { entries, issues } = parseExecutionCache(
      line({ code_sha256: A, tests_sha256: B, test_results: ['pass', 'FAIL'], judged: ['split', 'fallback'] }) +
        line({ code_sha256: A, tests_sha256: C, test_results: ['pass', 'FAIL'], judged: ['split'] }) +
        line({ code_sha256: B, tests_sha256: C, test_results: ['pass'], judged: ['server'] }),
    );
    expect(entries.map((e) => e.judged)).toEqual([['split', 'fallback'], undefined, undefined]);
    expect(entries.map((e) => 'judged' in e.extra)).toEqual([false, false, false]);
    expect(issues).toEqual([
      expect.objectContaining({ line: 2, kind: 'inconsistent', message: expect.stringMatching(/judged/) }),
      expect.objectContaining({ line: 3, kind: 'inconsistent', message: expect.stringMatching(/judged/) }),
    ]);
  });

  it("keeps another writer's status when it agrees with passes_all_tests", () => {
    const { entries, issues } = parseExecutionCache(
      line({ code_sha256: A, tests_sha256: B, test_results: ['FAIL', 'ERROR:X'], status: 'fail' }),
    );
    expect(issues).toEqual([]);
    expect(entries[0]?.status).toBe('fail');
  });
});

describe('openExecutionCache', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'execret-cache-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the file and its directory, and reloads what was put when reopened', async () => {
    const file = join(dir, 'nested', 'execution_cache.jsonl');
    const cache = await openExecutionCache(file);
    expect(cache.size).toBe(0);
    cache.put({
      codeSha256: A,
      testsSha256: B,
      testResults: ['pass'],
      passesAllTests: true,
      status: 'pass',
      durationMs: 1,
    });
    cache.put({ codeSha256: A, testsSha256: B, testResults: ['FAIL'], passesAllTests: false, status: 'fail' });
    cache.put({ codeSha256: C, testsSha256: B, testResults: ['TIMEOUT'], passesAllTests: false, status: 'timeout' });
    expect(cache.size).toBe(2);
    expect(cache.get(A, B)?.testResults).toEqual(['FAIL']);
    cache.close();
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(4);
    const again = await openExecutionCache(file);
    expect(again.size).toBe(2);
    expect(again.get(A.toUpperCase(), B)?.testResults).toEqual(['FAIL']);
    expect([...again.entries()].map((e) => e.codeSha256)).toEqual([A, C]);
    again.close();
  });

  it('reports a torn last line, terminates it, and keeps later appends intact when a writer died mid-line', async () => {
    const file = join(dir, 'execution_cache.jsonl');
    writeFileSync(
      file,
      `${line({ code_sha256: A, tests_sha256: B, test_results: ['pass'] })}{"code_sha256":"${C}","te`,
    );
    const cache = await openExecutionCache(file);
    expect(cache.issues).toEqual([expect.objectContaining({ kind: 'torn-line', line: 2 })]);
    cache.put({ codeSha256: C, testsSha256: B, testResults: ['FAIL'], passesAllTests: false, status: 'fail' });
    cache.close();
    const reread = parseExecutionCache(readFileSync(file, 'utf8'));
    expect(reread.entries.map((e) => e.codeSha256)).toEqual([A, C]);
    expect(reread.issues).toEqual([expect.objectContaining({ kind: 'invalid-json', line: 2 })]);
  });

  it('throws OracleError cache-io when put is called after close', async () => {
    const cache = await openExecutionCache(join(dir, 'c.jsonl'));
    cache.close();
    cache.close();
    expect(() =>
      cache.put({ codeSha256: A, testsSha256: B, testResults: ['pass'], passesAllTests: true, status: 'pass' }),
    ).toThrow(expect.objectContaining({ code: 'cache-io' }));
  });

  it('throws OracleError cache-io when the path is a directory', async () => {
    await expect(openExecutionCache(dir)).rejects.toSatisfy((e: unknown) => OracleError.is(e) && e.code === 'cache-io');
  });

  it('rejects with aborted when the signal has already fired', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(openExecutionCache(join(dir, 'c.jsonl'), { signal: controller.signal })).rejects.toSatisfy(
      (e: unknown) => OracleError.is(e) && e.code === 'aborted',
    );
  });

  it('loses nothing but possibly one torn line when the writing process is SIGKILLed at a random moment', async () => {
    const file = join(dir, 'execution_cache.jsonl');
    const writer = fileURLToPath(new URL('../test/fixtures/cache-writer.ts', import.meta.url));
    for (const delayMs of [5, 40, 120]) {
      const child = spawn(process.execPath, ['--import', 'tsx', writer, file], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      // The writer has written at least one whole line (on a loaded machine 'ready' can come long before it), then
      // the kill lands at some moment of its appending.
      const before = existsSync(file) ? readFileSync(file, 'utf8').length : 0;
      for (let waited = 0; waited < 30_000; waited += 10) {
        if (readFileSync(file, 'utf8').indexOf('\n', before) >= 0) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      await new Promise((r) => setTimeout(r, delayMs));
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      const parsed = parseExecutionCache(readFileSync(file, 'utf8'));
      expect(parsed.issues.filter((i) => i.kind !== 'torn-line' && i.kind !== 'invalid-json')).toEqual([]);
      // At most the torn fragment of each kill (terminated by the next open) is unreadable.
      expect(parsed.issues.length).toBeLessThanOrEqual(3);
      expect(parsed.entries.length).toBeGreaterThan(0);
      for (const entry of parsed.entries) expect(entry.testResults.length).toBeGreaterThan(0);
    }
    // A final append after the kills is readable in full.
    appendFileSync(file, '');
    const cache = await openExecutionCache(file);
    cache.put({ codeSha256: A, testsSha256: C, testResults: ['pass'], passesAllTests: true, status: 'pass' });
    cache.close();
    expect((await openExecutionCache(file)).get(A, C)?.status).toBe('pass');
  }, 60_000);
});

describe('mergeExecutionCache', () => {
  it('adds the entries of another cache file that this one lacks, keyed by hashes and language', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'execret-merge-'));
    try {
      const a = await openExecutionCache(join(dir, 'a.jsonl'));
      const b = await openExecutionCache(join(dir, 'b.jsonl'));
      const line = { testResults: ['pass'], passesAllTests: true, status: 'pass' as const };
      a.put({ codeSha256: 'a'.repeat(64), testsSha256: 'b'.repeat(64), ...line });
      b.put({ codeSha256: 'a'.repeat(64), testsSha256: 'b'.repeat(64), ...line });
      b.put({ codeSha256: 'a'.repeat(64), testsSha256: 'b'.repeat(64), language: 'javascript', ...line });
      b.put({ codeSha256: 'c'.repeat(64), testsSha256: 'b'.repeat(64), ...line });
      b.close();
      expect(await mergeExecutionCache(a, join(dir, 'b.jsonl'))).toBe(2);
      expect(a.size).toBe(3);
      expect(a.get('a'.repeat(64), 'b'.repeat(64), 'javascript')).toBeDefined();
      expect(await mergeExecutionCache(a, join(dir, 'missing.jsonl'))).toBe(0);
      a.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
