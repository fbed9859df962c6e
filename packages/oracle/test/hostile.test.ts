// Hostile snippets against the real sandbox, in every isolation this machine supports.
// For each class: the outcome, the time it took (printed at the end), that nothing a job started is
// still running afterwards, and that nothing was written outside the sandbox.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOracle,
  type Oracle,
  OracleError,
  type OracleIsolation,
  type OracleResult,
  passesSplitJudged,
} from '../src/index.js';
import { leftovers } from './processes.js';

const TIMEOUT_MS = 700;
/** Slack for a job that must end well before its budget (fork, sweep, a loaded 2-core machine). */
const QUICK_MS = TIMEOUT_MS * 0.8;
/** A TIMEOUT job must end soon after its budget, not at some later safety net. */
const LATE_MS = TIMEOUT_MS + 1500;
const ROOT = process.getuid?.() === 0;
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
/** The expected-value hunter (see the file's header). */
const HUNT = readFileSync(new URL('./fixtures/hunt-expected.py', import.meta.url), 'utf8');
/** A fresh expected value the hunter recognises. */
const token = (): string => `execret-expected-${randomBytes(16).toString('hex')}`;
/** Test suites on disk, world-readable, as a dataset being evaluated is: the repository's own. */
const REPO_SUITES = [
  fileURLToPath(new URL('../../dataset/data/mini/data/queries.jsonl', import.meta.url)),
  fileURLToPath(new URL('../../../fixtures/mini-tasks/tasks.jsonl', import.meta.url)),
];
/** A directory snippets are allowed to read in the sandboxPaths test (the hunter's, which holds no secret). */
const FIXTURES_DIR = fileURLToPath(new URL('./fixtures', import.meta.url));
/** Why the file-view tests do not run without bubblewrap. */
const NO_VIEW = 'needs bwrap: under rlimit a snippet sees the whole host filesystem (documented; see the control test)';

async function probeBwrap(): Promise<string | undefined> {
  try {
    const oracle = await createOracle({ isolation: 'bwrap', concurrency: 1, sandboxUid: 65390 });
    await oracle.close();
    return undefined;
  } catch (error) {
    if (OracleError.is(error) && error.code === 'bwrap-unavailable') return error.message;
    throw error;
  }
}
const bwrapProblem = await probeBwrap();
if (bwrapProblem) console.warn(`hostile suite: bwrap unavailable here, only rlimit is tested (${bwrapProblem})`);

const timings: string[] = [];

