// What a job leaves behind, against the real sandbox in every isolation this machine supports: a job's
// files never reach the next job on the same server nor the host, however the job shapes them (a tree
// thousands of levels deep, directories it locked, a full scratch file system), and the cleanup never acts
// with more privilege than the job over names the job chose (a concurrent job that swaps a directory and
// a symlink under it cannot make it touch a host directory).
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOracle, type Oracle, OracleError, type OracleIsolation } from '../src/index.js';
import { leftovers } from './processes.js';

const ROOT = process.getuid?.() === 0;

async function bwrapWorks(): Promise<boolean> {
  try {
    const oracle = await createOracle({ isolation: 'bwrap', concurrency: 1 });
    await oracle.close();
    return true;
  } catch (error) {
    if (OracleError.is(error) && error.code === 'bwrap-unavailable') return false;
    throw error;
  }
}
const HAS_BWRAP = await bwrapWorks();

/** A snippet that builds a directory `depth` levels deep under `top` (relative steps: no PATH_MAX), with
 * files at the bottom, directories locked (mode 000) on the way, and `fill` files of 1 MiB beside it. */
function deepTree(top: string, depth: number, fill: number): string {
  return [
    'import os',
    'def litter():',
    `    os.chdir(${JSON.stringify('/tmp')})`,
    `    os.mkdir(${JSON.stringify(top)})`,
    `    os.chdir(${JSON.stringify(top)})`,
    `    for i in range(${depth}):`,
    '        os.mkdir("d")',
    '        os.chdir("d")',
    '    for name in ("a", "b", "c"):',
    '        with open(name, "w") as f:',
    '            f.write("left behind")',
    '    os.mkdir("locked")',
    '    with open("locked/x", "w") as f:',
    '        f.write("locked in")',
    '    os.chmod("locked", 0)',
    '    os.symlink("/etc", "etc-link")',
    `    os.chdir(${JSON.stringify(`/tmp/${top}`)})`,
    `    for i in range(${fill}):`,
    '        try:',
    '            with open("fill-%d" % i, "wb") as f:',
    '                f.write(b"x" * (1 << 20))',
    '        except OSError:',
    '            break',
    '    os.chdir("/")',
    '    return True',
  ].join('\n');
}

describe.each([{ isolation: 'bwrap' as OracleIsolation }, { isolation: 'rlimit' as OracleIsolation }])(
  'what a job leaves under $isolation',
  ({ isolation }) => {
    const skip = isolation === 'bwrap' && !HAS_BWRAP;
    let oracle: Oracle;

    beforeAll(async () => {
      if (skip) return;
      // One server: the next job runs where the last one left its files.
      oracle = await createOracle({ isolation, concurrency: 1, timeoutMs: 20_000 });
    }, 60_000);
    afterAll(async () => oracle?.close());

    it.skipIf(skip)(
      'removes a tree thousands of levels deep with locked directories, and the next job has an empty, usable scratch',
      async () => {
        const top = `execret-deep-${randomBytes(6).toString('hex')}`;
        // 64 files of 1 MiB fill the sandbox's 64 MiB /tmp (RLIMIT_FSIZE is 1 MiB per file).
        const r = await oracle.run({ code: deepTree(top, 3000, 64), tests: ['assert litter() is True'] });
        expect(r.tests).toEqual(['pass']);
        const next = await oracle.run({
          code: 'import os, tempfile\n',
          tests: [
            `assert not os.path.exists(${JSON.stringify(`/tmp/${top}`)})`,
            'assert tempfile.gettempdir() == "/tmp"',
            'with tempfile.NamedTemporaryFile() as f:\n    f.write(b"x" * 100000)',
            ...(isolation === 'bwrap' ? ['assert os.listdir("/tmp") == []'] : []),
          ],
        });
        expect(next.tests).toEqual(next.tests.map(() => 'pass'));
        if (ROOT || isolation === 'bwrap') expect(existsSync(`/tmp/${top}`)).toBe(false);
        expect(leftovers(oracle.info.sandboxUids)).toEqual([]);
      },
      120_000,
    );

    it.skipIf(skip || !ROOT || isolation !== 'rlimit')(
      'gives every job its own SysV IPC under rlimit as root: a segment a job made is gone for the next one',
      async () => {
        const key = 0x5e000000 + Math.floor(Math.random() * 0xffff);
        const ipc = [
          'import ctypes',
          'libc = ctypes.CDLL(None, use_errno=True)',
          'IPC_CREAT, IPC_EXCL = 0o1000, 0o2000',
          `def make():
    return libc.shmget(${key}, 4096, IPC_CREAT | IPC_EXCL | 0o666) >= 0`,
          `def find():
    return libc.shmget(${key}, 0, 0) >= 0`,
        ].join('\n');
        expect((await oracle.run({ code: ipc, tests: ['assert make()', 'assert find()'] })).tests).toEqual([
          'pass',
          'pass',
        ]);
        expect((await oracle.run({ code: ipc, tests: ['assert not find()'] })).tests).toEqual(['pass']);
      },
      60_000,
    );
  },
);

