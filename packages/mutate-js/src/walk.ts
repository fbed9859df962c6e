import { type AstNode, isNode, isSemanticKey, type Path } from './ast.js';

/** One node met while walking the mutable part of the task's function, with how it was reached. */
export interface Visit {
  node: AstNode;
  path: Path;
  /** The nodes from the walk's root down to the parent of `node` (empty for the root). */
  ancestors: readonly AstNode[];
  /** The key (and index) under which `node` sits in its parent; null for the root. */
  key: string | null;
  index: number | null;
}

/** Babel node types that open a function (its parameters and body are the function's scope). */
export const FUNCTION_TYPES: ReadonlySet<string> = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ObjectMethod',
  'ClassMethod',
  'ClassPrivateMethod',
]);

/** Keys never walked: TypeScript types, decorators and other signature parts. */
const SKIPPED_KEYS: ReadonlySet<string> = new Set([
  'typeAnnotation',
  'typeParameters',
  'typeArguments',
  'returnType',
  'superTypeParameters',
  'implements',
  'decorators',
  'directives',
]);

/** Keys of a node that the walk may enter, in Babel's field order. */
function walkedKeys(node: AstNode): string[] {
  // Functions (nested helpers included): the body only, never the name or the parameter list with its defaults.
  if (FUNCTION_TYPES.has(node.type)) return ['body'];
  // TypeScript nodes: only the runtime expression of `x as T`, `x!`, `<T>x`, `x satisfies T`, `f<T>`.
  if (node.type.startsWith('TS')) return 'expression' in node ? ['expression'] : [];
  const keys = Object.keys(node).filter((key) => isSemanticKey(key) && !SKIPPED_KEYS.has(key));
  // Property names are not expressions unless computed (`{ [k]: v }`, `a[k]`).
  if (node.computed !== true) return keys.filter((key) => key !== 'key' && key !== 'property');
  return keys;
}

/**
 * Walks the mutable part of the task's function in source order (depth first, parents before children): every
 * expression and statement of its body and of nested helpers' bodies; never a function's name, parameters,
 * defaults or return type, TypeScript type annotations, decorators, directives or non-computed property names.
 *
 * @example
 * [...walkMutable(body, bodyPath)].map((v) => v.node.type) // ['BlockStatement', 'ReturnStatement', …]
 */
export function* walkMutable(root: AstNode, rootPath: Path): Generator<Visit> {
  const stack: Visit[] = [{ node: root, path: rootPath, ancestors: [], key: null, index: null }];
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    yield visit;
    const children: Visit[] = [];
    const ancestors = [...visit.ancestors, visit.node];
    for (const key of walkedKeys(visit.node)) {
      const value = visit.node[key];
      if (Array.isArray(value)) {
        value.forEach((item, index) => {
          if (isNode(item)) children.push({ node: item, path: [...visit.path, [key, index]], ancestors, key, index });
        });
      } else if (isNode(value)) {
        children.push({ node: value, path: [...visit.path, [key, null]], ancestors, key, index: null });
      }
    }
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i] as Visit);
  }
}
