// Classes 4, 5 and 6 of the third round of attacks (issue 26): a job is a unit.
// 4. Every process a job starts ends with it, under every isolation: a swarm of processes that leave their
//    session and keep forking outpaced the zygote's sweep under rlimit as root, lost the job, held the uid's
//    process limit (the next honest threaded job failed) and survived `close()`.
// 5. Its memory is limited as a whole where the host allows a control group per server: with `memoryMb: 128`
//    one job held 659 MB resident across its processes before.
// 6. Its cost is measured from outside: the CPU time of every process and thread of the job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOracle, type Oracle, SERVER_MEMORY_ALLOWANCE_BYTES } from '../src/index.js';
import { listProcesses } from './processes.js';

const ROOT = process.getuid?.() === 0;
const MIB = 1024 * 1024;

/** Processes whose real uid is one of `uids`. */
const processesOf = (uids: readonly number[]): number => listProcesses().filter((p) => uids.includes(p.uid)).length;

/**
 * One oracle for the tests of a `describe` block, started before them and closed after (undefined when this host
 * cannot start it under `options.isolation`: the tests skip).
 */
function oracleForBlock(options: Parameters<typeof createOracle>[0]): { current: Oracle | undefined } {
  const holder: { current: Oracle | undefined } = { current: undefined };
  beforeAll(async () => {
    holder.current = await createOracle(options).catch(() => undefined);
  }, 60_000);
  afterAll(async () => {
    await holder.current?.close();
  });
  return holder;
}

