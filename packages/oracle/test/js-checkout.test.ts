import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJsRunnerFromFiles } from '../src/js/js-runner.js';
import { type RunnerFiles, runnerFiles } from '../src/js/runner-files.js';
import type { JsIsolation, JsJob } from '../src/js/types.js';

// A checkout in a folder the sandbox uid cannot enter (`mktemp -d` makes mode 0700 folders; root's home is
// 0700): the runner's engine files are copied into such a folder, as a clone there would hold them, and the
// runner is started from that copy. Engine processes run as an unprivileged uid when the runner is root, so
// they must not open the checkout's files by path.

const JOB: JsJob = {
  code: 'function add(a, b) { return a + b; }',
  tests: ['assert.strictEqual(add(2, 3), 5)', 'assert.throws(() => { throw new TypeError("t"); }, TypeError)'],
};

/** The runner's engine files copied into `root` (mode 0700), laid out as a checkout with node_modules. */
function privateCheckout(root: string): RunnerFiles {
  const files = runnerFiles();
  const jsDir = join(root, 'packages', 'oracle', 'js');
  cpSync(files.jsDir, jsDir, { recursive: true });
  const place = (pkg: RunnerFiles['quickjs']['core']) => {
    const dest = join(root, 'node_modules', pkg.name);
    mkdirSync(join(dest, '..'), { recursive: true });
    cpSync(pkg.root, dest, { recursive: true, dereference: true });
    return { ...pkg, root: dest };
  };
  return {
    jsDir,
    quickjs: {
      core: place(files.quickjs.core),
      ffiTypes: place(files.quickjs.ffiTypes),
      variant: place(files.quickjs.variant),
    },
  };
}

describe('createJsRunner from a checkout the sandbox uid cannot enter', () => {
  let root: string;
  let files: RunnerFiles;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'execret-js-private-checkout-'));
    expect(statSync(root).mode & 0o777).toBe(0o700);
    files = privateCheckout(root);
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it.each([
    ['quickjs', 'bwrap', 65180],
    ['quickjs', 'rlimit', 65170],
    ['node', 'bwrap', 65160],
    ['node', 'rlimit', 65150],
  ] as const)(
    'runs a %s job under %s when the checkout is in a folder of mode 0700',
    async (engine, isolation: JsIsolation, sandboxUid) => {
      const runner = await createJsRunnerFromFiles(files, { engine, isolation, concurrency: 1, sandboxUid });
      try {
        expect(runner.info.isolation).toBe(isolation);
        const result = await runner.run(JOB);
        expect(result.tests).toEqual(['pass', 'pass']);
        // Nothing of the private folder is shown to the sandbox: the engine files come from the runner's copy.
        expect(runner.info.visiblePaths.some((p) => p.startsWith(root))).toBe(false);
      } finally {
        await runner.close();
      }
    },
    120_000,
  );

  it('removes its copy of the engine files when it closes', async () => {
    const runner = await createJsRunnerFromFiles(files, { isolation: 'bwrap', concurrency: 1, sandboxUid: 65140 });
    const copies = runner.info.visiblePaths.filter((p) => p.endsWith('/js'));
    expect(copies).toHaveLength(1);
    expect(existsSync(copies[0] as string)).toBe(true);
    await runner.close();
    expect(existsSync(copies[0] as string)).toBe(false);
  }, 120_000);
});
