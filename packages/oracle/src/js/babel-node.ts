/**
 * A Babel AST node seen through the fields the JavaScript runner reads. Babel's own types are not part of
 * this package's surface, so nodes are read generically and narrowed by `type`.
 */
export interface BabelNode {
  type: string;
  /** UTF-16 offset of the first character. */
  start: number;
  /** UTF-16 offset just after the last character. */
  end: number;
  [key: string]: unknown;
}

/**
 * The child node under `key`, when it is one.
 *
 * @example
 * child(parseExpression('f(x)'), 'callee')?.type; // 'Identifier'
 */
export function child(node: BabelNode, key: string): BabelNode | undefined {
  const value = node[key];
  return isNode(value) ? value : undefined;
}

/**
 * The list under `key` (elements may be `null`, e.g. array holes), or an empty list.
 *
 * @example
 * children(parseExpression('[1, , 2]'), 'elements').length; // 3
 */
export function children(node: BabelNode, key: string): (BabelNode | null)[] {
  const value = node[key];
  return Array.isArray(value) ? value.map((item) => (isNode(item) ? item : null)) : [];
}

/**
 * Whether `value` looks like a Babel node.
 *
 * @example
 * isNode({ type: 'Identifier', start: 0, end: 1 }); // true
 */
export function isNode(value: unknown): value is BabelNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string' &&
    typeof (value as { start?: unknown }).start === 'number' &&
    typeof (value as { end?: unknown }).end === 'number'
  );
}
