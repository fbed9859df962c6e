import { parse } from '@babel/parser';
import { createPrng, shuffled } from '../prng.js';

/** A literal argument value a JavaScript probe can print back exactly. */
type JsLiteral = number | string | boolean | null | JsLiteral[] | { [key: string]: JsLiteral };

/** Longest printed argument list a probe may have. */
const MAX_PROBE_CHARS = 2000;

interface Node {
  type: string;
  [key: string]: unknown;
}

/** The value of a literal-only expression (numbers, strings, booleans, null, arrays, plain objects), or undefined. */
function literalOf(node: Node, depth = 0): JsLiteral | undefined {
  if (depth > 8) return undefined;
  switch (node.type) {
    case 'NumericLiteral':
      return node.value as number;
    case 'StringLiteral':
      return node.value as string;
    case 'BooleanLiteral':
      return node.value as boolean;
    case 'NullLiteral':
      return null;
    case 'UnaryExpression': {
      const argument = node.argument as Node;
      return node.operator === '-' && argument.type === 'NumericLiteral' ? -(argument.value as number) : undefined;
    }
    case 'ArrayExpression': {
      const out: JsLiteral[] = [];
      for (const element of node.elements as (Node | null)[]) {
        if (element === null) return undefined;
        const value = literalOf(element, depth + 1);
        if (value === undefined) return undefined;
        out.push(value);
      }
      return out;
    }
    case 'ObjectExpression': {
      const out: { [key: string]: JsLiteral } = {};
      for (const p of node.properties as Node[]) {
        const key = p.key as Node;
        if (p.type !== 'ObjectProperty' || p.computed === true) return undefined;
        const name =
          key.type === 'Identifier'
            ? (key.name as string)
            : key.type === 'StringLiteral'
              ? (key.value as string)
              : undefined;
        const value = literalOf(p.value as Node, depth + 1);
        if (name === undefined || value === undefined || name === '__proto__') return undefined;
        out[name] = value;
      }
      return out;
    }
    default:
      return undefined;
  }
}

/** JavaScript source of a literal value (undefined when it has none: a non-finite number). */
function printJs(value: JsLiteral): string | undefined {
  if (value === null) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    return Object.is(value, -0) ? '-0' : String(value);
  }
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'boolean') return String(value);
  const parts: string[] = [];
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = printJs(item);
      if (text === undefined) return undefined;
      parts.push(text);
    }
    return `[${parts.join(', ')}]`;
  }
  for (const [key, item] of Object.entries(value)) {
    const text = printJs(item);
    if (text === undefined) return undefined;
    parts.push(`${JSON.stringify(key)}: ${text}`);
  }
  return parts.length > 0 ? `{ ${parts.join(', ')} }` : '{}';
}

/** Values near `value` of the same type, in a fixed order (the rules of `python/probe_inputs.py`). */
function variations(value: JsLiteral, depth = 0): JsLiteral[] {
  if (typeof value === 'boolean') return [!value];
  if (typeof value === 'number') {
    return Number.isInteger(value) ? [value + 1, value - 1, -value, 0] : [value + 0.5, -value, 0, value * 2];
  }
  if (typeof value === 'string') {
    const chars = [...value];
    return [
      '',
      chars.reverse().join(''),
      [...value].slice(1).join(''),
      value + ([...value][0] ?? ''),
      value.toUpperCase(),
      `${value} `,
    ];
  }
  if (value === null) return [];
  if (Array.isArray(value)) {
    const forms: JsLiteral[] = [[], [...value].reverse(), value.slice(0, -1), [...value, ...value.slice(0, 1)]];
    if (value.length > 0 && depth < 2) {
      for (const v of variations(value[0]!, depth + 1).slice(0, 2)) forms.push([v, ...value.slice(1)]);
    }
    return forms;
  }
  const keys = Object.keys(value);
  const forms: JsLiteral[] = [{}];
  if (keys.length > 0) forms.push(Object.fromEntries(keys.slice(1).map((k) => [k, value[k]!])));
  return forms;
}

/**
 * Probe inputs of a JavaScript/TypeScript task, by the rules of `python/probe_inputs.py`: every call
 * `functionName(…)` in a test (parsed by Babel, the `typescript` plugin for TypeScript) whose arguments are all
 * literals (numbers, strings, booleans, `null`, arrays, plain objects) is a base; each argument of each base is
 * varied (numbers ±1, negated, zero — non-integers +0.5, negated, zero, doubled; strings emptied, reversed, cut,
 * extended, upper-cased, a space added; booleans negated; arrays emptied, reversed, cut, extended, their first
 * element varied; objects emptied or cut); variations equal to a base, not printable (non-finite numbers) or longer
 * than 2,000 characters printed are left out; the rest are shuffled with `createPrng(seed)` and the first `count`
 * kept. Each probe is the source of the argument list, e.g. `[3, "ab"]`.
 *
 * @example
 * jsProbeInputs(['assert.strictEqual(add(1, 2), 3)'], { functionName: 'add', language: 'javascript', seed: 's', count: 2 })
 * // two of '[2, 2]', '[0, 2]', '[-1, 2]', '[1, 3]', …
 */
export function jsProbeInputs(
  tests: readonly string[],
  options: { functionName: string; language: 'javascript' | 'typescript'; seed: string; count: number },
): string[] {
  const bases: JsLiteral[][] = [];
  const known = new Set<string>();
  for (const test of tests) {
    let file: Node;
    try {
      file = parse(test, {
        sourceType: 'script',
        plugins: options.language === 'typescript' ? ['typescript'] : [],
      }) as unknown as Node;
    } catch {
      continue;
    }
    const stack: unknown[] = [file];
    while (stack.length > 0) {
      const value = stack.pop();
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i -= 1) stack.push(value[i]);
        continue;
      }
      if (typeof value !== 'object' || value === null || typeof (value as Node).type !== 'string') continue;
      const node = value as Node;
      const callee = node.callee as Node | undefined;
      if (node.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === options.functionName) {
        const args = (node.arguments as Node[]).map((a) => literalOf(a));
        if (args.every((a) => a !== undefined)) {
          const text = printJs(args as JsLiteral[]);
          if (text !== undefined && !known.has(text)) {
            known.add(text);
            bases.push(args as JsLiteral[]);
          }
        }
      }
      for (const [key, child] of Object.entries(node).reverse()) {
        if (key !== 'loc' && key !== 'extra' && key !== 'comments' && typeof child === 'object') stack.push(child);
      }
    }
  }
  const candidates: string[] = [];
  for (const args of bases) {
    args.forEach((arg, position) => {
      for (const varied of variations(arg)) {
        const text = printJs([...args.slice(0, position), varied, ...args.slice(position + 1)]);
        if (text === undefined || text.length > MAX_PROBE_CHARS || known.has(text)) continue;
        known.add(text);
        candidates.push(text);
      }
    });
  }
  return shuffled(candidates, createPrng(options.seed)).slice(0, options.count);
}
