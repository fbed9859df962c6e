// Split judging against child judging, real Python and the real sandbox: for honest snippets both must
// give exactly the same outcome strings, whatever the values (int/float/bool equality, containers, nan,
// -0.0, big ints, unicode, bytes, membership, identity, truthiness, messages, exceptions, named tuples,
// subclasses of built-in types, standard-library types, other objects), and each test must be judged
// where its shape says; except where deciding needs the value's own code (NEEDS_CHILD), which split
// judging refuses to run.

import type { Judged } from '@execret/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOracle, type Oracle, passesSplitJudged } from '../src/index.js';
import { leftovers } from './processes.js';

const SNIPPET = `
import collections, dataclasses, datetime, decimal, enum, fractions

def v(x):
    return x

nan = float("nan")
Point = collections.namedtuple("Point", "x y")

class Same:
    def __eq__(self, other):
        return True

class MyInt(int):
    def __eq__(self, other):
        return False
    __hash__ = int.__hash__

class Falsy:
    def __bool__(self):
        return False

def gen():
    yield 1

def fails():
    assert False, "inner"

def nest(n):
    x = []
    for _ in range(n):
        x = [x]
    return x

calls = []

def counted(x):
    calls.append(x)
    return x

class Color(enum.IntEnum):
    RED = 1

class Name(str):
    pass

class Plain:
    pass

class Sized:
    def __len__(self):
        return 0

@dataclasses.dataclass
class D:
    a: int
`;