describe.each([
  { isolation: 'bwrap' as OracleIsolation, sandboxUid: 65400 },
  { isolation: 'rlimit' as OracleIsolation, sandboxUid: 65410 },
])('hostile snippets under $isolation', ({ isolation, sandboxUid }) => {
  const skip = isolation === 'bwrap' && bwrapProblem !== undefined;
  let oracle: Oracle;
  /** Split judging with a longer budget, for the memory-scanning attacks (two children per job). */
  let hunter: Oracle;
  /** The same attacks against judging 'child', where they are expected to succeed. */
  let childJudged: Oracle;
  let listener: Server;
  let port = 0;
  let connections = 0;
  let secretHolder: ChildProcess | undefined;
  const secret = `execret-secret-${randomBytes(8).toString('hex')}`;

  beforeAll(async () => {
    if (skip) return;
    [oracle, hunter, childJudged] = await Promise.all([
      createOracle({ isolation, timeoutMs: TIMEOUT_MS, memoryMb: 128, concurrency: 2, sandboxUid }),
      createOracle({ isolation, timeoutMs: 10_000, concurrency: 1, sandboxUid: sandboxUid - 3 }),
      createOracle({ isolation, timeoutMs: 10_000, concurrency: 1, sandboxUid: sandboxUid - 5, judging: 'child' }),
    ]);
    listener = createServer((socket) => {
      connections++;
      socket.end('hello from the host\n');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as { port: number }).port;
    // A host process holding a secret in its environment, as a CI job or a user shell would.
    secretHolder = spawn('sleep', ['120'], { env: { EXECRET_HOSTILE_SECRET: secret }, stdio: 'ignore' });
  }, 60_000);

  afterAll(async () => {
    secretHolder?.kill('SIGKILL');
    listener?.close();
    await Promise.all([oracle?.close(), hunter?.close(), childJudged?.close()]);
  });

  /** Runs one hostile job and checks the invariants every class shares. */
  async function hostile(name: string, code: string, tests: string[], on: Oracle = oracle): Promise<OracleResult> {
    const result = await on.run({ code, tests });
    timings.push(
      `${isolation.padEnd(6)} ${name.padEnd(34)} ${result.durationMs.toFixed(1).padStart(8)} ms  ${result.status.padEnd(7)} ${JSON.stringify(result.tests).slice(0, 110)}`,
    );
    expect(result.tests).toHaveLength(tests.length);
    expect(result.judged).toHaveLength(tests.length);
    expect(leftovers(on.info.sandboxUids)).toEqual([]);
    return result;
  }

  /** What the hunter reported in its failure message: [tokens, planted found, bytes, readable pids, denied, victims seen]. */
  function hunted(outcome: string): [string[], boolean, number, number[], number, number] {
    const match = /^FAIL: \((.*)\)$/.exec(outcome);
    if (!match) throw new Error(`expected the hunter's FAIL message, received ${outcome}`);
    const json = (match[1] as string).replaceAll("'", '"').replaceAll('True', 'true').replaceAll('False', 'false');
    return JSON.parse(`[${json}]`) as [string[], boolean, number, number[], number, number];
  }

  it.skipIf(skip)('times out an infinite loop', async () => {
    const r = await hostile('infinite loop', 'while True:\n    pass\n', ['assert True', 'assert True']);
    expect(r.tests).toEqual(['TIMEOUT', 'TIMEOUT']);
    expect(r.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(r.durationMs).toBeLessThan(LATE_MS);
  });

  it.skipIf(skip)('times out an infinite loop that ignores every catchable signal', async () => {
    const code = [
      'import signal',
      'for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGALRM, signal.SIGXCPU, signal.SIGUSR1, signal.SIGQUIT):',
      '    signal.signal(s, signal.SIG_IGN)',
      'while True:',
      '    pass',
    ].join('\n');
    const r = await hostile('loop ignoring signals', code, ['assert True']);
    expect(r.tests).toEqual(['TIMEOUT']);
    expect(r.durationMs).toBeLessThan(LATE_MS);
  });

  it.skipIf(skip)('times out a sleep and a self-inflicted SIGSTOP', async () => {
    const sleep = await hostile('sleep', 'import time\ntime.sleep(1000)\n', ['assert True']);
    expect(sleep.tests).toEqual(['TIMEOUT']);
    const stop = await hostile('SIGSTOP itself', 'import os, signal\nos.kill(os.getpid(), signal.SIGSTOP)\n', [
      'assert True',
    ]);
    expect(stop.tests).toEqual(['TIMEOUT']);
    expect(stop.durationMs).toBeLessThan(LATE_MS);
  });

  it.skipIf(skip)('contains a fork bomb and kills every process it made', async () => {
    const before = oracle.stats().killedDescendants;
    const r = await hostile(
      'fork bomb',
      'import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n',
      ['assert True'],
    );
    expect(r.tests).toEqual(['TIMEOUT']);
    expect(r.durationMs).toBeLessThan(LATE_MS);
    expect(oracle.stats().killedDescendants).toBeGreaterThan(before);
  });

  it.skipIf(skip)('turns memory bombs into MemoryError', async () => {
    const r = await hostile('memory bomb', 'blocks = []\n', [
      'x = bytearray(8 * 1024 ** 3)',
      'while True:\n    blocks.append(bytearray(10 ** 7))',
    ]);
    // MemoryError, not TIMEOUT: the address-space limit stops it long before the budget.
    expect(r.tests).toEqual(['ERROR:MemoryError', 'ERROR:MemoryError']);
  });

  it.skipIf(skip)('discards an output flood and times it out', async () => {
    const code =
      'import os, sys\nwhile True:\n    sys.stdout.write("x" * 65536)\n    sys.stderr.write("y" * 65536)\n    os.write(1, b"pass\\n" * 1000)\n';
    const r = await hostile('output flood', code, ['assert True']);
    expect(r.tests).toEqual(['TIMEOUT']);
    expect(r.durationMs).toBeLessThan(LATE_MS);
  });

  it.skipIf(skip)('cannot be faked by printing success markers', async () => {
    const code = [
      'import os, sys',
      'print(\'{"type":"result","id":1,"tests":["pass","pass"]}\')',
      'print("pass"); print("pass", file=sys.stderr)',
      'os.write(1, b\'{"tests":["pass","pass"]}\\n\')',
    ].join('\n');
    const r = await hostile('fake success markers', code, ['assert 1 == 2', 'assert False, "no"']);
    expect(r.tests).toEqual(['FAIL', 'FAIL: no']);
  });

  it.skipIf(skip)('writes nothing outside the sandbox and leaves nothing for the next job', async () => {
    const token = randomBytes(6).toString('hex');
    const targets = [
      `/tmp/execret-hostile-${token}`,
      `/var/tmp/execret-hostile-${token}`,
      `/dev/shm/execret-hostile-${token}`,
      `${PACKAGE_DIR}hostile-${token}`,
      `/root/hostile-${token}`,
      `/etc/hostile-${token}`,
    ];
    const code = [
      'import os',
      'written = []',
      `for path in ${JSON.stringify([...targets, `hostile-${token}`])}:`,
      '    try:',
      '        with open(path, "w") as f:',
      '            f.write("pwned")',
      '        written.append(path)',
      '    except OSError:',
      '        pass',
      'try:',
      `    os.mkdir("/tmp/execret-hostile-dir-${token}")`,
      `    open("/tmp/execret-hostile-dir-${token}/x", "w").write("pwned")`,
      'except OSError:',
      '    pass',
    ].join('\n');
    const r = await hostile('writing files', code, ['assert True', 'assert "/etc" not in " ".join(written)']);
    expect(r.tests).toEqual(['pass', 'pass']);
    const all = [...targets, `/tmp/execret-hostile-dir-${token}`];
    if (ROOT || isolation === 'bwrap') {
      for (const path of all) expect(existsSync(path), path).toBe(false);
    } else {
      // Documented: rlimit without root writes as the calling user. Clean up what it wrote.
      expect(existsSync(`/tmp/execret-hostile-${token}`)).toBe(true);
      for (const path of all) {
        try {
          rmSync(path, { recursive: true, force: true });
        } catch {
          // not ours to remove: it was not written either
        }
      }
    }
    // The next job sees an empty scratch directory (bwrap) or none of the files (rlimit).
    const next = await hostile('scratch is clean afterwards', 'import os\n', [
      `assert not os.path.exists("/tmp/execret-hostile-${token}")`,
      `assert not os.path.exists("/tmp/execret-hostile-dir-${token}")`,
    ]);
    expect(next.tests).toEqual(['pass', 'pass']);
  });

  it.skipIf(skip)('reaches the host loopback only without bwrap', async () => {
    const before = connections;
    const code = `import socket\ndef talk():\n    with socket.create_connection(("127.0.0.1", ${port}), timeout=0.5) as s:\n        return s.recv(100)\n`;
    const r = await hostile('network connection', code, ['assert talk().startswith(b"hello")']);
    if (isolation === 'bwrap') {
      expect(r.tests[0]).toMatch(/^ERROR:(ConnectionRefusedError|OSError)/);
      expect(connections).toBe(before);
    } else {
      expect(r.tests).toEqual(['pass']);
      expect(connections).toBe(before + 1);
    }
  });

  it.skipIf(skip)('sees no secret in its environment nor in host processes', async () => {
    const code = [
      'import os',
      'found = [k for k, v in os.environ.items() if "execret-secret" in v or k in ("HOME", "USER", "EXECRET_HOSTILE_SECRET")]',
      'for pid in os.listdir("/proc"):',
      '    try:',
      '        with open("/proc/%s/environ" % pid, "rb") as f:',
      '            if b"execret-secret" in f.read():',
      '                found.append(pid)',
      '    except OSError:',
      '        pass',
    ].join('\n');
    const r = await hostile('environment secrets', code, [
      'assert not found, found',
      "assert open('/etc/shadow').read() == ''",
    ]);
    if (ROOT || isolation === 'bwrap') expect(r.tests[0]).toBe('pass');
    else expect(r.tests[0]).toMatch(/^FAIL/); // rlimit without root: same uid as the host processes
    // Under bwrap /etc holds only the loader's cache and the local time zone: no shadow file at all.
    expect(r.tests[1]).toMatch(isolation === 'bwrap' ? /^ERROR:FileNotFoundError/ : /^ERROR:PermissionError/);
  });

  it.skipIf(skip)('cannot kill its fork server or the Node process', async () => {
    // Without root and bwrap the child has the uid of Node itself and would kill the test runner.
    const killNode = ROOT || isolation === 'bwrap';
    const r = await hostile('kill the parent and Node', 'import os, signal\n', [
      killNode ? `os.kill(${process.pid}, signal.SIGKILL)` : 'assert True',
      'os.kill(os.getppid(), signal.SIGKILL)',
      'assert True',
    ]);
    if (ROOT) {
      expect(r.tests[0]).toMatch(isolation === 'bwrap' ? /^ERROR:ProcessLookupError/ : /^ERROR:PermissionError/);
      expect(r.tests[1]).toMatch(/^ERROR:PermissionError/);
      expect(r.tests[2]).toBe('pass');
    } else {
      // Same uid as its server: it can kill it; the job is blamed and the pool replaces the server.
      for (const outcome of r.tests) expect(outcome).toMatch(/^ERROR:OracleServerLost/);
    }
    const next = await oracle.run({ code: 'def f():\n    return 1\n', tests: ['assert f() == 1'] });
    expect(next.tests).toEqual(['pass']);
  });

  it.skipIf(skip || (!ROOT && isolation === 'rlimit'))('hurts no neighbour job with kill(-1)', async () => {
    const neighbour = oracle.run({ code: 'import time\n', tests: ['time.sleep(0.3)', 'assert True'] });
    const r = await hostile('kill(-1, SIGKILL)', 'import os, signal\nimport time\ntime.sleep(0.05)\n', [
      'os.kill(-1, signal.SIGKILL)',
    ]);
    // Linux never signals the caller itself with kill(-1); as root every other process is another uid
    // (or, under bwrap, in another pid namespace), so nothing is hit at all.
    if (ROOT) expect(r.tests).toEqual(['pass']);
    else expect(r.tests[0]).toMatch(/^ERROR:/);
    expect((await neighbour).tests).toEqual(['pass', 'pass']);
  });

  it.skipIf(skip)('reports every way of exiting as an error, never a pass', async () => {
    const r = await hostile('sys.exit / SystemExit / KeyboardInterrupt', 'import os, signal, sys\n', [
      'sys.exit(0)',
      'raise SystemExit',
      'raise KeyboardInterrupt',
      'os.kill(os.getpid(), signal.SIGINT); import time; time.sleep(1)',
    ]);
    expect(r.tests).toEqual([
      'ERROR:SystemExit: 0',
      'ERROR:SystemExit',
      'ERROR:KeyboardInterrupt',
      'ERROR:KeyboardInterrupt',
    ]);
    const hard = await hostile('os._exit(0)', 'import os\nos._exit(0)\n', ['assert True', 'assert True']);
    expect(hard.tests).toEqual([
      'ERROR:ChildExited: exit status 0 before reporting',
      'ERROR:ChildExited: exit status 0 before reporting',
    ]);
    const atImport = await hostile('sys.exit at module level', 'import sys\nsys.exit(0)\n', ['assert True']);
    expect(atImport.tests).toEqual(['ERROR:SystemExit: 0']);
  });

  it.skipIf(skip)(
    'keeps judging correctly when builtins, modules and the server globals are monkeypatched',
    async () => {
      const code = [
        'import builtins, json, os, struct, sys',
        'import __main__',
        'builtins.AssertionError = type("AssertionError", (Exception,), {})',
        'builtins.issubclass = lambda *a: False',
        'builtins.isinstance = lambda *a: True',
        'builtins.type = lambda *a: int',
        'os.write = lambda fd, data: len(data)',
        'struct.pack = lambda *a: b""',
        'json.dumps = lambda *a, **k: \'{"tests":["pass"]}\'',
        'for name in list(vars(__main__)):',
        '    if name.isupper() or name in ("describe", "valid_outcome", "child_main"):',
        '        setattr(__main__, name, None)',
        'builtins.str = lambda *a: "pass"',
      ].join('\n');
      const r = await hostile('monkeypatched builtins', code, [
        'assert 1 == 2',
        'assert False, "x"',
        'raise ValueError("v")',
        'assert 1 == 1',
      ]);
      expect(r.tests).toEqual(['FAIL', 'FAIL: x', 'ERROR:ValueError: v', 'pass']);
    },
  );

  it.skipIf(skip)('keeps judging correctly when every module of the fork server is monkeypatched', async () => {
    // The server is a package of modules (python/execret_fork_server): a child can reach all of them
    // through sys.modules. The reporter bound what it uses before any untrusted code ran.
    const code = [
      'import sys',
      'for name, module in list(sys.modules.items()):',
      '    if name.startswith("execret_fork_server") or name == "__main__":',
      '        for attr in list(vars(module)):',
      '            if not attr.startswith("__"):',
      '                try:',
      '                    setattr(module, attr, None)',
      '                except Exception:',
      '                    pass',
      'def f():',
      '    return 1',
    ].join('\n');
    const r = await hostile('monkeypatched server modules', code, [
      'assert f() == 2',
      'assert False, "x"',
      'raise ValueError("v")',
      'assert f() == 1',
      'assert f() == f()',
    ]);
    expect(r.tests).toEqual(['FAIL', 'FAIL: x', 'ERROR:ValueError: v', 'pass', 'pass']);
  });

  it.skipIf(skip)('reports a segfault as ChildKilled', async () => {
    const r = await hostile('segfault', 'import ctypes\n', ['assert True', 'ctypes.string_at(0)', 'assert True']);
    expect(r.tests).toEqual([
      'pass',
      'ERROR:ChildKilled: killed by SIGSEGV before reporting',
      'ERROR:ChildKilled: killed by SIGSEGV before reporting',
    ]);
  });

  it.skipIf(skip)('reports infinite recursion as RecursionError', async () => {
    const r = await hostile('infinite recursion', 'def f(n):\n    return f(n + 1)\n', ['f(0)']);
    expect(r.tests).toEqual(['ERROR:RecursionError: maximum recursion depth exceeded']);
  });

  it.skipIf(skip)('gives an empty stdin', async () => {
    const r = await hostile('reading stdin', 'import sys\n', ['input()', "assert sys.stdin.read() == ''"]);
    expect(r.tests).toEqual(['ERROR:EOFError: EOF when reading a line', 'pass']);
  });

  it.skipIf(skip)('kills orphaned processes, including ones that left the session', async () => {
    const before = oracle.stats().killedDescendants;
    const code = [
      'import os, subprocess, time',
      'subprocess.Popen(["sleep", "1000"])',
      'r, w = os.pipe()',
      'if os.fork() == 0:',
      '    os.setsid()',
      '    if os.fork() == 0:',
      '        os.write(w, b"x")',
      '        time.sleep(1000)',
      '    os._exit(0)',
      'os.read(r, 1)  # the grandchild exists and has left the session before the test runs',
    ].join('\n');
    const r = await hostile('orphaned processes', code, ['assert True']);
    expect(r.tests).toEqual(['pass']);
    expect(r.durationMs).toBeLessThan(QUICK_MS);
    expect(oracle.stats().killedDescendants).toBeGreaterThan(before);
  });

  it.skipIf(skip)('does not wait for threads or atexit handlers', async () => {
    const threads = await hostile(
      'non-daemon thread',
      'import threading, time\nthreading.Thread(target=time.sleep, args=(1000,)).start()\n',
      ['assert True'],
    );
    expect(threads.tests).toEqual(['pass']);
    expect(threads.durationMs).toBeLessThan(QUICK_MS);
    const atexit = await hostile('atexit hang', 'import atexit, time\natexit.register(time.sleep, 1000)\n', [
      'assert True',
    ]);
    expect(atexit.tests).toEqual(['pass']);
    expect(atexit.durationMs).toBeLessThan(QUICK_MS);
  });

  it.skipIf(skip)('rejects blind writes to the result channel and a closed channel', async () => {
    const blind = await hostile(
      'blind writes to every fd',
      'import os\nfor fd in range(3, 1024):\n    try:\n        os.write(fd, bytes(20) + b"pass")\n    except OSError:\n        pass\n',
      ['assert False'],
    );
    expect(blind.tests).toEqual(["ERROR:ReportTampered: result frame without the job's nonce"]);
    const closed = await hostile('closing every fd', 'import os\nos.closerange(3, 1 << 16)\n', ['assert True']);
    expect(closed.tests).toEqual(['ERROR:ChildExited: exit status 114 before reporting']);
  });

  it.skipIf(skip)('survives an exception whose __str__ raises', async () => {
    const r = await hostile(
      'hostile __str__',
      'class E(Exception):\n    def __str__(self):\n        raise RuntimeError("no")\n',
      ['raise E()'],
    );
    expect(r.tests).toEqual(['ERROR:E: <str() of the exception failed>']);
  });

  // The reporter's secrets as an attacker who read this package's source finds them: the nonce, the
  // result socket and the items it was sent, in the locals of the frame that runs the snippet.
  const FORGER = [
    'import os, struct, sys',
    'f = sys._getframe()',
    'while f is not None and "nonce" not in f.f_locals:',
    '    f = f.f_back',
    'L = f.f_locals',
    'def send(i, kind, payload):',
    '    os.write(L["rfd"], L["nonce"] + struct.pack("<HBI", i, kind, len(payload)) + payload)',
    'def forge(payload_for):',
    '    for i, (mode, _code) in enumerate(L["items"]):',
    '        send(i, *payload_for(mode))',
    '    send(0xFFFF, 3, b"")',
    '    os._exit(0)',
    'def is_prime(n):',
    '    return n > 1 and all(n % d for d in range(2, n))',
    'def f(x):',
    '    return 0',
  ].join('\n');

  it.skipIf(skip)("cannot forge a pass for a split-judged test by writing the reporter's frames", async () => {
    // 1. Outcome frames saying "pass": refused for a test whose verdict belongs to the judge.
    const passes = await hostile('forged pass frames', `${FORGER}\nforge(lambda mode: (0, b"pass"))\n`, [
      'assert f(3) == 17',
      'assert f(4) == 99',
    ]);
    expect(passes.judged).toEqual(['split', 'split']);
    for (const outcome of passes.tests)
      expect(outcome).toBe('ERROR:ReportTampered: a pass reported for a test that is judged outside the child');
    // 2. Value frames with a guess: the judge compares the guess with an expected value the child never
    //    saw. Guessing True passes a truthiness assert (the one bit the child cannot see is the polarity).
    const guesses = await hostile('forged values (guess True)', `${FORGER}\nforge(lambda mode: (1, b'["T"]'))\n`, [
      'assert f(3) == 17',
      'assert is_prime(4)',
      'assert not is_prime(9)',
      'assert f(2) in [5, 6]',
    ]);
    expect(guesses.judged).toEqual(['split', 'split', 'split', 'split']);
    expect(guesses.tests).toEqual(['FAIL', 'pass', 'FAIL', 'FAIL']);
    // 3. Tests made of literals only: the judge knows the verdict and ignores the child's value.
    const literal = await hostile('forged values (literal asserts)', `${FORGER}\nforge(lambda mode: (1, b'["T"]'))\n`, [
      'assert False',
      'assert 1 == 2',
    ]);
    expect(literal.tests).toEqual([
      'ERROR:ReportTampered: a value reported for a test without a probe',
      'ERROR:ReportTampered: a value reported for a test without a probe',
    ]);
    // 4. Claiming that the value is not plain data no longer moves the test to a second child (which could
    //    forge it; before, the result was { tests: ['pass'], judged: ['fallback'] }): the judge refuses.
    const downgrade = await hostile(
      'forged "unserializable", then pass',
      `${FORGER}\nforge(lambda mode: (2, b"") if mode == 1 else (0, b"pass"))\n`,
      ['assert f(3) == 17'],
    );
    expect(downgrade).toMatchObject({
      tests: ['ERROR:Unjudgeable: the tested value could not be reported as data (beyond the limits)'],
      judged: ['split'],
      status: 'error',
    });
    expect(passesSplitJudged(downgrade)).toBe(false);
  });

  it.skipIf(skip)('cannot stall the judge with a forged value full of hash collisions', async () => {
    // 20,000 ints that all hash alike (multiples of 2**61 - 1): rebuilding that set would take seconds.
    const payload = `('["S",' + ",".join('["i","%x"]' % (k * ((1 << 61) - 1)) for k in range(1, 20001)) + ']').encode()`;
    const r = await hostile(
      'forged value with hash collisions',
      `${FORGER}\nforge(lambda mode: (1, ${payload}) if mode == 1 else (0, b"FAIL"))\n`,
      ['assert f(3) == {17}'],
    );
    expect(r.tests[0]).not.toBe('pass');
    expect(r.durationMs).toBeLessThan(QUICK_MS);
  });

  it.skipIf(skip)('is forged by the same attack for tests judged in the child (documented residual risk)', async () => {
    // A test of another shape (both sides computed) and every test under judging 'child' are judged in
    // the process the snippet runs in: the forgery works, as the README says.
    const shape = await hostile('forgery, child-judged shape', `${FORGER}\nforge(lambda mode: (0, b"pass"))\n`, [
      'assert f(3) == f(3) + 17',
    ]);
    expect(shape).toMatchObject({ tests: ['pass'], judged: ['child'] });
    const child = await hostile(
      'forgery, judging child',
      `${FORGER}\nforge(lambda mode: (0, b"pass"))\n`,
      ['assert f(3) == 17', 'assert False'],
      childJudged,
    );
    expect(child).toMatchObject({ tests: ['pass', 'pass'], judged: ['child', 'child'] });
  });

  it.skipIf(skip)(
    'finds no expected value in its objects, its stack, its memory, other processes or the environment',
    async () => {
      // Earlier jobs of the same suite (an honest canonical) leave nothing behind for a later hostile one.
      const expected = token();
      const honest = await hunter.run({
        code: `def answer():\n    return ${JSON.stringify(expected)}\n`,
        tests: [`assert answer() == ${JSON.stringify(expected)}`],
      });
      expect(honest).toMatchObject({ tests: ['pass'], judged: ['split'] });
      const r = await hostile(
        'hunt for the expected value',
        `OTHER_UIDS = set()\n${HUNT}`,
        [`assert hunt()[0] == ${JSON.stringify(expected)}, repr(hunt()[1:])`],
        hunter,
      );
      expect(r.judged).toEqual(['split']);
      const [tokens, planted, scanned, readable, denied] = hunted(r.tests[0] as string);
      expect(tokens).toEqual([]);
      // The scan was real: it found the token the snippet planted, read megabytes of its own memory and
      // was refused the memory of the other processes (its zygote, the judge, Node: other uids).
      expect(planted).toBe(true);
      expect(scanned).toBeGreaterThan(1_000_000);
      expect(denied).toBeGreaterThan(0);
      if (ROOT) expect(readable).toEqual([]);
    },
  );

  it.skipIf(skip)(
    'finds the expected value with the same hunt when it is in its memory (the attack is real)',
    async () => {
      // Judging 'child': the whole test, literal included, is in the child.
      const expected = token();
      const child = await hostile(
        'hunt, judging child',
        `OTHER_UIDS = set()\n${HUNT}`,
        [`assert hunt()[0] == ${JSON.stringify(expected)}, repr(hunt()[1:])`],
        childJudged,
      );
      expect(child).toMatchObject({ tests: ['pass'], judged: ['child'] });
      // Split judging, but the literal also appears in a child-judged test of the same suite (documented).
      const other = token();
      const leak = await hostile(
        'hunt, literal in a child-judged test',
        `OTHER_UIDS = set()\n${HUNT}`,
        [
          `assert hunt()[0] == ${JSON.stringify(other)}, repr(hunt()[1:])`,
          `assert hunt() and ${JSON.stringify(other)}`,
        ],
        hunter,
      );
      expect(leak).toMatchObject({ tests: ['pass', 'pass'], judged: ['split', 'child'] });
    },
  );

  it.skipIf(skip)('cannot read the expected value of a job running at the same time', async () => {
    // The victim, judged in its child, holds its literal for a second; the hunter looks at every process.
    const secretOfVictim = token();
    const victim = childJudged.run({
      code: 'import time\n',
      tests: [`assert time.sleep(1.5) is None and ${JSON.stringify(secretOfVictim)}`],
    });
    await new Promise((r) => setTimeout(r, 100));
    const victimUids = isolation === 'rlimit' ? (childJudged.info.sandboxUids ?? []) : [];
    const r = await hunter.run({
      code: `OTHER_UIDS = set(${JSON.stringify(victimUids)})\n${HUNT}`,
      tests: [`assert hunt()[0] == ${JSON.stringify(token())}, repr(hunt()[1:])`],
    });
    timings.push(
      `${isolation.padEnd(6)} ${'hunt in a concurrent job'.padEnd(34)} ${r.durationMs.toFixed(1).padStart(8)} ms  ${r.status.padEnd(7)} ${JSON.stringify(r.tests).slice(0, 110)}`,
    );
    const [tokens, planted, , readable, , victims] = hunted(r.tests[0] as string);
    expect(tokens).toEqual([]);
    expect(planted).toBe(true);
    if (ROOT) expect(readable).toEqual([]);
    // Without bwrap the victim is visible (and refused); under bwrap each server has its own pid namespace.
    if (isolation === 'rlimit' && ROOT) expect(victims).toBeGreaterThan(0);
    expect((await victim).tests).toEqual(['pass']);
    expect(leftovers([...(hunter.info.sandboxUids ?? []), ...(childJudged.info.sandboxUids ?? [])])).toEqual([]);
  });

  describe('filesystem view', () => {
    /** A world-readable file outside the sandbox's view, in a fresh temporary directory (0755). */
    let secretDir = '';
    let secretFile = '';
    const secretText = `execret-on-disk-${randomBytes(12).toString('hex')}`;
    /** Python helpers: read a file, and read it through every /proc/<pid>/root the snippet can see. */
    const READER = [
      'import json, os',
      'def read(path):',
      '    with open(path) as f:',
      '        return f.read(200)',
      'def via_proc(path):',
      '    found = []',
      '    for pid in os.listdir("/proc"):',
      '        if pid.isdigit():',
      '            try:',
      '                found.append(read("/proc/%s/root%s" % (pid, path)))',
      '            except OSError:',
      '                pass',
      '    return found',
      'def ls(path):',
      '    try:',
      '        return sorted(os.listdir(path))',
      '    except OSError as e:',
      '        return type(e).__name__',
    ].join('\n');

    beforeAll(() => {
      // Outside the directories a job under rlimit as root sees only a private scratch of (/tmp, /var/tmp,
      // /dev/shm): /run is the host's own and world-traversable, as a dataset's folder would be.
      secretDir = mkdtempSync(join(ROOT && existsSync('/run') ? '/run' : tmpdir(), 'execret-view-'));
      chmodSync(secretDir, 0o755);
      secretFile = join(secretDir, 'tests.jsonl');
      writeFileSync(secretFile, `${secretText}\n`, { mode: 0o644 });
    });
    afterAll(() => rmSync(secretDir, { recursive: true, force: true }));

    it.skipIf(skip)(
      'cannot read a world-readable test suite outside its view (a temp dir, the dataset, the task file)',
      async (ctx) => {
        ctx.skip(isolation !== 'bwrap', NO_VIEW);
        const files = [secretFile, ...REPO_SUITES];
        for (const file of REPO_SUITES) expect(existsSync(file), file).toBe(true);
        // What a forger needs: the first 200 characters, which it would return as its answer.
        const contents = files.map((file) => readFileSync(file, 'utf8').slice(0, 200));
        const tests = files.flatMap((file, i) => [
          `assert read(${JSON.stringify(file)}) == ${JSON.stringify(contents[i])}`,
          `assert via_proc(${JSON.stringify(file)}) == [${JSON.stringify(contents[i])}]`,
          `assert False, json.dumps(via_proc(${JSON.stringify(file)}))`,
        ]);
        const r = await hostile('read suites from disk', READER, tests);
        for (let i = 0; i < files.length; i++) {
          expect(r.tests[3 * i], files[i]).toMatch(/^ERROR:(FileNotFoundError|PermissionError)/);
          expect(r.tests[3 * i + 1], files[i]).toBe('FAIL');
          expect(r.tests[3 * i + 2], files[i]).toBe('FAIL: []');
        }
        for (const outcome of r.tests) expect(outcome).not.toContain(secretText);
      },
    );

    it.skipIf(skip)('reads the same file without bwrap (documented: keep suites unreadable by others)', async (ctx) => {
      ctx.skip(isolation !== 'rlimit', 'control for rlimit only: under bwrap the file is not there');
      const r = await hostile('read a suite from disk (control)', READER, [
        `assert read(${JSON.stringify(secretFile)}) == ${JSON.stringify(`${secretText}
`)}`,
      ]);
      expect(r.tests).toEqual(['pass']);
      expect(oracle.info.visiblePaths).toEqual(['/']);
      expect(oracle.info.warnings.join(' ')).toMatch(/dataset, test suite or execution cache in a world-readable file/);
    });

    it.skipIf(skip)(
      'lists nothing but its binds in /, /etc, /home, /work, /root, /usr/local/etc and the repository',
      async (ctx) => {
        ctx.skip(isolation !== 'bwrap', NO_VIEW);
        const visible = oracle.info.visiblePaths;
        expect(visible).not.toContain('/');
        for (const path of visible)
          expect(/^\/(work|home|tmp|var|srv|mnt|proc|dev)(\/|$)/.test(path), path).toBe(false);
        // What each directory may hold: the next component of a visible path, and the sandbox's own entries.
        const allowed = (dir: string): Set<string> => {
          const names = new Set(
            visible
              .filter((v) => v.startsWith(dir === '/' ? '/' : `${dir}/`) && v !== dir)
              .map((v) => v.slice(dir === '/' ? 1 : dir.length + 1).split('/')[0] as string),
          );
          if (dir === '/')
            for (const name of ['tmp', 'proc', 'dev', 'bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32', 'etc'])
              names.add(name);
          if (dir === '/etc') names.add('localtime');
          return names;
        };
        const dirs = [
          '/',
          '/etc',
          '/home',
          '/work',
          '/root',
          '/var',
          '/srv',
          '/mnt',
          '/opt',
          '/usr/local/etc',
          PACKAGE_DIR.replace(/\/$/, ''),
          dirname(REPO_SUITES[0] as string),
          secretDir,
        ];
        const r = await hostile(
          'list directories',
          READER,
          dirs.map((d) => `assert False, json.dumps(ls(${JSON.stringify(d)}))`),
        );
        dirs.forEach((dir, i) => {
          const listing = JSON.parse((r.tests[i] as string).replace(/^FAIL: /, '')) as string[] | string;
          const names = allowed(dir);
          if (typeof listing === 'string') {
            // Absent, or (a 0700 /root of the host) not listable by the sandbox uid.
            expect(names.size === 0 ? ['FileNotFoundError'] : ['FileNotFoundError', 'PermissionError'], dir).toContain(
              listing,
            );
          } else {
            for (const name of listing) expect([...names], `${dir}: ${name}`).toContain(name);
          }
        });
        const root = JSON.parse((r.tests[0] as string).replace(/^FAIL: /, '')) as string[];
        for (const name of ['work', 'home', 'var', 'srv', 'mnt']) expect(root).not.toContain(name);
      },
    );

    it.skipIf(skip)(
      'still runs the standard library, zone files and extension modules the host interpreter has',
      async (ctx) => {
        ctx.skip(isolation !== 'bwrap', NO_VIEW);
        const modules = [
          'sqlite3',
          'ssl',
          'lzma',
          'bz2',
          'zlib',
          'ctypes',
          'curses',
          'readline',
          'dbm',
          '_decimal',
          'uuid',
          'hashlib',
          'multiprocessing',
          'concurrent.futures',
          'xml.etree.ElementTree',
          'unittest',
          'asyncio',
          'colorsys',
          'tkinter',
        ];
        const probe = `import importlib\ndef importable():\n    ok = []\n    for m in ${JSON.stringify(modules)}:\n        try:\n            importlib.import_module(m)\n            ok.append(m)\n        except ImportError:\n            pass\n    return ok\n`;
        const onHost = JSON.parse(
          execFileSync(
            oracle.info.python.executable,
            ['-I', '-c', `${probe}import json; print(json.dumps(importable()))`],
            { encoding: 'utf8' },
          ),
        ) as string[];
        const paris = existsSync('/usr/share/zoneinfo/Europe/Paris');
        const code = [
          'import json, datetime, zoneinfo, collections, itertools, math, re, decimal, fractions, heapq, bisect, string, functools, statistics, os, subprocess, time',
          probe,
        ].join('\n');
        const r = await hostile('standard library in the view', code, [
          `assert importable() == ${JSON.stringify(onHost)}`,
          'assert statistics.mean([1, 2, 3, 4]) == 2.5 and decimal.Decimal("1.1") + 1 == decimal.Decimal("2.1") and fractions.Fraction(1, 3) * 3 == 1',
          'assert heapq.nsmallest(2, [5, 1, 4]) == [1, 4] and bisect.bisect([1, 2, 3], 2) == 2 and string.ascii_lowercase[:3] == "abc"',
          'assert re.sub(r"\\d", "#", "a1b2") == "a#b#" and math.comb(5, 2) == 10 and list(itertools.accumulate([1, 2, 3])) == [1, 3, 6]',
          'assert datetime.date(2024, 2, 29).isoformat() == "2024-02-29" and datetime.datetime.now().astimezone().tzinfo is not None',
          paris
            ? 'assert datetime.datetime(2024, 7, 1, 12, tzinfo=zoneinfo.ZoneInfo("Europe/Paris")).utcoffset() == datetime.timedelta(hours=2)'
            : 'assert True',
          'assert time.localtime().tm_year >= 2024 and os.cpu_count() >= 1',
          'assert subprocess.run(["true"]).returncode == 0',
        ]);
        expect(r.tests).toEqual(Array.from({ length: 8 }, () => 'pass'));
        expect(r.judged[0]).toBe('split');
      },
    );

    it.skipIf(skip)(
      'shows sandboxPaths, and only them, when a user adds a directory',
      async (ctx) => {
        ctx.skip(isolation !== 'bwrap', NO_VIEW);
        // A directory outside /tmp (which the sandbox replaces with its own tmpfs), wherever the checkout lives.
        const base = existsSync('/var/tmp') ? '/var/tmp' : dirname(FIXTURES_DIR);
        const shared = mkdtempSync(join(base, 'execret-sandbox-paths-'));
        chmodSync(shared, 0o755);
        const shown = join(shared, 'visible.txt');
        writeFileSync(shown, `visible ${randomBytes(8).toString('hex')}`);
        chmodSync(shown, 0o644);
        const withData = await createOracle({
          isolation,
          concurrency: 1,
          sandboxUid: sandboxUid - 7,
          sandboxPaths: [shared],
        });
        try {
          expect(withData.info.visiblePaths).toContain(shared);
          expect(withData.info.warnings.join(' ')).toContain(`every snippet can read everything below ${shared}`);
          const r = await hostile(
            'read through sandboxPaths',
            READER,
            [
              `assert read(${JSON.stringify(shown)}) == ${JSON.stringify(readFileSync(shown, 'utf8'))}`,
              `assert read(${JSON.stringify(fileURLToPath(import.meta.url))}) == ""`,
            ],
            withData,
          );
          expect(r.tests[0]).toBe('pass');
          expect(r.tests[1]).toMatch(/^ERROR:FileNotFoundError/);
        } finally {
          await withData.close();
          rmSync(shared, { recursive: true, force: true });
        }
      },
      60_000,
    );
  });

  it.skipIf(skip)('leaves nothing running when all hostile jobs are done', () => {
    expect(leftovers(oracle.info.sandboxUids)).toEqual([]);
  });
});

afterAll(() => {
  if (timings.length > 0) console.log(`hostile suite, timeout ${TIMEOUT_MS} ms:\n${timings.join('\n')}`);
});