/** Waits up to `ms` for `predicate`, polling. */
async function eventually(predicate: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (predicate()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return predicate();
}

// A swarm: every process loops starting a new session and forking, both parent and child go on, so it grows to
// the uid's process limit and refills whatever is killed (under rlimit as root it outpaced the zygote's sweep).
const SWARM = [
  'import os, time',
  'def swarm():',
  '    if os.fork() == 0:',
  '        while True:',
  '            try:',
  '                os.setsid()',
  '            except OSError:',
  '                pass',
  '            try:',
  '                os.fork()',
  '            except OSError:',
  '                time.sleep(0.0005)',
  '    time.sleep(0.5)',
  '    return 1',
].join('\n');

describe.each([
  { isolation: 'bwrap' as const, sandboxUid: 65230 },
  { isolation: 'rlimit' as const, sandboxUid: 65220 },
])('a job as a unit under $isolation', ({ isolation, sandboxUid }) => {
  const held = oracleForBlock({ isolation, concurrency: 1, sandboxUid, timeoutMs: 3000, memoryMb: 128 });

  it('ends a swarm that leaves its session and keeps forking with its job; the next threaded job runs; nothing survives close()', async (ctx) => {
    const oracle = held.current;
    if (!oracle) return ctx.skip();
    const result = await oracle.run({ code: SWARM, tests: ['assert swarm() == 1'] });
    // The job ends as the snippet's (its budget, or its verdict), never as a lost server.
    expect(result.infrastructure).toBeUndefined();
    expect(result.tests[0]).not.toMatch(/^ERROR:Oracle/);
    expect(oracle.stats().serverRestarts).toBe(0);
    const threads = await oracle.run({
      code: 'import threading\ndef f():\n    out = []\n    ts = [threading.Thread(target=lambda: out.append(1)) for _ in range(8)]\n    [t.start() for t in ts]\n    [t.join() for t in ts]\n    return len(out)\n',
      tests: ['assert f() == 8'],
    });
    expect(threads.tests).toEqual(['pass']);
    const uids = oracle.info.sandboxUids ?? [];
    await oracle.close();
    if (ROOT) expect(await eventually(() => processesOf(uids) === 0, 5000)).toBe(true);
  }, 60_000);
});

describe.each([
  { isolation: 'bwrap' as const, sandboxUid: 65210 },
  { isolation: 'rlimit' as const, sandboxUid: 65200 },
])('the memory of a job as a whole under $isolation', ({ isolation, sandboxUid }) => {
  const held = oracleForBlock({ isolation, concurrency: 1, sandboxUid, timeoutMs: 20_000, memoryMb: 128 });

  it('holds the processes of one job together to memoryMb plus the server allowance', async (ctx) => {
    const oracle = held.current;
    if (!oracle) return ctx.skip();
    if (oracle.info.cgroup.kind === 'none') return ctx.skip(`no control group here: ${oracle.info.cgroup.reason}`);
    // Eight processes of 40 MiB each (each well within the 128 MiB per process), all held at once: 320 MiB.
    const code = [
      'import os, time',
      'def held(n, mib):',
      '    children = []',
      '    for _ in range(n):',
      '        r, w = os.pipe()',
      '        pid = os.fork()',
      '        if pid == 0:',
      '            try:',
      '                block = bytearray(mib << 20)',
      '                for i in range(0, len(block), 4096):',
      '                    block[i] = 1',
      "                os.write(w, b'1')",
      '                time.sleep(3)',
      '            finally:',
      '                os._exit(0)',
      '        os.close(w)',
      '        children.append((pid, r))',
      "    allocated = [(pid, os.read(r, 1) == b'1') for pid, r in children]",
      '    # Held together: allocated, and still alive once every one of them has allocated.',
      '    held = [pid for pid, ok in allocated if ok and os.waitpid(pid, os.WNOHANG)[0] == 0]',
      '    # Gone before the next test, which must find the budget as a job starts with it.',
      '    for pid in held:',
      '        os.kill(pid, 9)',
      '        os.waitpid(pid, 0)',
      '    return len(held)',
    ].join('\n');
    const bound = Math.floor((128 * MIB + SERVER_MEMORY_ALLOWANCE_BYTES) / (40 * MIB));
    const result = await oracle.run({ code, tests: [`assert held(8, 40) <= ${bound}`, 'assert held(2, 40) == 2'] });
    expect(result.tests).toEqual(['pass', 'pass']);
    expect(oracle.info.cgroup).toMatchObject({
      kind: 'per-server',
      memoryBytes: 128 * MIB + SERVER_MEMORY_ALLOWANCE_BYTES,
    });
  }, 60_000);

  it('says so when there is no control group: memoryMb is then per process', async () => {
    const plain = await createOracle({
      isolation: 'rlimit',
      concurrency: 1,
      cgroup: 'off',
      sandboxUid: sandboxUid - 5,
    });
    try {
      expect(plain.info.cgroup).toEqual({ kind: 'none', reason: "option cgroup: 'off'" });
      expect(plain.info.warnings.some((w) => w.startsWith('no control group per server'))).toBe(true);
    } finally {
      await plain.close();
    }
  }, 60_000);
});

describe('the cost of a job, measured from outside it', () => {
  let oracle: Oracle;
  beforeAll(async () => {
    oracle = await createOracle({ concurrency: 1, sandboxUid: 65190, timeoutMs: 10_000 });
  }, 60_000);
  afterAll(async () => {
    await oracle?.close();
  });

  it('counts the CPU of threads and of processes the job started, which no count inside it sees', async () => {
    const code = [
      'import os, threading, time',
      'def spin(seconds):',
      '    end = time.process_time() + seconds',
      '    while time.process_time() < end:',
      '        pass',
      'def f():',
      '    pid = os.fork()',
      '    if pid == 0:',
      '        spin(0.3)',
      '        os._exit(0)',
      '    t = threading.Thread(target=spin, args=(0.2,))',
      '    t.start(); t.join()',
      '    os.waitpid(pid, 0)',
      '    return 1',
    ].join('\n');
    const result = await oracle.run({ code, tests: ['assert f() == 1'] });
    expect(result.tests).toEqual(['pass']);
    expect(result.cpuMs as number).toBeGreaterThanOrEqual(450);
  }, 30_000);
});