/** [test, outcome, how it is judged under split judging]. */
const TABLE: [string, string, Judged][] = [
  // numbers: int/float/bool equality, identity with singletons, nan, -0.0, big ints, complex, ordering
  ['assert v(1) == 1.0', 'pass', 'split'],
  ['assert v(True) == 1', 'pass', 'split'],
  ['assert v(1.0) is True', 'FAIL', 'split'],
  ['assert v(True) is True', 'pass', 'split'],
  ['assert v(nan) != 1.0', 'pass', 'split'],
  ['assert v(nan) == 1e999 - 1e999', 'FAIL', 'split'],
  ['assert v([nan]) == [1e999 - 1e999]', 'FAIL', 'split'],
  ['assert v(nan) != nan', 'pass', 'child'],
  ['assert v(-0.0) == 0.0', 'pass', 'split'],
  ["assert repr(v(-0.0)) == '-0.0'", 'pass', 'split'],
  ['assert v(0.1 + 0.2) == 0.30000000000000004', 'pass', 'split'],
  ['assert v(0.1 + 0.2) == 0.3', 'FAIL', 'split'],
  ['assert v(2 ** 200 + 1) == 1606938044258990275541962092341162602522202993782792835301377', 'pass', 'split'],
  ['assert v(-(2 ** 100)) < -(2 ** 99)', 'pass', 'split'],
  ['assert v(2 ** 5000) == 2 ** 5000', 'pass', 'split'],
  ['assert v(10 ** 400) > 1e308', 'pass', 'split'],
  ['assert v(1 + 2j) == (1 + 2j)', 'pass', 'split'],
  ['assert v(10 ** 6) == 10 ** 6', 'pass', 'split'],
  // strings and bytes
  ["assert v('héllo wörld ✓ 𝄞') == 'héllo wörld ✓ 𝄞'", 'pass', 'split'],
  ["assert v('\\ud800') == '\\ud800'", 'pass', 'split'],
  ["assert v('aaa' + 'b' * 3) == 'aaa' + 'b' * 3", 'pass', 'split'],
  ["assert v(b'\\x00\\xff') == b'\\x00\\xff'", 'pass', 'split'],
  ["assert v(bytearray(b'ab')) == b'ab'", 'pass', 'split'],
  ["assert v(b'a') == 'a'", 'FAIL', 'split'],
  // containers
  ['assert v((1, 2)) == [1, 2]', 'FAIL', 'split'],
  ['assert v([1, 2]) != (1, 2)', 'pass', 'split'],
  ['assert v([1, 2]) < [1, 3]', 'pass', 'split'],
  ["assert v({'a': 1, 'b': [2]}) == {'b': [2], 'a': 1}", 'pass', 'split'],
  ['assert v({1, 2}) == {2, 1}', 'pass', 'split'],
  ['assert v(frozenset({1})) == {1}', 'pass', 'split'],
  ["assert v({(1, 2): 'x'}) == {(1, 2): 'x'}", 'pass', 'split'],
  ["assert v([(1, {'k': {2, 3}}), None, [[]], 1.5, 2j]) == [(1, {'k': {3, 2}}), None, [[]], 1.5, 2j]", 'pass', 'split'],
  // membership, identity, comparison errors
  ['assert v(3) in [1, 2, 3]', 'pass', 'split'],
  ["assert 'ell' in v('hello')", 'pass', 'split'],
  ['assert v(4) not in (1, 2)', 'pass', 'split'],
  ['assert v([1]) in {1, 2}', "ERROR:TypeError: unhashable type: 'list'", 'split'],
  ['assert 1 in v(5)', "ERROR:TypeError: argument of type 'int' is not iterable", 'split'],
  ["assert v(1) < 'a'", "ERROR:TypeError: '<' not supported between instances of 'int' and 'str'", 'split'],
  ['assert v(None) is None', 'pass', 'split'],
  ['assert v(0) is not None', 'pass', 'split'],
  ['assert v(0) is None', 'FAIL', 'split'],
  // truthiness
  ['assert v([0])', 'pass', 'split'],
  ['assert v([])', 'FAIL', 'split'],
  ["assert not v('')", 'pass', 'split'],
  ['assert not v(0.5)', 'FAIL', 'split'],
  ['assert v(0)', 'FAIL', 'split'],
  // messages: literal (judge), expression (evaluated only after the verdict is FAIL), raising
  ["assert v(1) == 2, 'one is not two'", 'FAIL: one is not two', 'split'],
  ["assert v(1) == 2, f'got {v(1)}'", 'FAIL: got 1', 'split'],
  ["assert v(1) == 1, f'{1 / 0}'", 'pass', 'split'],
  ["assert v(1) == 2, ''", 'FAIL', 'split'],
  ["assert v(1) == 2, ('a', 1)", "FAIL: ('a', 1)", 'split'],
  ['assert v(1) == 2, 1 / 0', 'ERROR:ZeroDivisionError: division by zero', 'split'],
  ["assert counted(1) == 2, f'{calls}'", 'FAIL: [1]', 'split'],
  ["assert not v(3), f'{v(3)} is truthy'", 'FAIL: 3 is truthy', 'split'],
  // exceptions while evaluating the untrusted side
  ['assert v(1 / 0) == 1', 'ERROR:ZeroDivisionError: division by zero', 'split'],
  ['assert undefined_name == 1', "ERROR:NameError: name 'undefined_name' is not defined", 'split'],
  ['assert fails() == 1', 'FAIL: inner', 'split'],
  // values that are not plain data, rebuilt by the judge with its own types (they were judged whole in a
  // second child, 'fallback', before split judging compared them itself)
  ['assert Point(1, 2) == (1, 2)', 'pass', 'split'],
  ['assert Same() == 1', 'pass', 'split'],
  ['assert gen() == [1]', 'FAIL', 'split'],
  ['assert MyInt(3) == 3', 'FAIL', 'split'],
  ['assert Falsy()', 'FAIL', 'split'],
  ['assert v(range(3)) == [0, 1, 2]', 'FAIL', 'split'],
  ['assert v(list(range(200000))) == [0]', 'FAIL', 'split'],
  ['assert v(set(range(3000))) == {1}', 'FAIL', 'split'],
  ['assert nest(150) == []', 'FAIL', 'split'],
  ["assert Point(1, 2) == (1, 3), f'{Point(1, 2)}'", 'FAIL: Point(x=1, y=2)', 'split'],
  // asserts made of literals only
  ['assert True', 'pass', 'split'],
  ['assert 1 == 2', 'FAIL', 'split'],
  ["assert False, 'msg'", 'FAIL: msg', 'split'],
  ["assert 'a' in 'abc'", 'pass', 'split'],
  // other shapes stay in the child
  ['assert v(1) == 1 == 1', 'pass', 'child'],
  ['assert v(1) == v(1)', 'pass', 'child'],
  ['assert v(1) == 1 and v(2) == 2', 'pass', 'child'],
  ['assert not v(1) == 2', 'pass', 'child'],
  ['assert v(1) == set()', 'FAIL', 'child'],
];

