// Split judging against child judging, real Python and the real sandbox: for honest snippets both must
// give exactly the same outcome strings, whatever the values (int/float/bool equality, containers, nan,
// -0.0, big ints, unicode, bytes, membership, identity, truthiness, messages, exceptions), and each test
// must be judged where its shape says.

import type { Judged } from '@execret/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOracle, type Oracle, passesSplitJudged } from '../src/index.js';
import { leftovers } from './processes.js';

const SNIPPET = `
import collections

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
  // values that are not plain data: judged whole in a second child
  ['assert Point(1, 2) == (1, 2)', 'pass', 'fallback'],
  ['assert Same() == 1', 'pass', 'fallback'],
  ['assert gen() == [1]', 'FAIL', 'fallback'],
  ['assert MyInt(3) == 3', 'FAIL', 'fallback'],
  ['assert Falsy()', 'FAIL', 'fallback'],
  ['assert v(range(3)) == [0, 1, 2]', 'FAIL', 'fallback'],
  ['assert v(list(range(200000))) == [0]', 'FAIL', 'fallback'],
  ['assert v(set(range(3000))) == {1}', 'FAIL', 'fallback'],
  ['assert nest(150) == []', 'FAIL', 'fallback'],
  ["assert Point(1, 2) == (1, 3), f'{Point(1, 2)}'", 'FAIL: Point(x=1, y=2)', 'fallback'],
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
  ['x = v(1)', 'pass', 'child'],
  ['assert v(', 'ERROR:SyntaxError: ', 'child'],
];

const UNJUDGEABLE =
  "ERROR:Unjudgeable: the tested value is not plain data (judging 'split-strict' never runs a split test whole in a child)";

/** Where split-strict differs from split (and child) judging: no fallback child, no message child. */
const STRICT: Record<string, string> = {
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

  it('gives the outcomes of child judging, and judges each test where its shape says, when snippets are honest', async () => {
    const tests = TABLE.map(([t]) => t);
    const [bySplit, byChild] = await Promise.all([
      split.run({ code: SNIPPET, tests }),
      child.run({ code: SNIPPET, tests }),
    ]);
    const rows = TABLE.map(([t, outcome, judged], i) => ({
      test: t,
      split: bySplit.tests[i],
      child: byChild.tests[i],
      judged: bySplit.judged[i],
      expected: outcome,
      expectedJudged: judged,
    }));
    for (const row of rows) {
      expect(row.split, row.test).toBe(row.child);
      if (row.expected.endsWith(': ')) expect(row.split, row.test).toMatch(new RegExp(`^${row.expected}`));
      else expect(row.split, row.test).toBe(row.expected);
      expect(row.judged, row.test).toBe(row.expectedJudged);
    }
    expect(byChild.judged.every((j) => j === 'child')).toBe(true);
    expect(leftovers([...(split.info.sandboxUids ?? []), ...(child.info.sandboxUids ?? [])])).toEqual([]);
  }, 60_000);

  it('differs from split judging only for values that are not plain data and message expressions when strict', async () => {
    const tests = TABLE.map(([t]) => t);
    const [bySplit, byStrict] = await Promise.all([
      split.run({ code: SNIPPET, tests }),
      strict.run({ code: SNIPPET, tests }),
    ]);
    TABLE.forEach(([t, , judged], i) => {
      const expected = judged === 'fallback' ? UNJUDGEABLE : (STRICT[t] ?? bySplit.tests[i]);
      expect(byStrict.tests[i], t).toBe(expected);
      expect(byStrict.judged[i], t).toBe(judged === 'fallback' ? 'split' : judged);
    });
  }, 60_000);

  it('refuses a forged "not plain data" when strict, where split runs the test in a second child', async () => {
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
    expect(await split.run({ code: forger, tests })).toMatchObject({ tests: ['pass'], judged: ['fallback'] });
    expect(await strict.run({ code: forger, tests })).toMatchObject({ tests: [UNJUDGEABLE], judged: ['split'] });
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
    const fallback = await split.run({ code, tests: ['assert f().a == 1', 'assert f() == (1, 2)'] });
    expect(fallback).toMatchObject({ status: 'pass', judged: ['split', 'fallback'] });
    expect(passesSplitJudged(fallback)).toBe(false);
  });
});
