import { parse } from '@babel/parser';
import { type BabelNode, child, children, isNode } from './babel-node.js';
import { isDeepStrictEqual, isSameValue } from './js-equality.js';
import { isPrimitive, isTruthy, type JsValue } from './js-value.js';
import { literalValue } from './literal-value.js';

/**
 * What the judge compares, for a split test:
 * - `truthy` / `falsy`: `assert(L)`, `assert.ok(L)` / `assert(!L)`;
 * - `same` / `not-same`: `Object.is` (`assert.strictEqual`, `assert.equal`; `notStrictEqual`, `notEqual`);
 * - `strict-equal` / `not-strict-equal`: `===` / `!==` inside `assert(…)`;
 * - `deep` / `not-deep`: node's `isDeepStrictEqual` (`deepStrictEqual`, `deepEqual`; their negations).
 */
export type SplitCheck =
  | 'truthy'
  | 'falsy'
  | 'same'
  | 'not-same'
  | 'strict-equal'
  | 'not-strict-equal'
  | 'deep'
  | 'not-deep';

/** The message argument of an assert: absent, a literal the judge formats, or an expression the sandbox evaluates. */
type TestMessage = { kind: 'none' } | { kind: 'literal'; text: string } | { kind: 'expression'; source: string };

/**
 * How one test is run and judged:
 * - `split`: the sandbox evaluates `probe` (the untrusted side) and, when `message` is an expression, the
 *   message; the judge compares the reported value with `expected`, which never leaves the judge;
 * - `literal`: every operand is a literal, so the verdict (`holds`) is known in advance; the sandbox only
 *   runs the snippet;
 * - `child`: anything else (both sides computed, `assert.throws`, loose or relational comparisons, more
 *   than one statement): the whole test runs in the sandbox with the `assert` captured before the snippet;
 *   `messageGiven` says whether the test passes a message (`null`: not a known assert call);
 * - `invalid`: the test does not parse (or is beyond the parser): `outcome` is its result for every snippet.
 */
export type TestPlan =
  | {
      kind: 'split';
      check: SplitCheck;
      /** Absent for `truthy`/`falsy`. */
      expected?: JsValue;
      probe: string;
      message: TestMessage;
      /**
       * Whether the probe mentions `assert` (the sandbox then builds its `assert` before the probe runs; a message
       * that needs it gets it when it runs, later): the probe's realm never depends on the expected side.
       */
      usesAssert: boolean;
    }
  | { kind: 'literal'; holds: boolean; message: TestMessage }
  | { kind: 'child'; source: string; messageGiven: boolean | null }
  | { kind: 'invalid'; outcome: string };

const SAME = new Map<string, SplitCheck>([
  ['strictEqual', 'same'],
  ['equal', 'same'],
  ['notStrictEqual', 'not-same'],
  ['notEqual', 'not-same'],
  ['deepStrictEqual', 'deep'],
  ['deepEqual', 'deep'],
  ['notDeepStrictEqual', 'not-deep'],
  ['notDeepEqual', 'not-deep'],
]);

/** Index of the message argument of the other `node:assert/strict` methods. */
const MESSAGE_INDEX = new Map<string, number>([
  ['ok', 1],
  ['match', 2],
  ['doesNotMatch', 2],
  ['fail', 0],
  ['ifError', Number.POSITIVE_INFINITY],
  ['rejects', 2],
  ['doesNotReject', 2],
]);

const COMPARISON = new Set(['==', '!=', '===', '!==', '<', '<=', '>', '>=', 'in', 'instanceof']);

/**
 * Parses one test with Babel (as a script) and decides how it is run and judged (see {@link TestPlan}).
 * Never throws: a test that does not parse is `invalid` with `ERROR:SyntaxError: …`, one too deeply nested
 * for the parser `ERROR:OracleLimit: …`.
 *
 * @param source - one test, JavaScript (TypeScript tests are stripped of types first)
 * @example
 * planTest('assert.strictEqual(add(1, 2), 3)');
 * // { kind: 'split', check: 'same', expected: { kind: 'number', value: 3 }, probe: 'add(1, 2)', message: { kind: 'none' }, usesAssert: false }
 * planTest('assert.throws(() => f(-1), RangeError)'); // { kind: 'child', source: '…', messageGiven: false }
 */
