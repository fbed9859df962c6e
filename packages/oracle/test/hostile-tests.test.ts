// Test suites are untrusted too (they come from LLMs): every pathological test gets an outcome or a
// clear error result, the judge never crashes, hangs or evaluates a test's expected side, and the next
// job on the same server is unaffected. And no value a snippet returns makes the judge pass a split test
// it did not decide itself: not an object whose __eq__ always says True, not a lying subclass of a
// built-in type, not a forged report. Both isolations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOracle,
  DEFAULT_MAX_SUITE_BYTES,
  DEFAULT_MAX_TESTS,
  type Oracle,
  OracleError,
  type OracleIsolation,
  type OracleResult,
} from '../src/index.js';
import { leftovers } from './processes.js';

const TIMEOUT_MS = 3000;
/** Well below the budget: a job that must not have waited for anything. */
const QUICK_MS = 2500;

async function bwrapUsable(): Promise<boolean> {
  try {
    const oracle = await createOracle({ isolation: 'bwrap', concurrency: 1, sandboxUid: 65590 });
    await oracle.close();
    return true;
  } catch (error) {
    if (OracleError.is(error) && error.code === 'bwrap-unavailable') return false;
    throw error;
  }
}
const hasBwrap = await bwrapUsable();

/** Liars: objects that claim to equal, contain and order before everything, and lying built-in subclasses. */
const LIARS = `
class Yes:
    def __eq__(self, other): return True
    def __ne__(self, other): return False
    def __lt__(self, other): return True
    __le__ = __gt__ = __ge__ = __lt__
    def __contains__(self, item): return True
    def __bool__(self): return True
    def __len__(self): return 1
    def __hash__(self): return 0
    def __iter__(self): return iter([])

class LInt(int):
    def __eq__(self, other): return True
    def __ne__(self, other): return False
    __hash__ = int.__hash__

class LStr(str):
    def __eq__(self, other): return True
    def __contains__(self, item): return True
    __hash__ = str.__hash__

class LList(list):
    def __eq__(self, other): return True
    def __contains__(self, item): return True
    def __len__(self): return 0

class LDict(dict):
    def __eq__(self, other): return True
    def __contains__(self, item): return True

class LTuple(tuple):
    def __lt__(self, other): return True
    def __eq__(self, other): return True
    __hash__ = tuple.__hash__

class Masked(int):
    # pretends to be a plain int to isinstance() and type() seen through __class__
    __class__ = int
    def __eq__(self, other): return True
    __hash__ = int.__hash__

class Meta(type):
    def __instancecheck__(cls, obj): return True
    def __eq__(cls, other): return True
    __hash__ = type.__hash__

class ViaMeta(metaclass=Meta):
    pass

def f(kind):
    return {"yes": Yes(), "int": LInt(3), "str": LStr("x"), "list": LList([9]), "dict": LDict(a=1),
            "tuple": LTuple((9,)), "masked": Masked(3), "meta": ViaMeta(), "class": ViaMeta}[kind]
`;

/** Misbehaving values: methods that raise, loop, return nonsense. The judge must never call them. */
const MISBEHAVING = `
class RaisingEq:
    def __eq__(self, other): raise RuntimeError("eq")
    __hash__ = None
class LoopingEq:
    def __eq__(self, other):
        while True:
            pass
class ListEq:
    def __eq__(self, other): return [1]
class BadRepr:
    def __repr__(self): raise RuntimeError("repr")
    def __str__(self): raise RuntimeError("str")
class HugeRepr:
    def __repr__(self): return "x" * 10 ** 7
class BadHash:
    def __hash__(self): raise RuntimeError("hash")
class BadBool:
    def __bool__(self): raise RuntimeError("bool")
class NegativeLen:
    def __len__(self): return -1
def g(cls):
    return cls()
`;

const FORGER = [
  'import os, struct, sys',
  'f = sys._getframe()',
  'while f is not None and "nonce" not in f.f_locals:',
  '    f = f.f_back',
  'L = f.f_locals',
  'def forge(payloads):',
  '    for i, (mode, _code) in enumerate(L["items"]):',
  '        payload = payloads[i]',
  '        os.write(L["rfd"], L["nonce"] + struct.pack("<HBI", i, 1, len(payload)) + payload)',
  '    os.write(L["rfd"], L["nonce"] + struct.pack("<HBI", 0xFFFF, 3, 0))',
  '    os._exit(0)',
].join('\n');

