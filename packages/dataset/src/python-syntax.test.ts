import { describe, expect, it } from 'vitest';
import {
  calledFunctionNames,
  checkAssertStatement,
  deriveFunctionName,
  scanPython,
  topLevelFunctionNames,
} from './python-syntax.js';

describe('checkAssertStatement', () => {
  it.each([
    'assert add(1, 2) == 3',
    'assert(add(1, 2) == 3)',
    'assert add(1, 2) == 3;',
    'assert add(1, 2) == 3, "message with ) and ; inside"',
    "assert f('''multi\nline''') == 1",
    'assert f(1)\\\n    == 2',
    'assert f([1,\n 2]) == 3',
    'assert f(rb"\\x") is None  # trailing comment (',
    'assert f("é") != "☃"',
    'assert not f(1)',
    "assert f(r'\\'') == 1",
    'assert f(1) == 2\n',
  ])('accepts %j', (test) => {
    expect(checkAssertStatement(test)).toBeNull();
  });

  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['# only a comment', /empty/],
    ['assert', /without an expression/],
    ['assert , "msg"', /without an expression/],
    ['assertx == 1', /starting with "assert"/],
    ['x = f(1)', /starting with "assert"/],
    ['  assert f(1) == 1', /indentation/],
    ['assert f(1) == 1; assert f(2) == 2', /second one after ";"/],
    ['assert f(1) == 1\nassert f(2) == 2', /2 logical lines/],
    ['assert f(1 == 1', /never closed/],
    ['assert f(1)) == 1', /unmatched '\)'/],
    ['assert f([1)] == 1', /does not match/],
    ['assert f("abc) == 1', /unterminated string/],
    ["assert f('''abc) == 1", /unterminated triple-quoted/],
    ['assert f(1) == $x', /invalid character '\$'/],
    ['assert f(1) ? 1', /invalid character '\?'/],
    ['assert f(1) ! 1', /invalid character '!'/],
    ['assert f(1) == 1 \\', /backslash at end/],
  ])('rejects %j', (test, reason) => {
    expect(checkAssertStatement(test)).toMatch(reason);
  });
});

describe('scanPython', () => {
  it('splits logical lines across brackets and records their indentation', () => {
    const scan = scanPython('def f(x):\n    return (x +\n        1)\nprint(f(2))\n');
    expect(scan.error).toBeNull();
    expect(scan.lines.map((l) => [l.line, l.indent])).toEqual([
      [1, 0],
      [2, 4],
      [4, 0],
    ]);
    expect(scan.calls).toEqual(['f', 'print', 'f']);
  });

  it('reports the physical line of an error when a string is unterminated', () => {
    const scan = scanPython('x = 1\ny = "abc\n');
    expect(scan.error).toMatchObject({ line: 2, message: 'unterminated string literal' });
  });
});

describe('topLevelFunctionNames', () => {
  it('finds top-level and async defs but not nested ones or defs inside strings', () => {
    const code =
      'import re\n\ndef _helper(s):\n    def inner():\n        pass\n\nDOC = """\ndef fake():\n"""\n\nasync def fetch(u):\n    pass\n\nclass K:\n    def method(self):\n        pass\n';
    expect(topLevelFunctionNames(code)).toEqual(['_helper', 'fetch']);
  });

  it('returns an empty list when the code has a lexical error', () => {
    expect(topLevelFunctionNames('def f(:\n  return "x\n')).toEqual([]);
  });
});

describe('calledFunctionNames', () => {
  it('lists called names once, skipping method calls and keywords', () => {
    expect(
      calledFunctionNames("assert slugify(' A ').upper() == 'A' and len(x) if True else print (3) or not (1)"),
    ).toEqual(['slugify', 'len', 'print']);
  });
});

describe('deriveFunctionName', () => {
  it('picks the function called by the most tests when the canonical has helpers', () => {
    const canonical = 'def _norm(s):\n    return s.strip()\n\ndef slugify(s):\n    return _norm(s)\n';
    expect(
      deriveFunctionName(canonical, [
        "assert slugify(' a ') == 'a'",
        "assert slugify('') == ''",
        "assert _norm('x') == 'x'",
      ]),
    ).toBe('slugify');
  });

  it('breaks ties by definition order', () => {
    expect(deriveFunctionName('def b():\n  pass\ndef a():\n  pass\n', ['assert a() == b()'])).toBe('b');
  });

  it('returns null when no defined function is called', () => {
    expect(deriveFunctionName('def f():\n  pass\n', ['assert g() == 1'])).toBeNull();
    expect(deriveFunctionName('x = 1\n', ['assert x == 1'])).toBeNull();
  });
});
