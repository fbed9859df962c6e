// A job's own, shorter budget (OracleJob.timeoutMs): a TIMEOUT under it is returned but never cached nor
// shared with a job of the full budget; any other outcome is the job's outcome and is cached; a cached
// result answers a job of any budget. Python and JavaScript.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOracle, type Oracle } from '../src/index.js';

const SLOW = {
  python: { code: 'import time\ndef slow():\n    time.sleep(0.8)\n    return 1\n', tests: ['assert slow() == 1'] },
  javascript: {
    code: 'function slow() { const end = Date.now() + 800; while (Date.now() < end) {} return 1; }',
    tests: ['assert.strictEqual(slow(), 1)'],
  },
} as const;

describe.each(['python', 'javascript'] as const)('a job with its own budget (%s)', (language) => {
  let dir: string;
  let cacheFile: string;
  let oracle: Oracle;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'execret-budget-'));
    cacheFile = join(dir, 'execution_cache.jsonl');
    oracle = await createOracle({ timeoutMs: 6000, concurrency: 1, cacheFile });
  }, 60_000);
  afterAll(async () => {
    await oracle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const lines = (): string[] =>
    readFileSync(cacheFile, 'utf8')
      .split('\n')
      .filter((l) => l !== '');

  it('times out under the short budget without caching it, then passes under the full one and caches that', async () => {
    const job = { ...SLOW[language], language };
    const [short, full] = await Promise.all([oracle.run({ ...job, timeoutMs: 300 }), oracle.run(job)]);
    expect(short.tests).toEqual(['TIMEOUT']);
    expect(short.cached).toBe(false);
    expect(full.tests).toEqual(['pass']);
    expect(lines()).toHaveLength(1);
    expect(JSON.parse(lines()[0] as string).test_results).toEqual(['pass']);
    const again = await oracle.run({ ...job, timeoutMs: 300 });
    expect(again).toMatchObject({ tests: ['pass'], cached: true });
  }, 60_000);

  it('caches what a short budget gives when it is not a TIMEOUT', async () => {
    const job =
      language === 'python'
        ? { code: 'def f():\n    return 2\n', tests: ['assert f() == 2', 'assert f() == 3'], language }
        : {
            code: 'function f() { return 2; }',
            tests: ['assert.strictEqual(f(), 2)', 'assert.strictEqual(f(), 3)'],
            language,
          };
    const before = lines().length;
    expect((await oracle.run({ ...job, timeoutMs: 2000 })).tests).toEqual(['pass', 'FAIL']);
    expect(lines()).toHaveLength(before + 1);
    expect((await oracle.run(job)).cached).toBe(true);
  }, 60_000);

  it('refuses a budget longer than the oracle’s or not a positive integer', async () => {
    expect(() => oracle.run({ ...SLOW[language], language, timeoutMs: 7000 })).toThrow(RangeError);
    expect(() => oracle.run({ ...SLOW[language], language, timeoutMs: 0 })).toThrow(RangeError);
  });
});