const unjudgeable = (what: string): string =>
  `ERROR:Unjudgeable: the test needs the tested value's own ${what}, which only the sandboxed child may run`;

describe.each([
  { isolation: 'bwrap' as OracleIsolation, sandboxUid: 65600 },
  { isolation: 'rlimit' as OracleIsolation, sandboxUid: 65610 },
])('untrusted tests and values under $isolation', ({ isolation, sandboxUid }) => {
  const skip = isolation === 'bwrap' && !hasBwrap;
  let oracle: Oracle;
  let childJudged: Oracle;

  beforeAll(async () => {
    if (skip) return;
    [oracle, childJudged] = await Promise.all([
      createOracle({ isolation, timeoutMs: TIMEOUT_MS, memoryMb: 256, concurrency: 1, sandboxUid }),
      createOracle({ isolation, timeoutMs: TIMEOUT_MS, concurrency: 1, sandboxUid: sandboxUid - 3, judging: 'child' }),
    ]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([oracle?.close(), childJudged?.close()]);
  });

  /** Runs a job, checks the invariants every case shares, then that an honest job on the same server is fine. */
  async function check(code: string, tests: string[], on: Oracle = oracle): Promise<OracleResult> {
    const result = await on.run({ code, tests });
    expect(result.tests).toHaveLength(tests.length);
    expect(result.judged).toHaveLength(tests.length);
    expect(leftovers(on.info.sandboxUids)).toEqual([]);
    const next = await on.run({
      code: 'def h(x):\n    return x + 1\n',
      tests: ['assert h(1) == 2', 'assert h(1) == 3'],
    });
    expect(next.tests).toEqual(['pass', 'FAIL']);
    return result;
  }

  it.skipIf(skip)(
    'passes no split test with an __eq__-always-True object or a lying subclass, where child judging passes them all',
    async () => {
      const kinds = ['yes', 'int', 'str', 'list', 'dict', 'tuple', 'masked', 'meta', 'class'];
      const tests = kinds.flatMap((k) => [
        `assert f(${JSON.stringify(k)}) == 2`,
        `assert f(${JSON.stringify(k)}) == [1, 2]`,
        `assert 3 in f(${JSON.stringify(k)})`,
        `assert f(${JSON.stringify(k)}) in {5}`,
        `assert f(${JSON.stringify(k)}) < 0`,
      ]);
      const split = await check(LIARS, tests);
      expect(tests.filter((_t, i) => split.tests[i] === 'pass')).toEqual([]);
      expect(split.judged).toEqual(tests.map(() => 'split'));
      // The values compared without their own code keep Python's verdicts: a Yes() is not in {5} (its hash
      // is its own, so that one is refused), an LInt(3) is the int 3 for everything it does not override.
      expect(split.tests[tests.indexOf('assert f("int") < 0')]).toBe('FAIL');
      expect(split.tests[tests.indexOf('assert f("yes") == 2')]).toBe(unjudgeable('__eq__'));
      // The same values under judging 'child' pass (the reason split judging exists).
      const child = await check(LIARS, tests, childJudged);
      for (const t of [
        'assert f("yes") == 2',
        'assert f("int") == [1, 2]',
        'assert 3 in f("str")',
        'assert f("masked") == 2',
      ])
        expect(child.tests[tests.indexOf(t)], t).toBe('pass');
    },
    60_000,
  );

  it.skipIf(skip)(
    'decides forged reports of the new value kinds with its own types, never as a pass it did not compute',
    async () => {
      const payloads = [
        '["O","int","","0"]', // an opaque object named int: compared by identity
        '["C","int","","0",["i","11"]]', // an int subclass holding 17: it is 17
        '["C","int","__eq__","0",["i","12"]]', // claims an own __eq__: refused
        '["L","l","2"]', // a list of length 2, contents unknown
        '["L","l","3"]',
        '["X","Counter",["s","a"],["i","1"]]',
        '["O","x","__bogus__","0"]', // a method the protocol does not know: tampering
      ];
      const tests = [
        'assert f(3) == 17',
        'assert f(3) == 17',
        'assert f(3) == 17',
        'assert f(3) == [1, 2]',
        'assert f(3) == [1, 2]',
        "assert f(3) == {'a': 1}",
        'assert f(3) == 17',
      ];
      const forger = (values: string[]): string =>
        `${FORGER}\ndef f(x):\n    return 0\nforge([p.encode() for p in ${JSON.stringify(values)}])\n`;
      const r = await check(forger(payloads), tests);
      expect(r.tests).toEqual(tests.map(() => 'ERROR:ReportTampered: malformed value in a result frame'));
      const fine = await check(forger(payloads.slice(0, 6)), tests.slice(0, 6));
      expect(fine.tests).toEqual([
        'FAIL',
        'pass',
        unjudgeable('__eq__'),
        'ERROR:Unjudgeable: the tested value is beyond the limits, and its type and length do not decide the test',
        'FAIL',
        'pass',
      ]);
      expect(fine.judged).toEqual(Array.from({ length: 6 }, () => 'split'));
    },
  );

  it.skipIf(skip)('never calls a misbehaving __eq__, __repr__, __hash__ or __bool__ of a tested value', async () => {
    const tests = [
      'assert g(RaisingEq) == 1',
      'assert g(LoopingEq) == 1',
      'assert g(ListEq) == 1',
      'assert g(BadRepr) == 1',
      'assert g(HugeRepr) == 1',
      'assert g(BadHash) in {1}',
      'assert g(BadHash) == 1',
      'assert g(BadBool)',
      'assert not g(NegativeLen)',
      'assert g(BadRepr) == 1, f"{g(BadRepr)}"',
    ];
    const r = await check(MISBEHAVING, tests);
    expect(r.durationMs).toBeLessThan(QUICK_MS);
    expect(r.tests).toEqual([
      unjudgeable('__eq__'),
      unjudgeable('__eq__'),
      unjudgeable('__eq__'),
      'FAIL',
      'FAIL',
      unjudgeable('__hash__'),
      'FAIL',
      unjudgeable('__bool__'),
      unjudgeable('__len__'),
      'ERROR:RuntimeError: str', // the message, evaluated in a second child once the assert failed
    ]);
  });

  it.skipIf(skip)(
    'gives deeply nested and huge expressions an outcome each, and compiles rather than runs them',
    async () => {
      const tests = [
        `assert f(${'('.repeat(1000)}1${')'.repeat(1000)}) == 1`,
        `assert f(${'-'.repeat(20_000)}1) == 1`,
        `assert a${'.b'.repeat(12_000)} == 1`,
        `assert x${'+x'.repeat(8000)} == 1`,
        `assert f() == ${'['.repeat(150)}${']'.repeat(150)}`,
        'assert f() == 10 ** 10 ** 8',
        "assert f() == 'a' * 10 ** 9",
        'assert f() == 2',
      ];
      const r = await check('def f(*a):\n    return 2\na = x = None\n', tests);
      expect(r.tests[0]).toMatch(/^ERROR:SyntaxError: too many nested parentheses/);
      for (const outcome of r.tests.slice(1, 4))
        expect(outcome).toMatch(/^ERROR:(MemoryError|RecursionError|SyntaxError)/);
      expect(r.tests[4]).toBe('FAIL'); // nested too deep for the judge's literal folding: judged in the child
      expect(r.judged[4]).toBe('child');
      // Too large for the judge to fold: the child computes it (and runs out of memory), the judge does not.
      expect(r.tests[5]).toBe('TIMEOUT');
      expect(r.tests[6]).toBe('TIMEOUT');
      expect(r.tests[7]).toBe('TIMEOUT');
      const quick = await check('def f(*a):\n    return 2\n', ["assert f() == 'a' * 10 ** 9", 'assert f() == 2']);
      expect(quick.tests).toEqual(['ERROR:MemoryError', 'pass']);
    },
    60_000,
  );

  it.skipIf(skip)(
    'gives an error result, not a rejected call, for a suite over the limits',
    async () => {
      const many = Array.from({ length: DEFAULT_MAX_TESTS + 4000 }, (_, i) => `assert f() == ${i}`);
      const manyResult = await check('def f():\n    return 1\n', many);
      expect(new Set(manyResult.tests)).toEqual(
        new Set([
          `ERROR:OracleLimit: suite has ${many.length} tests, more than maxTests ${DEFAULT_MAX_TESTS}; not executed`,
        ]),
      );
      expect(manyResult.status).toBe('error');
      const huge = [`assert f() == ${JSON.stringify('x'.repeat(2 << 20))}`, 'assert f() == 1'];
      const hugeResult = await check('def f():\n    return 1\n', huge);
      expect(hugeResult.tests[0]).toMatch(
        new RegExp(
          `^ERROR:OracleLimit: tests are \\d+ bytes together, more than maxSuiteBytes ${DEFAULT_MAX_SUITE_BYTES}`,
        ),
      );
      expect(hugeResult.tests[1]).toBe(hugeResult.tests[0]);
      // Within the limits, a thousand tests run.
      const thousand = Array.from({ length: DEFAULT_MAX_TESTS }, (_, i) => `assert f() == ${i % 2}`);
      const thousandResult = await check('def f():\n    return 1\n', thousand);
      expect(thousandResult.tests.filter((t) => t === 'pass')).toHaveLength(DEFAULT_MAX_TESTS / 2);
    },
    120_000,
  );

  it.skipIf(skip)('gives non-UTF-8 text, NUL bytes and statements that are not asserts an outcome each', async () => {
    const r = await check('def f():\n    return 1\n', [
      "assert f() == '\ud800'",
      'assert f() == 1\0',
      '\0',
      'x = f()',
      'print(f())',
      'for i in range(3): pass',
      'def h(): pass',
      'import os',
      'raise ValueError("v")',
      'assert f() == 1',
    ]);
    expect(r.tests[0]).toMatch(/^ERROR:UnicodeEncodeError: 'utf-8' codec can't encode character '\\ud800'/);
    expect(r.tests[1]).toMatch(/^ERROR:(SyntaxError|ValueError): source code string cannot contain null bytes/);
    expect(r.tests[2]).toMatch(/^ERROR:(SyntaxError|ValueError): source code string cannot contain null bytes/);
    expect(r.tests.slice(3)).toEqual(['pass', 'pass', 'pass', 'pass', 'pass', 'ERROR:ValueError: v', 'pass']);
    expect(r.judged.slice(3)).toEqual(['child', 'child', 'child', 'child', 'child', 'child', 'split']);
    const code = await check("x = '\ud800'\n", ['assert True']);
    expect(code.tests[0]).toMatch(/^ERROR:UnicodeEncodeError/);
  });

  it.skipIf(skip)('evaluates a side-effecting message only when the assert fails, in the sandbox', async () => {
    const r = await check('import time\ndef f():\n    return 1\n', [
      'assert f() == 1, time.sleep(30)',
      'assert f() == 2, [print("side effect"), open("/tmp/execret-message", "w").write("x")][1]',
      'assert f() == 1, __import__("os").kill(__import__("os").getppid(), 9)',
    ]);
    expect(r.durationMs).toBeLessThan(QUICK_MS);
    expect(r.tests).toEqual(['pass', 'FAIL: 1', 'pass']);
    expect(r.judged).toEqual(['split', 'split', 'split']);
    // What the message wrote was removed with the rest of the job's files (as root or under bwrap).
    if (process.getuid?.() === 0 || isolation === 'bwrap') {
      const after = await check('import os\n', ['assert not os.path.exists("/tmp/execret-message")']);
      expect(after.tests).toEqual(['pass']);
    }
  });

  it.skipIf(skip)(
    'stays responsive when a test is full of hash-colliding literals',
    async () => {
      // Ints that hash alike (multiples of 2**61 - 1): a set literal the judge folds (up to 2000 elements)
      // and one it leaves to the child (more), which it still compiles.
      const colliding = (n: number): string =>
        `{${Array.from({ length: n }, (_, k) => `${BigInt(k + 1) * ((1n << 61n) - 1n)}`).join(', ')}}`;
      const folded = await check('def f():\n    return 1\n', [`assert f() in ${colliding(1500)}`, 'assert f() == 1']);
      expect(folded).toMatchObject({ tests: ['FAIL', 'pass'], judged: ['split', 'split'] });
      const left = await check('def f():\n    return 1\n', [`assert f() in ${colliding(2100)}`, 'assert f() == 1']);
      expect(left).toMatchObject({ tests: ['FAIL', 'pass'], judged: ['child', 'split'] });
    },
    60_000,
  );
});