export function planTest(source: string): TestPlan {
  let body: BabelNode[];
  try {
    const file = parse(source, { sourceType: 'script', errorRecovery: false }) as unknown as {
      program: { body: unknown[] };
    };
    body = file.program.body.filter(isNode);
  } catch (error) {
    if (error instanceof RangeError) {
      return { kind: 'invalid', outcome: 'ERROR:OracleLimit: the test is nested too deeply for the judge to parse' };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'invalid', outcome: `ERROR:SyntaxError: ${message}` };
  }
  const whole = { kind: 'child', source, messageGiven: null } as const;
  if (body.length !== 1) return whole;
  const [statement] = body as [BabelNode];
  const call = statement.type === 'ExpressionStatement' ? child(statement, 'expression') : undefined;
  if (call?.type !== 'CallExpression') return whole;
  const method = assertMethod(call);
  if (method === undefined) return whole;
  const args = children(call, 'arguments');
  if (args.some((arg) => arg === null || arg.type === 'SpreadElement')) return whole;
  const argNodes = args as BabelNode[];
  const text = (node: BabelNode): string => source.slice(node.start, node.end);
  const childPlan = (messageIndex: number): TestPlan => ({
    kind: 'child',
    source,
    messageGiven: argNodes.length > messageIndex,
  });

  if (method === 'ok' || method === 'assert') {
    const [value, messageNode] = argNodes;
    if (!value) return childPlan(1);
    const message = messageOf(messageNode, text);
    const literal = literalValue(value);
    if (literal) return literalPlan(isTruthy(literal), message, () => childPlan(1));
    if (value.type === 'BinaryExpression' && (value.operator === '===' || value.operator === '!==')) {
      const check: SplitCheck = value.operator === '===' ? 'strict-equal' : 'not-strict-equal';
      const split = splitSides(child(value, 'left'), child(value, 'right'));
      if (!split) return childPlan(1);
      if (split.kind === 'both') {
        const equal = isStrictlyEqualLiterals(split.left, split.right);
        return literalPlan(check === 'strict-equal' ? equal : !equal, message, () => childPlan(1));
      }
      return splitPlan(check, split.probe, text, message, split.expected);
    }
    if (isComparisonLike(value)) return childPlan(1);
    if (value.type === 'UnaryExpression' && value.operator === '!') {
      const operand = child(value, 'argument');
      if (!operand || isComparisonLike(operand) || (operand.type === 'UnaryExpression' && operand.operator === '!')) {
        return childPlan(1);
      }
      return splitPlan('falsy', operand, text, message);
    }
    return splitPlan('truthy', value, text, message);
  }

  const check = SAME.get(method);
  if (check !== undefined) {
    const [left, right, messageNode] = argNodes;
    if (!left || !right) return childPlan(2);
    const message = messageOf(messageNode, text);
    const split = splitSides(left, right);
    if (!split) return childPlan(2);
    if (split.kind === 'both') {
      const deep = check === 'deep' || check === 'not-deep';
      const equal = deep ? isDeepStrictEqual(split.left, split.right) : isSameValue(split.left, split.right);
      const negated = check === 'not-same' || check === 'not-deep';
      return literalPlan(negated ? !equal : equal, message, () => childPlan(2));
    }
    return splitPlan(check, split.probe, text, message, split.expected);
  }

  if (method === 'throws' || method === 'doesNotThrow') {
    const second = argNodes[1];
    const stringSecond =
      second !== undefined &&
      (second.type === 'StringLiteral' ||
        (second.type === 'TemplateLiteral' && children(second, 'expressions').length === 0));
    return { kind: 'child', source, messageGiven: argNodes.length > 2 || (argNodes.length === 2 && stringSecond) };
  }
  const index = MESSAGE_INDEX.get(method);
  return index === undefined ? whole : childPlan(index);
}