describe('a Python job with a work limit', () => {
  let oracle: Oracle;
  beforeAll(async () => {
    oracle = await createOracle({ timeoutMs: 5000, concurrency: 1 });
  }, 60_000);
  afterAll(async () => oracle?.close());

  const LOOP = 'def spin(n):\n    i = 0\n    while i != n:\n        i += 2\n    return i\n';

  it('counts the same line events for the same job every time, whatever the machine is doing', async () => {
    const job = { code: LOOP, tests: ['assert spin(1000) == 1000', 'assert spin(10) == 10'], workLimit: 10 ** 9 };
    const [a, b] = await Promise.all([oracle.run(job), oracle.run({ ...job, code: `${LOOP}\n` })]);
    expect(a.tests).toEqual(['pass', 'pass']);
    expect(a.work).toBeGreaterThan(1000);
    expect(b.work).toBe(a.work);
    expect(a.workLimited).toBeUndefined();
  }, 60_000);

  it('ends a job that never leaves its loop with TIMEOUT long before the time budget, saying so', async () => {
    const started = performance.now();
    const r = await oracle.run({
      code: LOOP,
      tests: ['assert spin(6) == 6', 'assert spin(7) == 7', 'assert spin(8) == 8'],
      workLimit: 200_000,
    });
    expect(r.tests).toEqual(['pass', 'TIMEOUT', 'TIMEOUT']);
    expect(r.workLimited).toBe(true);
    expect(r.work).toBe(200_001);
    expect(performance.now() - started).toBeLessThan(4000);
  }, 60_000);

  it('is refused for JavaScript jobs', () => {
    expect(() =>
      oracle.run({
        code: 'function f() {}',
        tests: ['assert(f() === undefined)'],
        language: 'javascript',
        workLimit: 10,
      }),
    ).toThrow(/Python jobs only/);
  });
});

describe('work counts in the execution cache', () => {
  let dir: string;
  let oracle: Oracle;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'execret-work-'));
    oracle = await createOracle({ timeoutMs: 5000, concurrency: 1, cacheFile: join(dir, 'cache.jsonl') });
  }, 60_000);
  afterAll(async () => {
    await oracle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('records the limit a job finished within, and answers a job from it only when its own limit is as large', async () => {
    const job = {
      code: 'def count(n):\n    total = 0\n    for i in range(n):\n        total += i\n    return total\n',
      tests: ['assert count(5000) == 12497500'],
    };
    const plain = await oracle.run(job);
    expect(plain.work).toBeUndefined();
    // The line without a work limit does not answer a job with a limit: it is executed and its limit recorded.
    const measured = await oracle.run({ ...job, workLimit: 10 ** 6 });
    expect(measured.cached).toBe(false);
    const work = measured.work as number;
    expect(work).toBeGreaterThan(5000);
    const line = JSON.parse(readFileSync(join(dir, 'cache.jsonl'), 'utf8').trim().split('\n').at(-1) as string);
    expect(line.work_limit).toBe(10 ** 6);
    // The job's own count is kept as a claim, never as what answers a later job.
    expect(line.work).toBe(work);
    expect(await oracle.run({ ...job, workLimit: 10 ** 7 })).toMatchObject({ cached: true, work, tests: ['pass'] });
    // A smaller limit is not answered from the line, even one the claimed count fits: executed again.
    expect(await oracle.run({ ...job, workLimit: work + 1 })).toMatchObject({ cached: false, tests: ['pass'] });
    const cut = await oracle.run({ ...job, workLimit: Math.floor(work / 2) });
    expect(cut).toMatchObject({ cached: false, tests: ['TIMEOUT'], workLimited: true });
  }, 60_000);

  it('answers no job with a work limit from a count a job claimed: a forged count in the cache decides nothing', async () => {
    // A job that evades the line count (its work in a thread the tracer does not follow) and claims a tiny count.
    const job = {
      code: 'import threading\ndef busy():\n    x = 0\n    for i in range(300000):\n        x += i\n    return x\ndef f():\n    out = []\n    t = threading.Thread(target=lambda: out.append(busy()))\n    t.start(); t.join()\n    return out[0]\n',
      tests: ['assert f() == 44999850000'],
    };
    const first = await oracle.run({ ...job, workLimit: 10 ** 9 });
    expect(first).toMatchObject({ cached: false, tests: ['pass'] });
    // Its claim is small (the thread's lines were not counted), far below what the work took.
    expect(first.work as number).toBeLessThan(1000);
    // The old rule answered any limit above the claim from the cache; now only limits ≥ 10^9 are answered.
    const limited = await oracle.run({ ...job, workLimit: 1000 });
    expect(limited.cached).toBe(false);
    expect((await oracle.run({ ...job, workLimit: 10 ** 9 })).cached).toBe(true);
  }, 60_000);
});
