// Two oracles on one host (two terminals, two shards of an array job on one node), both with default
// options, as root: each takes sandbox uids of its own, so a fork-heavy job of one cannot use up the
// other's process allowance (RLIMIT_NPROC counts per uid), and under rlimit a job of one cannot signal or
// inspect the other's job processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJsRunner, createOracle, type Oracle, OracleError, type OracleIsolation } from '../src/index.js';
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

/** Forks children that hold on for a while, as many as the uid's allowance lets it; returns how many. */
const HOG = [
  'import os, time',
  'def hog(seconds):',
  '    made = 0',
  '    try:',
  '        for _ in range(500):',
  '            if os.fork() == 0:',
  '                time.sleep(seconds)',
  '                os._exit(0)',
  '            made += 1',
  '    except OSError:',
  '        pass',
  '    time.sleep(seconds)',
  '    return made',
].join('\n');

describe.each([{ isolation: 'bwrap' as OracleIsolation }, { isolation: 'rlimit' as OracleIsolation }])(
  'two oracles with default options under $isolation',
  ({ isolation }) => {
    const skip = !ROOT || (isolation === 'bwrap' && !HAS_BWRAP);
    let first: Oracle;
    let second: Oracle;

    beforeAll(async () => {
      if (skip) return;
      [first, second] = await Promise.all([
        createOracle({ isolation, concurrency: 2, timeoutMs: 10_000 }),
        createOracle({ isolation, concurrency: 2, timeoutMs: 10_000 }),
      ]);
    }, 60_000);
    afterAll(async () => Promise.all([first?.close(), second?.close()]));

    it.skipIf(skip)('drop their jobs to different uids', () => {
      const a = first.info.sandboxUids ?? [];
      const b = second.info.sandboxUids ?? [];
      expect(a).toHaveLength(2);
      expect(b).toHaveLength(2);
      expect(new Set([...a, ...b]).size).toBe(4);
    });

    it.skipIf(skip)("keep a fork-heavy job of one from using up the other's process allowance", async () => {
      const hogging = first.run({ code: HOG, tests: ['assert hog(2.5) >= 32'] });
      await new Promise((r) => setTimeout(r, 800));
      const threaded = await second.run({
        code: 'import threading\n',
        tests: ['t = threading.Thread(target=lambda: None)\nt.start()\nt.join()', 'assert True'],
      });
      expect(threaded.tests).toEqual(['pass', 'pass']);
      expect((await hogging).tests).toEqual(['pass']);
      expect(leftovers([...(first.info.sandboxUids ?? []), ...(second.info.sandboxUids ?? [])])).toEqual([]);
    });

    it.skipIf(skip || isolation !== 'rlimit')(
      "keep a job of one from signalling the other's job processes (rlimit: they see each other)",
      async () => {
        const victimUids = JSON.stringify(first.info.sandboxUids);
        const victim = first.run({ code: 'import time\n', tests: ['assert time.sleep(2) is None'] });
        await new Promise((r) => setTimeout(r, 500));
        const prober = [
          'import os',
          'def probe():',
          '    seen = denied = 0',
          '    for name in os.listdir("/proc"):',
          '        if not name.isdigit():',
          '            continue',
          '        try:',
          '            with open("/proc/%s/status" % name) as f:',
          '                uid = int([l for l in f if l.startswith("Uid:")][0].split()[1])',
          '        except (OSError, IndexError, ValueError):',
          '            continue',
          `        if uid in ${victimUids} and int(name) != os.getpid():`,
          '            seen += 1',
          '            try:',
          '                os.kill(int(name), 0)',
          '            except PermissionError:',
          '                denied += 1',
          '    return seen, denied',
        ].join('\n');
        const r = await second.run({
          code: prober,
          tests: ['assert probe()[0] > 0', 'assert probe()[0] == probe()[1]'],
        });
        expect(r.tests).toEqual(['pass', 'pass']);
        expect((await victim).tests).toEqual(['pass']);
      },
    );
  },
);

describe('two JavaScript runners with default options', () => {
  it.skipIf(!ROOT)(
    'run their engine processes as different uids, and leave the uids to the next runner',
    async () => {
      const [a, b] = await Promise.all([
        createJsRunner({ concurrency: 2, isolation: 'rlimit' }),
        createJsRunner({ concurrency: 2, isolation: 'rlimit' }),
      ]);
      try {
        const uids = [...(a.info.sandboxUids ?? []), ...(b.info.sandboxUids ?? [])];
        expect(uids).toHaveLength(4);
        expect(new Set(uids).size).toBe(4);
        const job = { code: 'function f(x) { return x + 1; }', tests: ['assert.strictEqual(f(1), 2)'] };
        expect((await a.run(job)).tests).toEqual(['pass']);
        expect((await b.run(job)).tests).toEqual(['pass']);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    },
    60_000,
  );
});