/**
 * More values that are not plain data: subclasses of built-in types, standard-library types the judge
 * rebuilds as real ones, other objects (compared by identity), values beyond the limits (type and length).
 */
const VALUES: [string, string, Judged][] = [
  ["assert Point(1, 'a') < (1, 2)", "ERROR:TypeError: '<' not supported between instances of 'str' and 'int'", 'split'],
  ["assert Point(1, 2) in {(1, 2): 'x'}", 'pass', 'split'],
  ['assert Point(1, 2) < 3', "ERROR:TypeError: '<' not supported between instances of 'Point' and 'int'", 'split'],
  ['assert Color.RED == 1', 'pass', 'split'],
  ['assert Color.RED in {1, 2}', 'pass', 'split'],
  ["assert Name('ab') == 'ab'", 'pass', 'split'],
  ["assert Name('ab') in 'xaby'", 'pass', 'split'],
  ["assert v(collections.Counter('aab')) == {'a': 2, 'b': 1}", 'pass', 'split'],
  ["assert v(collections.Counter('aab')) == {'a': 2}", 'FAIL', 'split'],
  ["assert v(collections.OrderedDict(a=1)) == {'a': 1}", 'pass', 'split'],
  ["assert v(collections.defaultdict(list, a=[1])) == {'a': [1]}", 'pass', 'split'],
  ['assert v(collections.deque([1, 2])) == [1, 2]', 'FAIL', 'split'],
  ['assert 2 in v(collections.deque([1, 2]))', 'pass', 'split'],
  ['assert v(fractions.Fraction(1, 2)) == 0.5', 'pass', 'split'],
  ['assert v(fractions.Fraction(1, 3)) < 0.34', 'pass', 'split'],
  ["assert v(decimal.Decimal('1.5')) == 1.5", 'pass', 'split'],
  ["assert v(decimal.Decimal('0.1')) == 0.1", 'FAIL', 'split'],
  ["assert v(datetime.date(2024, 1, 2)) == '2024-01-02'", 'FAIL', 'split'],
  [
    'assert v(datetime.timedelta(days=1)) > 1',
    "ERROR:TypeError: '>' not supported between instances of 'datetime.timedelta' and 'int'",
    'split',
  ],
  ['assert v(range(3)) != [0, 1, 2]', 'pass', 'split'],
  ['assert 2 in v(range(3))', 'pass', 'split'],
  ['assert v({1: 2}.keys()) == {1}', 'pass', 'split'],
  ['assert v({1: 2}.items()) == {(1, 2)}', 'pass', 'split'],
  ['assert 2 in v({1: 2}.values())', 'pass', 'split'],
  ['assert Plain() == 1', 'FAIL', 'split'],
  ['assert Plain() != 1', 'pass', 'split'],
  ['assert Plain() in [1, 2]', 'FAIL', 'split'],
  ['assert Plain()', 'pass', 'split'],
  ['assert Plain() < 1', "ERROR:TypeError: '<' not supported between instances of 'Plain' and 'int'", 'split'],
  ['assert 1 in Plain()', "ERROR:TypeError: argument of type 'Plain' is not iterable", 'split'],
  ['assert Plain() is None', 'FAIL', 'split'],
  ['assert v(v) == 1', 'FAIL', 'split'],
  ['assert D(1) in [1, 2]', 'FAIL', 'split'],
  ['assert D(1) == 1', 'FAIL', 'split'],
  ['assert D(1) < 1', "ERROR:TypeError: '<' not supported between instances of 'D' and 'int'", 'split'],
  ['assert not Sized()', 'pass', 'split'],
  ['assert v([Plain()]) == [1]', 'FAIL', 'split'],
  ['assert v(list(range(200000))) != [0]', 'pass', 'split'],
  ["assert v('x' * 2000000) == 'x'", 'FAIL', 'split'],
  ['assert v(list(range(200000)))', 'pass', 'split'],
  // decided only by the value's own code: split judging refuses (NEEDS_CHILD)
  ['assert 1 in gen()', 'pass', 'split'],
  ['assert v(list(range(200000))) < [1]', 'pass', 'split'],
  ['x = v(1)', 'pass', 'child'],
  ['assert v(', 'ERROR:SyntaxError: ', 'child'],
  ['assert D(1) == D(1)', 'pass', 'child'],
];

