import { describe, expect, it } from 'vitest';
import { planTest } from './test-plan.js';
import { type EngineReport, isEngineReport, judgeTest } from './verdict.js';

const value = (v: string, m: string | null = null): EngineReport => ({ k: 'v', v, m });
const thrown = (type: string, message: string, assertion = false, generated: boolean | null = null): EngineReport => ({
  k: 'e',
  e: JSON.stringify({ assertion, generated, type, message }),
});

describe('judgeTest', () => {
  it.each([
    ['assert.strictEqual(f(), 3)', '["d","3"]', 'pass'],
    ['assert.strictEqual(f(), 3)', '["s","3"]', 'FAIL'],
    ['assert.strictEqual(f(), 1)', '["d","1"]', 'pass'],
    ['assert.strictEqual(f(), 0)', '["d","-0"]', 'FAIL'],
    ['assert.strictEqual(f(), NaN)', '["d","NaN"]', 'pass'],
    ['assert(f() === NaN)', '["d","NaN"]', 'FAIL'],
    ['assert(f() === 0)', '["d","-0"]', 'pass'],
    ['assert(f() !== 0)', '["d","1"]', 'pass'],
    ['assert.strictEqual(f(), [1])', '["a",1,[["0",["d","1"]]],0]', 'FAIL'],
    ['assert.notStrictEqual(f(), [1])', '["a",1,[["0",["d","1"]]],0]', 'pass'],
    ['assert.deepStrictEqual(f(), [1])', '["a",1,[["0",["d","1"]]],0]', 'pass'],
    ['assert.deepStrictEqual(f(), [1])', '["x","Map"]', 'FAIL'],
    ['assert.deepStrictEqual(f(), {})', '["o","N",[],0]', 'FAIL'],
    ['assert.deepStrictEqual(f(), { a: 1 })', '["o","O",[["a",["d","1"]]],1]', 'FAIL'],
    ['assert.notDeepStrictEqual(f(), { a: 1 })', '["o","O",[["a",["d","2"]]],0]', 'pass'],
    ['assert(f())', '["x","Date"]', 'pass'],
    ['assert(f())', '["s",""]', 'FAIL'],
    ['assert(!f())', '["g","0"]', 'pass'],
    ['assert.strictEqual(f(), 3, "sum is wrong")', '["d","4"]', 'FAIL: sum is wrong'],
    ['assert.strictEqual(f(), 3, "")', '["d","4"]', 'FAIL'],
  ])('judges %s with value %s as %s', (test, reported, outcome) => {
    expect(judgeTest(planTest(test), value(reported), 300)).toEqual({ outcome, judged: 'split' });
  });

  it.each([
    ['assert(f())', 'pass'],
    ['assert.strictEqual(f(), 3)', 'FAIL'],
    ['assert.notStrictEqual(f(), 3)', 'pass'],
    ['assert.deepStrictEqual(f(), 3)', 'FAIL'],
    ['assert.notDeepStrictEqual(f(), 3)', 'pass'],
    [
      'assert.deepStrictEqual(f(), [1])',
      'ERROR:Unjudgeable: the value is or contains a Proxy (split judging compares plain data only)',
    ],
    [
      'assert.notDeepStrictEqual(f(), [1])',
      'ERROR:Unjudgeable: the value is or contains a Proxy (split judging compares plain data only)',
    ],
  ])('judges %s on a refused value as %s', (test, outcome) => {
    expect(judgeTest(planTest(test), value('["r","the value is or contains a Proxy"]'), 300)).toEqual({
      outcome,
      judged: 'split',
    });
  });

  it('formats a message expression the sandbox evaluated when the split test fails', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source of a test, with a template literal
    const plan = planTest('assert.strictEqual(f(), 3, `got ${f()}`)');
    expect(judgeTest(plan, value('["d","4"]', '{"text":"got 4"}'), 300)).toEqual({
      outcome: 'FAIL: got 4',
      judged: 'split',
    });
    expect(judgeTest(plan, value('["d","3"]', '{"text":"got 3"}'), 300)).toEqual({ outcome: 'pass', judged: 'split' });
    expect(
      judgeTest(
        plan,
        value(
          '["d","4"]',
          `{"error":${JSON.stringify({ assertion: false, generated: null, type: 'RangeError', message: 'r' })}}`,
        ),
        300,
      ),
    ).toEqual({ outcome: 'ERROR:RangeError: r', judged: 'split' });
  });

  it('gives the thrown error when the probe throws', () => {
    expect(judgeTest(planTest('assert.strictEqual(f(), 3)'), thrown('TypeError', 'f is not a function'), 300)).toEqual({
      outcome: 'ERROR:TypeError: f is not a function',
      judged: 'split',
    });
    expect(judgeTest(planTest('assert.strictEqual(f(), 3)'), thrown('number', '42'), 300)).toEqual({
      outcome: 'ERROR:number: 42',
      judged: 'split',
    });
  });

  it.each([
    ['assert.throws(() => f())', true, 'Missing expected exception.', 'FAIL'],
    [
      'assert.throws(() => f(), "must throw")',
      false,
      'Missing expected exception: must throw',
      'FAIL: Missing expected exception: must throw',
    ],
    ['assert.strictEqual(f(a), g(b), "differ")', false, 'differ', 'FAIL: differ'],
    ['assert.strictEqual(f(a), g(b))', true, 'Expected values to be strictly equal', 'FAIL'],
    ['if (!f()) throw new assert.AssertionError({ message: "m" })', false, 'm', 'FAIL: m'],
    ['if (!f()) throw new assert.AssertionError({})', true, 'Failed', 'FAIL'],
  ])('judges the AssertionError of %s as %s', (test, generated, message, outcome) => {
    expect(judgeTest(planTest(test), thrown('AssertionError', message, true, generated as boolean), 300)).toEqual({
      outcome,
      judged: 'child',
    });
  });

  it('passes a child test only on ok and a literal test only when it holds', () => {
    expect(judgeTest(planTest('assert.throws(() => f())'), { k: 'ok' }, 300)).toEqual({
      outcome: 'pass',
      judged: 'child',
    });
    expect(judgeTest(planTest('assert.strictEqual(1, 2, "m")'), { k: 'ok' }, 300)).toEqual({
      outcome: 'FAIL: m',
      judged: 'split',
    });
    expect(judgeTest(planTest('assert.strictEqual(1, 1)'), { k: 'ok' }, 300)).toEqual({
      outcome: 'pass',
      judged: 'split',
    });
  });

  it('is TIMEOUT when the budget ran out during the test', () => {
    expect(judgeTest(planTest('assert.strictEqual(f(), 3)'), { k: 'to' }, 300)).toEqual({
      outcome: 'TIMEOUT',
      judged: 'split',
    });
  });

  it.each([
    ['assert.strictEqual(f(), 3)', { k: 'ok' } as EngineReport],
    ['assert.throws(() => f())', value('["d","3"]')],
    ['assert.strictEqual(1, 1)', value('["d","1"]')],
    ['assert.strictEqual(f(), 3)', value('["d","x"]')],
    ['assert.strictEqual(f(), 3)', { k: 'e', e: 'not json' } as EngineReport],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source of a test, with a template literal
    ['assert.strictEqual(f(), 3, `m${x}`)', value('["d","4"]', null)],
  ])('distrusts the report of %s when it has the wrong kind or shape', (test, report) => {
    expect(judgeTest(planTest(test), report, 300)).toHaveProperty('tampered');
  });
});

describe('isEngineReport', () => {
  it.each([
    [{ k: 'ok' }, true],
    [{ k: 'to' }, true],
    [{ k: 'v', v: '["u"]', m: null }, true],
    [{ k: 'e', e: '{}' }, true],
    [{ k: 'v', v: 1, m: null }, false],
    [{ k: 'pass' }, false],
    [null, false],
  ])('recognises %j: %s', (report, ok) => {
    expect(isEngineReport(report)).toBe(ok);
  });
});