/** The method an `assert(…)` / `assert.<name>(…)` call uses, or undefined for any other call. */
function assertMethod(call: BabelNode): string | undefined {
  if (call.optional === true) return undefined;
  const callee = child(call, 'callee');
  if (!callee) return undefined;
  if (callee.type === 'Identifier' && callee.name === 'assert') return 'assert';
  if (callee.type !== 'MemberExpression' || callee.computed === true) return undefined;
  const object = child(callee, 'object');
  const property = child(callee, 'property');
  if (object?.type !== 'Identifier' || object.name !== 'assert' || property?.type !== 'Identifier') return undefined;
  return typeof property.name === 'string' ? property.name : undefined;
}

type Sides = { kind: 'both'; left: JsValue; right: JsValue } | { kind: 'one'; probe: BabelNode; expected: JsValue };

/** Exactly one literal side (the other is the probe), both literal, or undefined for neither. */
function splitSides(left: BabelNode | undefined, right: BabelNode | undefined): Sides | undefined {
  if (!left || !right) return undefined;
  const leftValue = literalValue(left);
  const rightValue = literalValue(right);
  if (leftValue && rightValue) return { kind: 'both', left: leftValue, right: rightValue };
  if (rightValue) return { kind: 'one', probe: left, expected: rightValue };
  if (leftValue) return { kind: 'one', probe: right, expected: leftValue };
  return undefined;
}

function isStrictlyEqualLiterals(a: JsValue, b: JsValue): boolean {
  if (!isPrimitive(a) || !isPrimitive(b)) return false;
  if (a.kind === 'number' && b.kind === 'number') return a.value === b.value;
  return isSameValue(a, b);
}

/** A comparison, a logical expression or a negation of one: its truth is computed by the snippet's side. */
function isComparisonLike(node: BabelNode): boolean {
  if (node.type === 'LogicalExpression') return true;
  if (node.type === 'BinaryExpression' && typeof node.operator === 'string') return COMPARISON.has(node.operator);
  return false;
}

function messageOf(node: BabelNode | undefined, text: (node: BabelNode) => string): TestMessage {
  if (!node) return { kind: 'none' };
  const literal = literalValue(node);
  if (literal && isPrimitive(literal)) {
    if (literal.kind === 'undefined' || literal.kind === 'null') return { kind: 'none' };
    return { kind: 'literal', text: primitiveText(literal) };
  }
  return { kind: 'expression', source: text(node) };
}

/** `String(value)` of a literal primitive, as JavaScript writes it. */
function primitiveText(value: JsValue): string {
  switch (value.kind) {
    case 'boolean':
    case 'number':
    case 'string':
    case 'bigint':
      return String(value.value);
    default:
      return String(value.kind);
  }
}

function literalPlan(holds: boolean, message: TestMessage, orChild: () => TestPlan): TestPlan {
  // A message that is an expression still has to be evaluated (it may throw): judged in the sandbox.
  return message.kind === 'expression' ? orChild() : { kind: 'literal', holds, message };
}

function splitPlan(
  check: SplitCheck,
  probe: BabelNode,
  text: (node: BabelNode) => string,
  message: TestMessage,
  expected?: JsValue,
): TestPlan {
  const probeSource = text(probe);
  const usesAssert = mentionsAssert(probe);
  return expected === undefined
    ? { kind: 'split', check, probe: probeSource, message, usesAssert }
    : { kind: 'split', check, expected, probe: probeSource, message, usesAssert };
}

/** Whether an identifier `assert` occurs anywhere in the subtree (then the sandbox provides its `assert`). */
function mentionsAssert(node: BabelNode): boolean {
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const item = stack.pop();
    if (Array.isArray(item)) {
      for (const entry of item) stack.push(entry);
      continue;
    }
    if (!isNode(item)) continue;
    if (item.type === 'Identifier' && item.name === 'assert') return true;
    for (const [key, value] of Object.entries(item)) {
      if (key === 'loc' || key === 'extra' || key === 'leadingComments' || key === 'trailingComments') continue;
      if (typeof value === 'object' && value !== null) stack.push(value);
    }
  }
  return false;
}
