/**
 * A Babel AST node seen through the few fields the engine relies on. Babel's own types are not part of this
 * package's public surface, so nodes are read generically.
 */
export interface AstNode {
  type: string;
  /** UTF-16 offset of the first character. */
  start: number;
  /** UTF-16 offset just after the last character. */
  end: number;
  [key: string]: unknown;
}

/** A step from a node to one of its children: the key and, for list fields, the index. */
type PathStep = readonly [key: string, index: number | null];
/** Steps from the root (a Babel `File`) to a node. */
export type Path = readonly PathStep[];

/** Keys that carry positions, comments, raw text or parse bookkeeping rather than meaning. */
const NON_SEMANTIC_KEYS: ReadonlySet<string> = new Set([
  'start',
  'end',
  'loc',
  'range',
  'extra',
  'comments',
  'errors',
  'tokens',
  'leadingComments',
  'trailingComments',
  'innerComments',
]);

/** Whether a key carries meaning (not a position, comment or raw-text field). */
export function isSemanticKey(key: string): boolean {
  return !NON_SEMANTIC_KEYS.has(key);
}

/** Whether `value` is an AST node. */
export function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/**
 * A positions-free, comments-free plain copy of a tree: what the code means to the parser (parentheses, raw
 * literal spellings and comments dropped). Two trees are the same program when their copies are deep-equal.
 */
export function plainTree(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(plainTree);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (isSemanticKey(key)) out[key] = plainTree(value);
  }
  return out;
}

/** The value at `path` below `root` (undefined when the path does not exist). */
export function getAt(root: unknown, path: Path): unknown {
  let node: unknown = root;
  for (const [key, index] of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
    if (index !== null) node = Array.isArray(node) ? node[index] : undefined;
  }
  return node;
}

/**
 * A copy of `root` with the value at `path` replaced by `value`; only the objects along the path are copied,
 * `root` is not modified.
 */
export function replaceAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, index] = path[0] as PathStep;
  const node = root as Record<string, unknown>;
  const child = node[key];
  if (index === null) return { ...node, [key]: replaceAt(child, path.slice(1), value) };
  const list = [...(child as unknown[])];
  list[index] = replaceAt(list[index], path.slice(1), value);
  return { ...node, [key]: list };
}
