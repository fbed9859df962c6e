import { type BabelNode, child, children } from './babel-node.js';
import { isPrimitive, type JsValue, primitiveTruthy } from './js-value.js';

/** Deepest literal the judge evaluates (deeper ones are not literals: the test is judged in the sandbox). */
const MAX_LITERAL_DEPTH = 200;

/**
 * The value of an expression made only of literals, computed by the judge without running JavaScript, or
 * `undefined` when the expression is not such a literal. Literals are: numbers, strings, template strings
 * without substitutions, booleans, `null`, bigints, the global constants `undefined`, `NaN` and `Infinity`
 * (non-writable, non-configurable properties of the global object, which a script cannot rebind), `-`/`+`
 * on a number, `-` on a bigint, `void` and `!` on a literal primitive, and arrays (holes allowed, no
 * spread) and objects (plain `key: literal` properties with identifier, string or number keys; no
 * computed keys, shorthands, methods, accessors, spread or `__proto__`) of literals.
 *
 * @param node - a Babel expression node
 * @example
 * literalValue(parseExpression('[1, -0, NaN, { a: "x" }]'));
 * // { kind: 'array', length: 4, entries: Map { '0' => 1, '1' => -0, '2' => NaN, '3' => { kind: 'object', … } } }
 * literalValue(parseExpression('x + 1')); // undefined
 */
export function literalValue(node: BabelNode): JsValue | undefined {
  return evaluate(node, 0);
}

function evaluate(node: BabelNode, depth: number): JsValue | undefined {
  if (depth > MAX_LITERAL_DEPTH) return undefined;
  switch (node.type) {
    case 'NumericLiteral':
      return typeof node.value === 'number' ? { kind: 'number', value: node.value } : undefined;
    case 'StringLiteral':
      return typeof node.value === 'string' ? { kind: 'string', value: node.value } : undefined;
    case 'BooleanLiteral':
      return typeof node.value === 'boolean' ? { kind: 'boolean', value: node.value } : undefined;
    case 'NullLiteral':
      return { kind: 'null' };
    case 'BigIntLiteral': {
      const big = bigintOf(node.value);
      return big === undefined ? undefined : { kind: 'bigint', value: big };
    }
    case 'TemplateLiteral': {
      if (children(node, 'expressions').length !== 0) return undefined;
      const [quasi] = children(node, 'quasis');
      const cooked = (quasi?.value as { cooked?: unknown } | undefined)?.cooked;
      return typeof cooked === 'string' ? { kind: 'string', value: cooked } : undefined;
    }
    case 'Identifier':
      if (node.name === 'undefined') return { kind: 'undefined' };
      if (node.name === 'NaN') return { kind: 'number', value: Number.NaN };
      if (node.name === 'Infinity') return { kind: 'number', value: Number.POSITIVE_INFINITY };
      return undefined;
    case 'UnaryExpression':
      return unary(node, depth);
    case 'ArrayExpression':
      return array(node, depth);
    case 'ObjectExpression':
      return object(node, depth);
    default:
      return undefined;
  }
}

function bigintOf(text: unknown): bigint | undefined {
  if (typeof text !== 'string' || text.length > 10_000) return undefined;
  try {
    return BigInt(text.replaceAll('_', ''));
  } catch {
    return undefined;
  }
}

function unary(node: BabelNode, depth: number): JsValue | undefined {
  const argumentNode = child(node, 'argument');
  if (!argumentNode || node.prefix === false) return undefined;
  const operand = evaluate(argumentNode, depth + 1);
  if (!operand) return undefined;
  switch (node.operator) {
    case '-':
      if (operand.kind === 'number') return { kind: 'number', value: -operand.value };
      if (operand.kind === 'bigint') return { kind: 'bigint', value: -operand.value };
      return undefined;
    case '+':
      return operand.kind === 'number' ? operand : undefined;
    case 'void':
      return isPrimitive(operand) ? { kind: 'undefined' } : undefined;
    case '!':
      return isPrimitive(operand) ? { kind: 'boolean', value: !primitiveTruthy(operand) } : undefined;
    default:
      return undefined;
  }
}

function array(node: BabelNode, depth: number): JsValue | undefined {
  const raw = node.elements;
  if (!Array.isArray(raw)) return undefined;
  const entries = new Map<string, JsValue>();
  for (let i = 0; i < raw.length; i++) {
    const element = raw[i] as BabelNode | null;
    if (element === null) continue;
    if (element.type === 'SpreadElement') return undefined;
    const value = evaluate(element, depth + 1);
    if (!value) return undefined;
    entries.set(String(i), value);
  }
  return { kind: 'array', length: raw.length, entries, symbols: 0 };
}

function object(node: BabelNode, depth: number): JsValue | undefined {
  const entries = new Map<string, JsValue>();
  for (const property of children(node, 'properties')) {
    if (property?.type !== 'ObjectProperty' || property.computed === true || property.shorthand === true) {
      return undefined;
    }
    const keyNode = child(property, 'key');
    const valueNode = child(property, 'value');
    if (!keyNode || !valueNode) return undefined;
    let key: string;
    if (keyNode.type === 'Identifier' && typeof keyNode.name === 'string') key = keyNode.name;
    else if (keyNode.type === 'StringLiteral' && typeof keyNode.value === 'string') key = keyNode.value;
    else if (keyNode.type === 'NumericLiteral' && typeof keyNode.value === 'number') key = String(keyNode.value);
    else if (keyNode.type === 'BigIntLiteral') {
      const big = bigintOf(keyNode.value);
      if (big === undefined) return undefined;
      key = String(big);
    } else return undefined;
    // `__proto__: x` in a literal sets the prototype instead of creating a property.
    if (key === '__proto__') return undefined;
    const value = evaluate(valueNode, depth + 1);
    if (!value) return undefined;
    entries.delete(key);
    entries.set(key, value);
  }
  return { kind: 'object', proto: 'Object', entries, symbols: 0 };
}
