import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOracle } from '../src/oracle.js';
import type { Oracle } from '../src/types.js';

// One oracle for Python and JavaScript/TypeScript jobs: `language` picks the runner, results have one shape,
// and the cache keeps the languages apart.

const JS_ADD = 'function add(a, b) {\n  return a + b;\n}\n';
const JS_TESTS = [
  'assert.strictEqual(add(1, 2), 3)',
  'assert.strictEqual(add(1, 1), 3)',
  'assert.deepStrictEqual([add(0, 0)], [0])',
];

describe('createOracle with JavaScript and TypeScript jobs', () => {
  let dir: string;
  let cacheFile: string;
  let oracle: Oracle;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'execret-oracle-language-'));
    cacheFile = join(dir, 'execution_cache.jsonl');
    oracle = await createOracle({ concurrency: 1, cacheFile, javascript: { concurrency: 1, timeoutMs: 20_000 } });
  }, 120_000);
  afterAll(async () => {
    await oracle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('does not start the JavaScript runner before a JavaScript job', async () => {
    expect(oracle.info.javascript).toBeNull();
    const result = await oracle.run({ code: 'def add(a, b):\n    return a + b\n', tests: ['assert add(1, 2) == 3'] });
    expect(result.tests).toEqual(['pass']);
    expect(oracle.info.javascript).toBeNull();
  }, 60_000);

  it('runs a JavaScript job in the JavaScript runner with the result shape of Python jobs', async () => {
    const result = await oracle.run({ code: JS_ADD, tests: JS_TESTS, language: 'javascript' });
    expect(result.tests).toEqual(['pass', 'FAIL', 'pass']);
    expect(result.status).toBe('fail');
    expect(result.judged).toHaveLength(3);
    expect(result.cached).toBe(false);
    expect(['bwrap', 'rlimit']).toContain(result.isolation);
    expect(oracle.info.javascript?.engine).toBe('quickjs');
    expect(oracle.info.javascript?.timeoutMs).toBe(20_000);
  }, 120_000);

  it('runs TypeScript stripped of its types', async () => {
    const code = 'function add(a: number, b: number): number {\n  return a + b;\n}\n';
    const result = await oracle.run({ code, tests: ['assert.strictEqual(add(2, 2), 4)'], language: 'typescript' });
    expect(result.tests).toEqual(['pass']);
  }, 60_000);

  it('answers a repeated JavaScript job from the cache, whose line records the language', async () => {
    const again = await oracle.run({ code: JS_ADD, tests: JS_TESTS, language: 'javascript' });
    expect(again.cached).toBe(true);
    expect(again.tests).toEqual(['pass', 'FAIL', 'pass']);
    const lines = readFileSync(cacheFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const js = lines.filter((line) => line.language === 'javascript');
    expect(js).toHaveLength(1);
    expect(js[0]!.code_sha256).toBe(again.codeSha256);
    // Python lines stay as the release writes them: no language field.
    expect(lines.filter((line) => line.language === undefined).length).toBeGreaterThan(0);
  }, 60_000);

  it('keeps the same code and tests in two languages apart', async () => {
    // Valid in both languages, with different verdicts: Python's `assert(x)` statement and node's assert(x).
    const code = 'x = 0\n';
    const tests = ['assert(x == 0)'];
    const python = await oracle.run({ code, tests });
    const javascript = await oracle.run({ code, tests, language: 'javascript' });
    expect(python.tests).toEqual(['pass']);
    expect(javascript.tests).toEqual(['pass']);
    expect(javascript.cached).toBe(false);
    const pythonFail = await oracle.run({ code: 'x = 1\n', tests });
    const jsAgain = await oracle.run({ code: 'x = 1\n', tests, language: 'javascript' });
    expect(pythonFail.tests).toEqual(['FAIL']);
    expect(jsAgain.cached).toBe(false);
    expect(jsAgain.tests).toEqual(['FAIL']);
    // Reopened, the cache still answers each language with its own line.
    const reopened = await createOracle({ concurrency: 1, cacheFile });
    try {
      const p = await reopened.run({ code, tests });
      const j = await reopened.run({ code, tests, language: 'javascript' });
      expect([p.cached, j.cached]).toEqual([true, true]);
      expect(reopened.info.javascript).toBeNull();
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it('refuses an unknown language as misuse', () => {
    expect(() => oracle.run({ code: '', tests: ['assert(true)'], language: 'JavaScript' as 'javascript' })).toThrow(
      /job.language to be one of python, javascript, typescript/,
    );
  });

  it('runs a mix of languages in one runMany, results in input order', async () => {
    const results = await oracle.runMany([
      { code: 'def f():\n    return 2\n', tests: ['assert f() == 2'] },
      { code: 'function f() { return 2; }', tests: ['assert.strictEqual(f(), 3)'], language: 'javascript' },
      { code: 'def f():\n    return 2\n', tests: ['assert f() == 3'] },
    ]);
    expect(results.map((r) => r.tests)).toEqual([['pass'], ['FAIL'], ['FAIL']]);
  }, 120_000);
});
