// Class 7 of the third round of attacks (issue 26): a snippet that produces the oracle's own failure outcomes
// — an exception class named like them, the exit status the child once used for a failed setup, a JavaScript
// error of that name — gets its own outcome, cached like any other; only what the oracle itself wrote (it
// could not run the job, the machinery failed) is flagged `infrastructure` and left out of the cache. Before,
// the outcome string decided, so these snippets were never cached and were blamed on the machinery.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOracle, type Oracle } from '../src/index.js';

/** The exit status a job child used to mean "could not be set up" (common.EXIT_SETUP). */
const OLD_SETUP_EXIT = 113;

describe.each([
  { isolation: 'bwrap' as const, sandboxUid: 65270 },
  { isolation: 'rlimit' as const, sandboxUid: 65260 },
])('outcomes a snippet produces under $isolation', ({ isolation, sandboxUid }) => {
  let oracle: Oracle | undefined;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'execret-origin-'));
    oracle = await createOracle({
      isolation,
      concurrency: 1,
      sandboxUid,
      timeoutMs: 5000,
      maxTests: 4,
      cacheFile: join(dir, 'cache.jsonl'),
      javascript: { concurrency: 1 },
    }).catch(() => undefined);
  }, 60_000);
  afterAll(async () => {
    await oracle?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const cachedLines = (): string[] => readFileSync(join(dir, 'cache.jsonl'), 'utf8').split('\n').filter(Boolean);

  it('keeps an exception named like the oracle failures as the snippet outcome, and caches it', async (ctx) => {
    if (!oracle) return ctx.skip();
    const job = {
      code: 'class OracleServerLost(Exception):\n    pass\nclass OracleSetupError(Exception):\n    pass\n',
      tests: ['raise OracleServerLost("fork server exited")', 'assert (_ for _ in ()).throw(OracleSetupError("x"))'],
    };
    const first = await oracle.run(job);
    expect(first.tests).toEqual(['ERROR:OracleServerLost: fork server exited', 'ERROR:OracleSetupError: x']);
    expect(first.infrastructure).toBeUndefined();
    expect((await oracle.run(job)).cached).toBe(true);
  }, 30_000);

  it('takes an exit with the old setup status, after the setup, for the snippet exiting', async (ctx) => {
    if (!oracle) return ctx.skip();
    const job = { code: 'import os\n', tests: [`os._exit(${OLD_SETUP_EXIT})`, 'assert True'] };
    const first = await oracle.run(job);
    expect(first.tests).toEqual([
      `ERROR:ChildExited: exit status ${OLD_SETUP_EXIT} before reporting`,
      `ERROR:ChildExited: exit status ${OLD_SETUP_EXIT} before reporting`,
    ]);
    expect(first.infrastructure).toBeUndefined();
    expect((await oracle.run(job)).cached).toBe(true);
  }, 30_000);

  it('keeps a JavaScript error named like the oracle failures as the snippet outcome, and caches it', async (ctx) => {
    if (!oracle) return ctx.skip();
    const job = {
      code: 'class OracleServerLost extends Error { constructor(m) { super(m); this.name = "OracleServerLost"; } }',
      tests: ['assert.strictEqual((() => { throw new OracleServerLost("gone"); })(), 1)'],
      language: 'javascript' as const,
    };
    const first = await oracle.run(job);
    expect(first.tests).toEqual(['ERROR:OracleServerLost: gone']);
    expect(first.infrastructure).toBeUndefined();
    expect((await oracle.run(job)).cached).toBe(true);
  }, 60_000);

  it('flags what the oracle wrote itself (a job it could not run) and caches nothing of it', async (ctx) => {
    if (!oracle) return ctx.skip();
    const before = cachedLines().length;
    const tooMany = { code: 'x = 1\n', tests: ['assert x', 'assert x', 'assert x', 'assert x', 'assert x'] };
    const python = await oracle.run(tooMany);
    expect(python.tests[0]).toMatch(/^ERROR:OracleLimit: /);
    expect(python.infrastructure).toBe(true);
    const js = await oracle.run({
      ...tooMany,
      code: 'let x = 1;',
      tests: tooMany.tests.map(() => 'assert(x)'),
      language: 'javascript',
    });
    expect(js.tests[0]).toMatch(/^ERROR:OracleLimit: /);
    expect(js.infrastructure).toBe(true);
    expect(cachedLines().length).toBe(before);
  }, 60_000);
});