describe('the cleanup and a concurrent job that swaps a directory and a symlink', () => {
  // Under rlimit as root, two servers (two sandbox uids) share the host's world-writable directories
  // unless each job has its own. Job A leaves a world-writable directory with a locked subdirectory in it
  // (so a cleanup has to make it traversable); job B, on the other server at the same time, keeps
  // exchanging a directory and a symlink to a host directory inside A's directory (renameat2
  // RENAME_EXCHANGE). A cleanup that follows the symlink would change the host directory's mode.
  const skip = !ROOT;
  let victim: Oracle;
  let attacker: Oracle;
  let target = '';

  beforeAll(async () => {
    if (skip) return;
    // Two oracles of one server each, so that the two jobs surely run at the same time.
    [victim, attacker] = await Promise.all([
      createOracle({ isolation: 'rlimit', concurrency: 1, timeoutMs: 10_000, sandboxUid: 65300 }),
      createOracle({ isolation: 'rlimit', concurrency: 1, timeoutMs: 10_000, sandboxUid: 65290 }),
    ]);
    target = mkdtempSync(join('/var/tmp', 'execret-target-'));
    chmodSync(target, 0o755);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([victim?.close(), attacker?.close()]);
    if (target) rmSync(target, { recursive: true, force: true });
  });

  it.skipIf(skip)(
    "keeps a job's scratch its own: a concurrent job of another oracle, and the host, never see it",
    async () => {
      const shared = `/tmp/execret-private-${randomBytes(6).toString('hex')}`;
      const holder = [
        'import os, time',
        'def hold():',
        `    os.mkdir(${JSON.stringify(shared)})`,
        `    os.chmod(${JSON.stringify(shared)}, 0o777)`,
        `    with open(${JSON.stringify(`${shared}/x`)}, "w") as f:`,
        '        f.write("mine")',
        '    time.sleep(1.5)',
        `    return os.listdir(${JSON.stringify(shared)})`,
      ].join('\n');
      const holding = victim.run({ code: holder, tests: ["assert hold() == ['x']"] });
      await new Promise((r) => setTimeout(r, 700));
      const seenByHost = existsSync(shared);
      const intruder = await attacker.run({
        code: 'import os\n',
        tests: [
          `assert not os.path.exists(${JSON.stringify(shared)})`,
          `assert not os.path.exists(${JSON.stringify(`${shared}/x`)})`,
        ],
      });
      expect(intruder.tests).toEqual(['pass', 'pass']);
      expect(seenByHost).toBe(false);
      expect((await holding).tests).toEqual(['pass']);
      expect(existsSync(shared)).toBe(false);
    },
    60_000,
  );

  it.skipIf(skip)(
    "never changes a host directory's mode through a job's symlink",
    async () => {
      const prefix = `/tmp/execret-race-${randomBytes(6).toString('hex')}`;
      const jobs = (shared: string) => {
        const leaver = [
          'import os',
          'def leave():',
          `    os.mkdir(${JSON.stringify(shared)})`,
          `    os.chmod(${JSON.stringify(shared)}, 0o777)`,
          '    for i in range(4):',
          `        p = ${JSON.stringify(shared)} + "/x%d" % i`,
          '        os.mkdir(p)',
          '        os.mkdir(p + "/locked")',
          '        os.chmod(p + "/locked", 0)',
          '        os.chmod(p, 0o777)',
          '    return True',
        ].join('\n');
        const swapper = [
          `TARGET = ${JSON.stringify(target)}`,
          'import ctypes, os, time',
          'libc = ctypes.CDLL(None, use_errno=True)',
          'def plant(d):',
          '    for make in (lambda: os.mkdir(d + "/m"), lambda: os.symlink(TARGET, d + "/s"),',
          '                 lambda: os.close(os.open(d + "/f", os.O_CREAT | os.O_WRONLY, 0o666))):',
          '        try:',
          '            make()',
          '        except OSError:',
          '            pass',
          'def swap(seconds):',
          '    end = time.monotonic() + seconds',
          `    while not os.path.isdir(${JSON.stringify(`${shared}/x3`)}):`,
          '        if time.monotonic() > end:',
          '            return True',
          `    dirs = [${JSON.stringify(shared)} + "/x%d" % i for i in range(4)]`,
          '    pairs = [(d, (d + "/m").encode(), (d + "/s").encode()) for d in dirs]',
          '    for d in dirs:',
          '        plant(d)',
          '    rename = libc.renameat2',
          '    while time.monotonic() < end:',
          '        for d, a, b in pairs:',
          '            for _ in range(100):',
          '                if rename(-100, a, -100, b, 2) != 0:',
          '                    plant(d)',
          '                    break',
          '    return True',
        ].join('\n');
        return { leaver, swapper };
      };
      const left: boolean[] = [];
      for (let round = 0; round < 6; round++) {
        const shared = `${prefix}-${round}`;
        const { leaver, swapper } = jobs(shared);
        const swapping = attacker.run({ code: swapper, tests: ['assert swap(1.5)'] });
        await new Promise((r) => setTimeout(r, 50));
        const done = await victim.run({ code: leaver, tests: ['assert leave()'] });
        expect(done.tests).toEqual(['pass']);
        await swapping;
        expect((statSync(target).mode & 0o7777).toString(8), `round ${round}`).toBe('755');
        left.push(existsSync(shared));
      }
      expect(left).toEqual(left.map(() => false));
    },
    180_000,
  );
});
