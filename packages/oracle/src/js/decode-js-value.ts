import { JS_VALUE_LIMITS } from './defaults.js';
import { isArrayIndex, type JsValue } from './js-value.js';

/** What the sandbox reported for a split test's value. */
export type DecodedJsValue =
  | { status: 'value'; value: JsValue }
  /** The sandbox refused to serialise it (a proxy, an accessor property, over the limits). */
  | { status: 'refused'; reason: string }
  /** The report is not a serialised value: a bug or a forgery (the runner says `ReportTampered`). */
  | { status: 'malformed'; reason: string };

const NUMBER_TEXT = /^(?:-?(?:\d+(?:\.\d+)?(?:e[+-]\d+)?)|NaN|-?Infinity|-0)$/;
const BIGINT_TEXT = /^-?\d+$/;

class Malformed extends Error {}

/**
 * Decodes the JSON text the sandbox's serialiser (`js/prelude.js`) writes for a value. Strict: anything
 * not of the documented shapes, beyond `JS_VALUE_LIMITS` (nodes, depth, characters), or with a key twice
 * is `malformed`; a refusal is reported as such. Never evaluates anything.
 *
 * @param text - the serialised value
 * @example
 * decodeJsValue('["a",2,[["0",["d","1"]],["1",["s","x"]]],0]');
 * // { status: 'value', value: { kind: 'array', length: 2, entries: Map { '0' => …, '1' => … }, symbols: 0 } }
 * decodeJsValue('["r","the value is or contains a Proxy"]'); // { status: 'refused', reason: '…' }
 */
export function decodeJsValue(
  text: string,
  limits: { maxNodes: number; maxDepth: number; maxChars: number } = JS_VALUE_LIMITS,
): DecodedJsValue {
  if (typeof text !== 'string' || text.length > limits.maxChars * 6 + 1024) {
    return { status: 'malformed', reason: 'the serialised value is not a string of bounded size' };
  }
  let tree: unknown;
  try {
    tree = JSON.parse(text);
  } catch {
    return { status: 'malformed', reason: 'the serialised value is not JSON' };
  }
  if (Array.isArray(tree) && tree[0] === 'r') {
    return tree.length === 2 && typeof tree[1] === 'string'
      ? { status: 'refused', reason: tree[1].slice(0, 500) }
      : { status: 'malformed', reason: 'a refusal without a reason' };
  }
  let nodes = 0;
  const build = (node: unknown, depth: number): JsValue => {
    nodes++;
    if (nodes > limits.maxNodes) throw new Malformed(`more than ${limits.maxNodes} nodes`);
    if (depth > limits.maxDepth + 1) throw new Malformed(`deeper than ${limits.maxDepth} levels`);
    if (!Array.isArray(node) || typeof node[0] !== 'string') throw new Malformed('a node that is not a tagged array');
    const [tag] = node;
    const arity = (n: number): void => {
      if (node.length !== n) throw new Malformed(`a "${tag}" node with ${node.length - 1} fields`);
    };
    switch (tag) {
      case 'u':
        arity(1);
        return { kind: 'undefined' };
      case 'n':
        arity(1);
        return { kind: 'null' };
      case 'y':
        arity(1);
        return { kind: 'symbol' };
      case 'f':
        arity(1);
        return { kind: 'function' };
      case 'c':
        arity(1);
        return { kind: 'cycle' };
      case 'b':
        arity(2);
        if (typeof node[1] !== 'boolean') throw new Malformed('a boolean node without a boolean');
        return { kind: 'boolean', value: node[1] };
      case 'd': {
        arity(2);
        const repr = node[1];
        if (typeof repr !== 'string' || !NUMBER_TEXT.test(repr)) throw new Malformed('a number node without a number');
        return { kind: 'number', value: repr === '-0' ? -0 : Number(repr) };
      }
      case 's':
        arity(2);
        if (typeof node[1] !== 'string') throw new Malformed('a string node without a string');
        return { kind: 'string', value: node[1] };
      case 'g':
        arity(2);
        if (typeof node[1] !== 'string' || !BIGINT_TEXT.test(node[1]) || node[1].length > 100_000) {
          throw new Malformed('a bigint node without digits');
        }
        return { kind: 'bigint', value: BigInt(node[1]) };
      case 'x':
        arity(2);
        if (typeof node[1] !== 'string') throw new Malformed('an object node without a description');
        return { kind: 'other', description: node[1].slice(0, 200) };
      case 'a': {
        arity(4);
        const length = node[1];
        if (typeof length !== 'number' || !Number.isInteger(length) || length < 0 || length > 2 ** 32 - 1) {
          throw new Malformed('an array node without a valid length');
        }
        const { entries, symbols } = buildEntries(node[2], node[3], depth);
        for (const key of entries.keys()) {
          if (isArrayIndex(key) && Number(key) >= length) throw new Malformed('an array element beyond its length');
        }
        return { kind: 'array', length, entries, symbols };
      }
      case 'o': {
        arity(4);
        const proto = node[1];
        if (proto !== 'O' && proto !== 'N') throw new Malformed('an object node with an unknown prototype tag');
        const { entries, symbols } = buildEntries(node[2], node[3], depth);
        return { kind: 'object', proto: proto === 'O' ? 'Object' : 'null', entries, symbols };
      }
      default:
        throw new Malformed(`an unknown node tag ${JSON.stringify(String(tag).slice(0, 20))}`);
    }
  };
  const buildEntries = (list: unknown, symbols: unknown, depth: number) => {
    if (!Array.isArray(list)) throw new Malformed('entries that are not a list');
    if (typeof symbols !== 'number' || !Number.isInteger(symbols) || symbols < 0) {
      throw new Malformed('a symbol count that is not a count');
    }
    const entries = new Map<string, JsValue>();
    for (const pair of list) {
      if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string') {
        throw new Malformed('an entry that is not a [key, value] pair');
      }
      if (entries.has(pair[0])) throw new Malformed('a key twice');
      entries.set(pair[0], build(pair[1], depth + 1));
    }
    return { entries, symbols };
  };
  try {
    return { status: 'value', value: build(tree, 0) };
  } catch (error) {
    if (error instanceof Malformed) return { status: 'malformed', reason: error.message };
    throw error;
  }
}
