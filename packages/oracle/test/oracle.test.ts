import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codeSha256, testsSha256 } from '@execret/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOracle, type Oracle, OracleError, type OracleJob } from '../src/index.js';
import { jobProcesses, leftovers, serverPythons } from './processes.js';

// Real Python, real sandbox: whatever isolation this machine supports ('auto').
// A uid range of its own so that test files running in parallel do not see each other's processes.
const SANDBOX_UID = 65300;
const TIMEOUT_MS = 1500;

let oracle: Oracle;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'execret-oracle-'));
  oracle = await createOracle({ timeoutMs: TIMEOUT_MS, concurrency: 2, sandboxUid: SANDBOX_UID });
}, 60_000);

afterAll(async () => {
  await oracle?.close();
  rmSync(dir, { recursive: true, force: true });
});

function isOracleError(code: string): (e: unknown) => boolean {
  return (e: unknown) => OracleError.is(e) && e.code === code;
}

describe('oracle.run', () => {
  it('gives every outcome of the release vocabulary when tests pass, fail and raise', async () => {
    const result = await oracle.run({
      code: 'def f(x):\n    return 10 // x\n',
      tests: [
        'assert f(1) == 10',
        'assert f(1) == 11',
        'assert f(1) == 11, "got %d" % f(1)',
        'assert f(0) == 0',
        'assert g(1)',
        "raise ValueError('')",
        'import sys; sys.exit(3)',
      ],
    });
    expect(result.tests).toEqual([
      'pass',
      'FAIL',
      'FAIL: got 10',
      'ERROR:ZeroDivisionError: integer division or modulo by zero',
      "ERROR:NameError: name 'g' is not defined",
      'ERROR:ValueError',
      'ERROR:SystemExit: 3',
    ]);
    expect(result.judged).toEqual(['split', 'split', 'split', 'split', 'split', 'child', 'child']);
    expect(result.status).toBe('error');
    expect(result.cached).toBe(false);
    expect(result.isolation).toBe(oracle.info.isolation);
    expect(result.durationMs).toBeGreaterThan(0);
  });

  it('runs each test against a fresh namespace when tests mutate module globals', async () => {
    const result = await oracle.run({
      code: 'counter = 0\ndef bump():\n    global counter\n    counter += 1\n    return counter\n',
      tests: [
        'assert bump() == 1',
        'assert bump() == 1',
        'assert counter == 0',
        'x = 5',
        "assert 'x' not in globals()",
      ],
    });
    expect(result.tests).toEqual(['pass', 'pass', 'pass', 'pass', 'pass']);
    expect(result.status).toBe('pass');
  });

  it('executes the snippet as __main__ with the real builtins', async () => {
    const result = await oracle.run({
      code: 'import builtins\n',
      tests: ['assert __name__ == "__main__"', 'assert len is builtins.len'],
    });
    expect(result.tests).toEqual(['pass', 'pass']);
  });

  it('gives every test the SyntaxError when the snippet does not compile', async () => {
    const result = await oracle.run({ code: 'def f(:\n    return 1\n', tests: ['assert f() == 1', 'assert True'] });
    expect(result.tests).toHaveLength(2);
    for (const outcome of result.tests) expect(outcome).toMatch(/^ERROR:SyntaxError: .*\(<snippet>, line 1\)$/);
    expect(result.status).toBe('error');
  });

  it('gives only the broken test a SyntaxError when one test does not compile', async () => {
    const result = await oracle.run({
      code: 'def f():\n    return 1\n',
      tests: ['assert f() == 1', 'assert f(', 'assert f() == 2'],
    });
    expect(result.tests[0]).toBe('pass');
    expect(result.tests[1]).toMatch(/^ERROR:SyntaxError: .*\(<test>, line 1\)$/);
    expect(result.tests[2]).toBe('FAIL');
  });

  it('gives every test the exception when the snippet raises while it is executed', async () => {
    const result = await oracle.run({
      code: 'def f():\n    return 1\nraise KeyError("boom")\n',
      tests: ['assert f() == 1', 'assert True'],
    });
    expect(result.tests).toEqual(["ERROR:KeyError: 'boom'", "ERROR:KeyError: 'boom'"]);
  });

  it('cuts messages to maxMessageBytes UTF-8 bytes without splitting a character', async () => {
    const result = await oracle.run({ code: '', tests: ["assert False, 'é' * 1000", "raise ValueError('x' * 5000)"] });
    expect(result.tests[0]).toBe(`FAIL: ${'é'.repeat(150)}`);
    expect(result.tests[1]).toBe(`ERROR:ValueError: ${'x'.repeat(300)}`);
  });

  it('marks the running and every later test TIMEOUT when the suite budget runs out', async () => {
    const result = await oracle.run({
      code: 'def f(x):\n    return x + 1\n',
      tests: ['assert f(1) == 2', 'while True: pass', 'assert f(1) == 2'],
    });
    expect(result.tests).toEqual(['pass', 'TIMEOUT', 'TIMEOUT']);
    expect(result.status).toBe('timeout');
    expect(result.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS);
  });

  it('imports standard-library modules and submodules on demand when they were not preloaded', async () => {
    const result = await oracle.run({
      code: 'import colorsys\nimport email.mime.text\n',
      tests: ['assert colorsys.rgb_to_hsv(1, 0, 0)[0] == 0', "assert 'bücher'.encode('idna') == b'xn--bcher-kva'"],
    });
    expect(result.tests).toEqual(['pass', 'pass']);
  });

  it('returns the hashes of the job when it runs', async () => {
    const job = { code: 'x = 1\n', tests: ['assert x == 1'] };
    const result = await oracle.run(job);
    expect(result.codeSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(result.testsSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['no tests', { code: '', tests: [] }, RangeError],
    ['tests not an array', { code: '', tests: 'assert 1' }, TypeError],
    ['code not a string', { code: 1, tests: ['assert 1'] }, TypeError],
    ['a test not a string', { code: '', tests: ['assert 1', 2] }, TypeError],
  ])('throws at once when the job has %s', (_name, job, type) => {
    expect(() => oracle.run(job as unknown as OracleJob)).toThrow(type);
  });

  it('rejects with aborted when the signal has already fired', async () => {
    await expect(oracle.run({ code: '', tests: ['assert 1'] }, { signal: AbortSignal.abort() })).rejects.toSatisfy(
      isOracleError('aborted'),
    );
  });

  it('replaces a fork server that is killed mid-job and blames only that job', async () => {
    const before = oracle.stats().serverRestarts;
    const running = oracle.run({ code: 'import time\n', tests: ['time.sleep(30)', 'assert True'] });
    // Wait until a server has the job's child, then kill every server of this oracle.
    let servers = serverPythons();
    for (let i = 0; i < 200 && servers.length > 0 && jobProcesses().length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      servers = serverPythons();
    }
    for (const server of servers) process.kill(server.pid, 'SIGKILL');
    const result = await running;
    expect(result.tests).toHaveLength(2);
    for (const outcome of result.tests) expect(outcome).toMatch(/^ERROR:OracleServerLost: /);
    expect(result.status).toBe('error');
    const next = await oracle.run({ code: 'def f():\n    return 2\n', tests: ['assert f() == 2'] });
    expect(next.tests).toEqual(['pass']);
    expect(oracle.stats().serverRestarts).toBeGreaterThan(before);
  }, 60_000);

  it('leaves no process of a job alive when the jobs are done', () => {
    expect(leftovers(oracle.info.sandboxUids)).toEqual([]);
  });
});

describe('oracle.runMany', () => {
  const jobs: OracleJob[] = Array.from({ length: 12 }, (_, i) => ({
    code: `def f(x):\n    return x * ${i}\n`,
    tests: [`assert f(2) == ${2 * i}`, `assert f(3) == ${3 * i + (i % 3 === 0 ? 1 : 0)}`],
  }));

  it('returns results in input order and reports progress after every job', async () => {
    const seen: number[] = [];
    const results = await oracle.runMany(jobs, {
      onProgress: (p) => {
        seen.push(p.index);
        expect(p.total).toBe(jobs.length);
        expect(p.done).toBe(seen.length);
      },
    });
    expect(results.map((r) => r.status)).toEqual(jobs.map((_, i) => (i % 3 === 0 ? 'fail' : 'pass')));
    expect([...seen].sort((a, b) => a - b)).toEqual(jobs.map((_, i) => i));
  });

  it('finishes jobs strictly in input order when concurrency is 1, even if later jobs are faster', async () => {
    const slowFirst: OracleJob[] = [0.3, 0.2, 0.1, 0].map((s) => ({
      code: 'import time\n',
      tests: [`time.sleep(${s})`],
    }));
    const order: number[] = [];
    await oracle.runMany(slowFirst, { concurrency: 1, onProgress: (p) => order.push(p.index) });
    expect(order).toEqual([0, 1, 2, 3]);
  });

  it('rejects with aborted and drops the jobs not yet started when the signal fires', async () => {
    const controller = new AbortController();
    const many: OracleJob[] = Array.from({ length: 40 }, (_, i) => ({
      code: `import time\nx = ${i}\n`,
      tests: ['time.sleep(0.05)'],
    }));
    const before = oracle.stats().executed;
    await expect(
      oracle.runMany(many, {
        onProgress: (p) => (p.done === 2 ? controller.abort(new Error('enough')) : undefined),
        signal: controller.signal,
      }),
    ).rejects.toSatisfy(isOracleError('aborted'));
    await new Promise((r) => setTimeout(r, 500));
    expect(oracle.stats().executed - before).toBeLessThan(many.length / 2);
  });

  it('rejects with the callback error when onProgress throws', async () => {
    await expect(
      oracle.runMany(jobs.slice(0, 3), {
        onProgress: () => {
          throw new Error('callback broke');
        },
      }),
    ).rejects.toThrow('callback broke');
  });

  it('throws RangeError when concurrency is not a positive integer', async () => {
    await expect(oracle.runMany(jobs, { concurrency: 0 })).rejects.toThrow(RangeError);
  });
});

describe('execution cache through createOracle', () => {
  it('answers from the cache across oracles and does not store infrastructure outcomes', async () => {
    const cacheFile = join(dir, 'cache', 'execution_cache.jsonl');
    const job = { code: 'def f():\n    return 1\n', tests: ['assert f() == 1', 'assert f() == 2'] };
    const first = await createOracle({ cacheFile, concurrency: 1, sandboxUid: SANDBOX_UID - 10, maxCodeBytes: 100 });
    try {
      const [a, b] = await Promise.all([first.run(job), first.run(job)]);
      expect(a).toMatchObject({ tests: ['pass', 'FAIL'], cached: false });
      expect(b).toEqual(a);
      expect(first.stats().executed).toBe(1);
      const big = await first.run({ code: `# ${'x'.repeat(200)}\n`, tests: ['assert True'] });
      expect(big.tests[0]).toMatch(/^ERROR:OracleLimit: /);
    } finally {
      await first.close();
    }
    const lines = readFileSync(cacheFile, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      test_results: ['pass', 'FAIL'],
      passes_all_tests: false,
      status: 'fail',
      judged: ['split', 'split'],
    });

    const second = await createOracle({ cacheFile, concurrency: 1, sandboxUid: SANDBOX_UID - 10 });
    try {
      const again = await second.run(job);
      expect(again).toMatchObject({
        tests: ['pass', 'FAIL'],
        judged: ['split', 'split'],
        status: 'fail',
        cached: true,
      });
      expect(second.stats()).toMatchObject({ executed: 0, cacheHits: 1 });
    } finally {
      await second.close();
    }
  }, 60_000);
});

describe('execution cache lines of other writers', () => {
  it('reads a line without judged as judged in the child', async () => {
    const cacheFile = join(dir, 'foreign', 'execution_cache.jsonl');
    const job = { code: 'x = 1\n', tests: ['assert x == 1'] };
    mkdirSync(join(dir, 'foreign'), { recursive: true });
    writeFileSync(
      cacheFile,
      `${JSON.stringify({ code_sha256: codeSha256(job.code), tests_sha256: testsSha256(job.tests), test_results: ['pass'], passes_all_tests: true, status: 'pass' })}\n`,
    );
    const reader = await createOracle({ cacheFile, concurrency: 1, sandboxUid: SANDBOX_UID - 40 });
    try {
      expect(await reader.run(job)).toMatchObject({
        tests: ['pass'],
        judged: ['child'],
        cached: true,
        isolation: 'unknown',
      });
    } finally {
      await reader.close();
    }
  }, 60_000);
});

describe('createOracle', () => {
  it('rejects with python-not-found when the interpreter does not exist', async () => {
    await expect(createOracle({ python: '/nonexistent/python3' })).rejects.toSatisfy(isOracleError('python-not-found'));
  });

  it('rejects with bwrap-unavailable when bwrap is required and missing', async () => {
    await expect(createOracle({ isolation: 'bwrap', bwrap: '/nonexistent/bwrap', concurrency: 1 })).rejects.toSatisfy(
      isOracleError('bwrap-unavailable'),
    );
  }, 60_000);

  it('falls back to rlimit and says why when bwrap is missing under auto', async () => {
    const fallback = await createOracle({ bwrap: '/nonexistent/bwrap', concurrency: 1, sandboxUid: SANDBOX_UID - 20 });
    try {
      expect(fallback.info.isolation).toBe('rlimit');
      expect(fallback.info.fallbackReason).toMatch(/nonexistent/);
      expect(fallback.info.warnings.join(' ')).toMatch(/no bubblewrap/);
      expect((await fallback.run({ code: 'x = 1\n', tests: ['assert x == 1'] })).isolation).toBe('rlimit');
    } finally {
      await fallback.close();
    }
  }, 60_000);

  it.each([
    ['timeoutMs 0', { timeoutMs: 0 }, RangeError],
    ['timeoutMs 1.5', { timeoutMs: 1.5 }, TypeError],
    ['memoryMb 8', { memoryMb: 8 }, RangeError],
    ['isolation docker', { isolation: 'docker' }, RangeError],
    ['judging server', { judging: 'server' }, RangeError],
    ['preloadModules with a path', { preloadModules: ['../x'] }, TypeError],
    ['sandboxPaths not an array', { sandboxPaths: '/usr/share' }, TypeError],
    ['sandboxPaths relative', { sandboxPaths: ['data'] }, TypeError],
    ['sandboxPaths missing', { sandboxPaths: ['/nonexistent/execret-data'] }, RangeError],
    ['sandboxPaths the root', { sandboxPaths: ['/'] }, RangeError],
    ['sandboxPaths /tmp', { sandboxPaths: ['/tmp'] }, RangeError],
    ['sandboxPaths under /proc', { sandboxPaths: ['/proc/self'] }, RangeError],
  ])('rejects malformed options (%s)', async (_name, options, type) => {
    await expect(createOracle(options as never)).rejects.toThrow(type);
  });

  it('rejects queued jobs with closed and new ones too when the oracle is closed', async () => {
    const small = await createOracle({ concurrency: 1, sandboxUid: SANDBOX_UID - 30 });
    const jobs = Array.from({ length: 6 }, (_, i) =>
      small.run({ code: `import time\nx = ${i}\n`, tests: ['time.sleep(0.2)'] }),
    );
    const settled = Promise.allSettled(jobs);
    await small.close();
    const outcomes = await settled;
    expect(outcomes.filter((o) => o.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(rejected.length).toBeGreaterThanOrEqual(1);
    for (const r of rejected) expect(isOracleError('closed')(r.reason)).toBe(true);
    await expect(small.run({ code: '', tests: ['assert 1'] })).rejects.toSatisfy(isOracleError('closed'));
  }, 60_000);
});