/** The outcome split judging gives when only the tested value's own code could decide the test. */
const needs = (what: string): string =>
  `ERROR:Unjudgeable: the test needs the tested value's own ${what}, which only the sandboxed child may run`;

/**
 * Where split judging (both kinds) differs from child judging: the snippet's own comparison, truth or
 * membership method would decide, and it could say anything (`Same` says every value is equal), so the judge
 * refuses; a value beyond the limits whose type and length do not decide.
 */
const NEEDS_CHILD: Record<string, string> = {
  'assert Same() == 1': needs('__eq__'),
  'assert MyInt(3) == 3': needs('__eq__'),
  'assert Falsy()': needs('__bool__'),
  'assert 1 in gen()': needs('__iter__'),
  'assert v(list(range(200000))) < [1]':
    'ERROR:Unjudgeable: the tested value is beyond the limits, and its type and length do not decide the test',
  'assert not Sized()': needs('__len__'),
};

/** Where split-strict differs from split (and child) judging: no message child. */
const STRICT: Record<string, string> = {
  "assert Point(1, 2) == (1, 3), f'{Point(1, 2)}'": 'FAIL',
  "assert v(1) == 2, f'got {v(1)}'": 'FAIL',
  'assert v(1) == 2, 1 / 0': 'FAIL',
  "assert counted(1) == 2, f'{calls}'": 'FAIL',
  "assert not v(3), f'{v(3)} is truthy'": 'FAIL',
};

let split: Oracle;
let child: Oracle;
let strict: Oracle;

