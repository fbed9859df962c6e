import { type AstNode, getAt, isNode, isSemanticKey, type Path, replaceAt } from '../ast.js';
import { localBindings } from './local-bindings.js';
import type { RewriteStep } from './rewrite-step.js';
import { parseForStep, taskFunctionOf } from './rewrite-step.js';
import { parsesTo } from './same-tree.js';
import { spliceText, type TextEdit } from './splice-text.js';

/** Other spellings for common local names (a free one is drawn; derived forms follow). */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  i: ['idx', 'k', 'pos'],
  j: ['jdx', 'inner', 'col'],
  k: ['kk', 'width', 'sizeK'],
  n: ['num', 'size', 'countN'],
  x: ['value', 'val', 'xv'],
  y: ['other', 'yv', 'second'],
  s: ['text', 'str', 'src'],
  c: ['ch', 'char', 'symbol'],
  ch: ['char', 'c', 'letter'],
  items: ['values', 'elements', 'entries'],
  values: ['items', 'nums', 'data'],
  nums: ['numbers', 'values', 'arr'],
  arr: ['list', 'values', 'array'],
  result: ['out', 'res', 'output'],
  res: ['result', 'out', 'acc'],
  out: ['result', 'output', 'res'],
  count: ['total', 'tally', 'num'],
  total: ['acc', 'running', 'sum'],
  sum: ['total', 'acc', 'running'],
  seen: ['visited', 'found', 'known'],
  text: ['s', 'str', 'source'],
  str: ['text', 's', 'input'],
  word: ['token', 'w', 'term'],
  words: ['tokens', 'terms', 'parts'],
  parts: ['pieces', 'chunks', 'segments'],
  start: ['begin', 'lo', 'first'],
  end: ['stop', 'hi', 'last'],
  lo: ['low', 'left', 'start'],
  hi: ['high', 'right', 'end'],
  left: ['lo', 'l', 'begin'],
  right: ['hi', 'r', 'finish'],
  mid: ['middle', 'm', 'pivot'],
  key: ['k', 'name', 'label'],
  value: ['val', 'v', 'item'],
  index: ['idx', 'i', 'position'],
  size: ['n', 'length', 'width'],
  current: ['cur', 'now', 'node'],
  prev: ['previous', 'last', 'before'],
  node: ['cur', 'current', 'entry'],
  stack: ['pending', 'todo', 'st'],
  queue: ['pending', 'frontier', 'q'],
  matrix: ['grid', 'rows', 'm'],
  row: ['r', 'line', 'record'],
  col: ['c', 'column', 'j'],
  counts: ['freq', 'tally', 'histogram'],
  chunks: ['pieces', 'groups', 'batches'],
  map: ['lookup', 'table', 'byKey'],
  set: ['pool', 'members', 'bag'],
  bits: ['word', 'mask', 'v'],
  a: ['first', 'lhs', 'u'],
  b: ['second', 'rhs', 'w'],
};
const DERIVED: readonly ((name: string, cap: string) => string)[] = [
  (n) => `${n}2`,
  (n) => `${n}_`,
  (_n, cap) => `my${cap}`,
  (n) => `${n}Value`,
  (_n, cap) => `the${cap}`,
  (_n, cap) => `cur${cap}`,
];
/** Reserved words, literals-as-names and well-known globals: never a new name. */
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'yield let static implements interface package private protected public await async of get set type as any ' +
    'arguments eval undefined NaN Infinity globalThis Math Object Array Number String Boolean JSON Map Set WeakMap ' +
    'WeakSet Symbol BigInt Date RegExp Error TypeError RangeError SyntaxError Promise Reflect Proxy console ' +
    'parseInt parseFloat isNaN isFinite require module exports process Buffer assert Intl structuredClone ' +
    'setTimeout clearTimeout queueMicrotask Uint8Array Int32Array Float64Array ArrayBuffer DataView'
  ).split(' '),
);

/** Every identifier-like name of the tree (variables, properties, labels, types alike). */
function allNames(value: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) allNames(item, out);
  } else if (isNode(value)) {
    if (typeof value.name === 'string') out.add(value.name);
    for (const [key, child] of Object.entries(value)) if (isSemanticKey(key)) allNames(child, out);
  }
  return out;
}

function freshName(old: string, taken: ReadonlySet<string>, draw: (n: number) => number, preferSynonym: boolean) {
  const cap = old.charAt(0).toUpperCase() + old.slice(1);
  const free = (x: string): boolean => /^[A-Za-z_$][\w$]*$/u.test(x) && !taken.has(x) && !RESERVED.has(x);
  const synonyms = (SYNONYMS[old] ?? []).filter(free);
  if (preferSynonym && synonyms.length > 0) return synonyms[draw(synonyms.length)]!;
  const options = [...synonyms, ...DERIVED.map((f) => f(old, cap)).filter((x) => free(x) && !synonyms.includes(x))];
  return options.length > 0 ? options[draw(options.length)]! : null;
}

/**
 * `rename`: renames a seeded, non-empty subset of the task function's renameable parameters and locals
 * (`localBindings`) consistently, each to a name that occurs nowhere in the program (no variable, property, label
 * or type of that name) and is no reserved word or well-known global: a synonym from a small table two times out
 * of three when one is free, else a synonym or a derived form (`x2`, `x_`, `myX`, `xValue`, `theX`, `curX`).
 * Checked: the result parses to the original tree with exactly those identifiers renamed.
 *
 * @example
 * renameLocals('function f(items) {\n  return items.length;\n}\n', context, rng)
 * // 'function f(values) {\n  return values.length;\n}\n'
 */
export const renameLocals: RewriteStep = (code, context, rng) => {
  const file = parseForStep(code, context);
  const task = taskFunctionOf(file, context);
  if (task === null) return null;
  const fnPath = task.bodyPath.slice(0, -1);
  const { renameable } = localBindings(task.node, fnPath);
  if (renameable.length === 0) return null;
  const taken = allNames(file, new Set<string>());
  const edits: TextEdit[] = [];
  let expected: unknown = file;
  for (const { name, occurrences } of rng.subset(renameable, 0.6)) {
    const renamed = freshName(name, taken, (n) => rng.below(n), rng.chance(2 / 3));
    if (renamed === null) continue;
    taken.add(renamed);
    for (const { node, path } of occurrences) {
      if (code.slice(node.start, node.start + name.length) !== name) return null;
      edits.push({ start: node.start, end: node.start + name.length, text: renamed });
      expected = replaceAt(expected, path as Path, { ...(getAt(expected, path) as AstNode), name: renamed });
    }
  }
  if (edits.length === 0) return null;
  const out = spliceText(code, edits);
  return out !== null && parsesTo(out, expected, context.language, context.sourceType) ? out : null;
};
