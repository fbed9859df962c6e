import { describe, expect, it } from 'vitest';
import { planTest } from './test-plan.js';

describe('planTest', () => {
  it.each([
    ['assert.strictEqual(add(1, 2), 3)', 'same', 'add(1, 2)'],
    ['assert.equal(add(1, 2), 3)', 'same', 'add(1, 2)'],
    ['assert.strictEqual(3, add(1, 2))', 'same', 'add(1, 2)'],
    ['assert.notStrictEqual(f(), "x")', 'not-same', 'f()'],
    ['assert.notEqual(f(), null)', 'not-same', 'f()'],
    ['assert.deepStrictEqual(f([3, 1]), [1, 3])', 'deep', 'f([3, 1])'],
    ['assert.deepEqual(f(), { a: 1 })', 'deep', 'f()'],
    ['assert.notDeepStrictEqual(f(), [])', 'not-deep', 'f()'],
    ['assert.notDeepEqual(f(), {})', 'not-deep', 'f()'],
    ['assert(f(1) === -1)', 'strict-equal', 'f(1)'],
    ['assert(NaN !== f(1))', 'not-strict-equal', 'f(1)'],
    ['assert(isPrime(7))', 'truthy', 'isPrime(7)'],
    ['assert.ok(isPrime(7))', 'truthy', 'isPrime(7)'],
    ['assert(!isPrime(8));', 'falsy', 'isPrime(8)'],
    ['assert.ok(!isPrime(8))', 'falsy', 'isPrime(8)'],
  ])('splits %s as %s of its probe when one side is a literal', (test, check, probe) => {
    const plan = planTest(test);
    expect(plan.kind).toBe('split');
    if (plan.kind !== 'split') return;
    expect(plan.check).toBe(check);
    expect(plan.probe).toBe(probe);
    expect(plan.usesAssert).toBe(false);
  });

  it('keeps the expected literal on the judge side when the test splits', () => {
    const plan = planTest('assert.deepStrictEqual(sort([3, 1, 2]), [1, 2, 3])');
    expect(plan).toMatchObject({ kind: 'split', probe: 'sort([3, 1, 2])', expected: { kind: 'array', length: 3 } });
  });

  it.each([
    'assert.strictEqual(f(a), g(b))',
    'assert(f(1) == 1)',
    'assert(f(1) > 0)',
    'assert(f(1) && g(2))',
    'assert(!(f(1) === 2))',
    'assert(!!f(1))',
    'assert.deepStrictEqual(f(), [1, 2].map((x) => x))',
    'assert.deepStrictEqual(f(), new Map())',
    'assert.strictEqual(f(), Number.MAX_SAFE_INTEGER)',
    'assert.strictEqual(f(), x)',
    'assert.strictEqual(f(), { __proto__: null })',
    'assert.deepStrictEqual(f(), { a })',
    'assert.deepStrictEqual(f(), [...xs])',
    'assert.strictEqual(...args)',
    'assert.strictEqual(f())',
    'assert()',
    'const x = f(); assert.strictEqual(x, 1)',
    'if (f() !== 1) throw new Error("no")',
    'console.assert(f() === 1)',
    'assert?.(f())',
  ])('judges %s in the sandbox when no side is a usable literal', (test) => {
    expect(planTest(test).kind).toBe('child');
  });

  it.each([
    ['assert.throws(() => f(-1))', false],
    ['assert.throws(() => f(-1), RangeError)', false],
    ['assert.throws(() => f(-1), "must throw")', true],
    ['assert.throws(() => f(-1), RangeError, "must throw")', true],
    ['assert.match(f(), /x/)', false],
    ['assert.match(f(), /x/, "m")', true],
    ['assert.strictEqual(f(a), g(b), "m")', true],
    ['assert.ok(f() > 1, "m")', true],
    ['assert.fail("m")', true],
    ['assert.ifError(f())', false],
  ])('records whether %s passes a message when it runs in the sandbox', (test, messageGiven) => {
    expect(planTest(test)).toMatchObject({ kind: 'child', messageGiven });
  });

  it('records an unknown messageGiven when the test is not a known assert call', () => {
    expect(planTest('if (!f()) throw new assert.AssertionError({ message: "m" })')).toMatchObject({
      kind: 'child',
      messageGiven: null,
    });
  });

  it.each([
    ['assert.strictEqual(f(), 3, "sum is wrong")', { kind: 'literal', text: 'sum is wrong' }],
    ['assert.strictEqual(f(), 3, `sum`)', { kind: 'literal', text: 'sum' }],
    ['assert.strictEqual(f(), 3, 42)', { kind: 'literal', text: '42' }],
    ['assert.strictEqual(f(), 3, undefined)', { kind: 'none' }],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source of a test, with a template literal
    ['assert.strictEqual(f(), 3, `got ${f()}`)', { kind: 'expression', source: '`got ${f()}`' }],
    ['assert.strictEqual(f(), 3, new Error("e"))', { kind: 'expression', source: 'new Error("e")' }],
  ])('reads the message of %s', (test, message) => {
    expect(planTest(test)).toMatchObject({ kind: 'split', message });
  });

  it.each([
    ['assert.strictEqual(1, 1)', true],
    ['assert.strictEqual(1, "1")', false],
    ['assert.strictEqual([1], [1])', false],
    ['assert.deepStrictEqual([1], [1])', true],
    ['assert.notDeepStrictEqual([1], [2])', true],
    ['assert(true)', true],
    ['assert(0)', false],
    ['assert(NaN === NaN)', false],
    ['assert(-0 === 0)', true],
  ])('decides %s in advance when every operand is a literal', (test, holds) => {
    expect(planTest(test)).toMatchObject({ kind: 'literal', holds });
  });

  it('marks the probe as using assert when it mentions the identifier', () => {
    expect(planTest('assert.strictEqual(typeof assert.ok, "function")')).toMatchObject({
      kind: 'split',
      usesAssert: true,
    });
  });

  it('gives ERROR:SyntaxError without running when the test does not parse', () => {
    expect(planTest('assert.strictEqual(f(1), ')).toEqual({
      kind: 'invalid',
      outcome: expect.stringMatching(/^ERROR:SyntaxError: Unexpected token/),
    });
  });

  it('gives ERROR:OracleLimit instead of throwing when the test is nested beyond the parser', () => {
    const deep = `assert.strictEqual(f(), ${'['.repeat(100_000)}${']'.repeat(100_000)})`;
    expect(planTest(deep)).toEqual({ kind: 'invalid', outcome: expect.stringMatching(/^ERROR:OracleLimit: /) });
  });
});