beforeAll(async () => {
  [split, child, strict] = await Promise.all([
    createOracle({ concurrency: 1, sandboxUid: 65200, timeoutMs: 4000 }),
    createOracle({ concurrency: 1, sandboxUid: 65190, timeoutMs: 4000, judging: 'child' }),
    createOracle({ concurrency: 1, sandboxUid: 65180, timeoutMs: 4000, judging: 'split-strict' }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([split?.close(), child?.close(), strict?.close()]);
});

describe('judging', () => {
  it('is recorded in oracle.info when the oracle is created', () => {
    expect(split.info.judging).toBe('split');
    expect(strict.info.judging).toBe('split-strict');
    expect(child.info.judging).toBe('child');
    expect(child.info.warnings.join(' ')).toMatch(/judging 'child'/);
  });

  it.each([
    ['the table of plain values, messages and shapes', TABLE],
    ['values that are not plain data', VALUES],
  ])(
    'gives the outcomes of child judging, and judges each test where its shape says, for %s, when snippets are honest',
    async (_name, table) => {
      const tests = table.map(([t]) => t);
      const [bySplit, byChild] = await Promise.all([
        split.run({ code: SNIPPET, tests }),
        child.run({ code: SNIPPET, tests }),
      ]);
      const rows = table.map(([t, outcome, judged], i) => ({
        test: t,
        split: bySplit.tests[i],
        child: byChild.tests[i],
        judged: bySplit.judged[i],
        expected: outcome,
        expectedJudged: judged,
      }));
      for (const row of rows) {
        if (row.expected.endsWith(': ')) expect(row.child, row.test).toMatch(new RegExp(`^${row.expected}`));
        else expect(row.child, row.test).toBe(row.expected);
        expect(row.split, row.test).toBe(NEEDS_CHILD[row.test] ?? row.child);
        expect(row.judged, row.test).toBe(row.expectedJudged);
      }
      expect(byChild.judged.every((j) => j === 'child')).toBe(true);
      expect(leftovers([...(split.info.sandboxUids ?? []), ...(child.info.sandboxUids ?? [])])).toEqual([]);
    },
    60_000,
  );

  it.each([
    ['the table', TABLE],
    ['values that are not plain data', VALUES],
  ])(
    'differs from split judging only for message expressions when strict, for %s',
    async (_name, table) => {
      const tests = table.map(([t]) => t);
      const [bySplit, byStrict] = await Promise.all([
        split.run({ code: SNIPPET, tests }),
        strict.run({ code: SNIPPET, tests }),
      ]);
      table.forEach(([t, , judged], i) => {
        expect(byStrict.tests[i], t).toBe(STRICT[t] ?? bySplit.tests[i]);
        expect(byStrict.judged[i], t).toBe(judged);
      });
    },
    60_000,
  );

  it('refuses a forged "not plain data", strict or not (before, split ran the test whole in a second child, which forged the pass)', async () => {
    // The forger claims that every value is not plain data, then forges a pass in the second child.
    const forger = [
      'import os, struct, sys',
      'f = sys._getframe()',
      'while f is not None and "nonce" not in f.f_locals:',
      '    f = f.f_back',
      'L = f.f_locals',
      'for i, (mode, _code) in enumerate(L["items"]):',
      '    kind, payload = (2, b"") if mode == 1 else (0, b"pass")',
      '    os.write(L["rfd"], L["nonce"] + struct.pack("<HBI", i, kind, len(payload)) + payload)',
      'os.write(L["rfd"], L["nonce"] + struct.pack("<HBI", 0xFFFF, 3, 0))',
      'os._exit(0)',
    ].join('\n');
    const tests = ['assert len("x") == 17'];
    const refused = 'ERROR:Unjudgeable: the tested value could not be reported as data (beyond the limits)';
    expect(await split.run({ code: forger, tests })).toMatchObject({ tests: [refused], judged: ['split'] });
    expect(await strict.run({ code: forger, tests })).toMatchObject({ tests: [refused], judged: ['split'] });
  });

  it.each([
    [
      'the snippet raises while it is executed',
      'def f():\n    return 1\nraise KeyError("boom")\n',
      ['assert f() == 1', 'assert True', 'assert f() == f()'],
    ],
    ['the snippet does not compile', 'def f(:\n', ['assert f() == 1', 'assert True']],
    ['the snippet exits', 'import os\nos._exit(3)\n', ['assert 1 == 1', 'assert x == 2']],
    [
      'a test times out after others pass',
      'import time\ndef f():\n    return 2\n',
      ['assert f() == 2', 'assert time.sleep(30) is None', 'assert f() == 2'],
    ],
  ])(
    'gives the outcomes of child judging when %s',
    async (_name, code, tests) => {
      const [bySplit, byChild] = await Promise.all([split.run({ code, tests }), child.run({ code, tests })]);
      expect(bySplit.tests).toEqual(byChild.tests);
    },
    60_000,
  );

  it('counts a pass as forge-proof only when every test was judged split', async () => {
    const code = 'import collections\nP = collections.namedtuple("P", "a b")\ndef f():\n    return P(1, 2)\n';
    const plain = await split.run({ code, tests: ['assert f().a == 1', 'assert tuple(f()) == (1, 2)'] });
    expect(plain).toMatchObject({ status: 'pass', judged: ['split', 'split'] });
    expect(passesSplitJudged(plain)).toBe(true);
    const named = await split.run({ code, tests: ['assert f().a == 1', 'assert f() == (1, 2)'] });
    expect(named).toMatchObject({ status: 'pass', judged: ['split', 'split'] });
    expect(passesSplitJudged(named)).toBe(true);
    const computed = await split.run({ code, tests: ['assert f().a == 1', 'assert f() == P(1, 2)'] });
    expect(computed).toMatchObject({ status: 'pass', judged: ['split', 'child'] });
    expect(passesSplitJudged(computed)).toBe(false);
  });
});
