import { describe, expect, it } from 'vitest';
import { checkPythonTest } from './check-test.js';
import { readPythonExpectedValue } from './expected-value.js';
import { renamePythonCalls } from './rename-calls.js';

describe('checkPythonTest', () => {
  it.each([
    ['assert add(1, 2) == 3', null],
    ['assert add(\n  1, 2) == 3', null],
    ['assert sorted(add([1], [2])) == [1, 2], "msg"', null],
    ['', 'empty'],
    ['   # just a comment', 'empty'],
    ['print(add(1, 2))', 'not-an-assert'],
    ['x = add(1, 2)', 'not-an-assert'],
    ['assert add(1, 2) == 3; assert True', 'not-an-assert'],
    ['assert add(1, 2) == 3\nassert add(0, 0) == 0', 'not-an-assert'],
    ['assert', 'not-an-assert'],
    ["assert add('1", 'not-an-assert'],
    ['  assert add(1, 2) == 3', 'not-an-assert'],
    ['assert True', 'no-call'],
    ['assert 1 + 1 == 2', 'no-call'],
    ['assert other(1) == 2', 'no-call'],
    ['assert math.add(1, 2) == 3', 'no-call'],
    ["assert 'add(1)' == 'add(1)'", 'no-call'],
  ])('classifies %j as %j', (test, issue) => {
    expect(checkPythonTest(test, 'add')).toBe(issue);
  });
});

describe('renamePythonCalls', () => {
  it('renames identifiers but not attributes or strings when names differ', () => {
    expect(renamePythonCalls("assert slug('slug') == x.slug(slug(1))", 'slug', 'make')).toBe(
      "assert make('slug') == x.slug(make(1))",
    );
  });

  it('returns the test unchanged when the names are equal or it does not tokenize', () => {
    expect(renamePythonCalls('assert f(1)', 'f', 'f')).toBe('assert f(1)');
    expect(renamePythonCalls("assert f('", 'f', 'g')).toBe("assert f('");
  });
});

describe('readPythonExpectedValue', () => {
  it.each([
    ['3', '3'],
    [" 'abc' ", "'abc'"],
    ['[1, (2, None)]', '[1, (2, None)]'],
    ['{1, 2}', '{1, 2}'],
    ["float('inf')", "float('inf')"],
    ['2**31', '2**31'],
    ['-1.5', '-1.5'],
    [3, '3'],
    [true, 'True'],
    [null, 'None'],
    [[1, 'a', [false]], '[1, "a", [False]]'],
    [{ a: 1 }, '{"a": 1}'],
  ])('accepts %j as %s', (value, source) => {
    expect(readPythonExpectedValue(value)).toBe(source);
  });

  it.each(['f(2)', 'hello', "f'{x}'", '1; 2', '1\n2', '', 'x.y'])('rejects %j', (value) => {
    expect(readPythonExpectedValue(value)).toBeNull();
  });
});
