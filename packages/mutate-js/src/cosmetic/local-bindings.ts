import { type AstNode, isNode, isSemanticKey, type Path } from '../ast.js';
import { FUNCTION_TYPES } from '../walk.js';

/** One identifier of the task function that a rename would change, and where it sits in the tree. */
interface NameOccurrence {
  node: AstNode;
  path: Path;
}

/** What {@link localBindings} found in the task function. */
export interface LocalBindings {
  /** Names that may be renamed, in order of first occurrence, each with every occurrence to change. */
  renameable: { name: string; occurrences: NameOccurrence[] }[];
}

const BLOCK_SCOPES = new Set([
  'BlockStatement',
  'Program',
  'ForStatement',
  'ForInStatement',
  'ForOfStatement',
  'SwitchStatement',
  'StaticBlock',
  'CatchClause',
]);
/** Keys that hold TypeScript types (never runtime names). */
const TYPE_KEYS = new Set([
  'typeAnnotation',
  'typeParameters',
  'typeArguments',
  'returnType',
  'superTypeParameters',
  'implements',
  'predicate',
]);
/** TypeScript nodes whose `expression` is a runtime value. */
const TS_RUNTIME = new Set([
  'TSAsExpression',
  'TSSatisfiesExpression',
  'TSNonNullExpression',
  'TSTypeAssertion',
  'TSInstantiationExpression',
]);
/** Names whose presence makes renaming unsafe anywhere in the function. */
const BLOCKING_NAMES = new Set(['arguments', 'eval']);

type Role = 'expr' | 'binding' | 'assign';

interface Binding {
  count: number;
  scope: AstNode | null;
}

/**
 * Finds the parameters and locals of the task function that a consistent rename may change: every name with exactly
 * one binding inside the function (a parameter, a `var`/`let`/`const` declarator, a catch parameter, including
 * those of nested functions) whose every occurrence in the function lies inside that binding's scope (`var` and
 * parameters: their function; `let`/`const`: their block or loop; catch parameters: their clause). Never: the
 * function's own name, names of nested function or class declarations and expressions, names used as shorthand
 * properties (`{ a }`, which would change a key), names occurring in TypeScript types (`typeof x`), labels and
 * property names (not variables). A function that mentions `arguments` or `eval`, or holds a `with` statement, has
 * no renameable names. Occurrences are the identifiers themselves (with a type annotation, the name is the first
 * `name.length` characters of the node).
 *
 * @example
 * localBindings(taskFunction.node, path).renameable.map((r) => r.name) // ['items', 'count']
 */
export function localBindings(fn: AstNode, fnPath: Path): LocalBindings {
  const bindings = new Map<string, Binding>();
  const occurrences = new Map<string, NameOccurrence[]>();
  const order: string[] = [];
  const refused = new Set<string>();
  let blocked = false;

  const occur = (node: AstNode, path: Path): void => {
    const name = String(node.name);
    if (BLOCKING_NAMES.has(name)) blocked = true;
    let list = occurrences.get(name);
    if (list === undefined) {
      list = [];
      occurrences.set(name, list);
      order.push(name);
    }
    list.push({ node, path });
  };
  const bind = (name: string, scope: AstNode | null): void => {
    const b = bindings.get(name);
    if (b === undefined) bindings.set(name, { count: 1, scope });
    else b.count += 1;
  };
  const typeNames = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) typeNames(item);
      return;
    }
    if (!isNode(value)) return;
    if (value.type === 'Identifier') refused.add(String(value.name));
    for (const [key, child] of Object.entries(value)) if (isSemanticKey(key)) typeNames(child);
  };
  const nearest = (ancestors: readonly AstNode[], types: ReadonlySet<string>): AstNode | null => {
    for (let i = ancestors.length - 1; i >= 0; i -= 1) if (types.has(ancestors[i]!.type)) return ancestors[i]!;
    return null;
  };
  const nearestFunction = (ancestors: readonly AstNode[]): AstNode | null => nearest(ancestors, FUNCTION_TYPES);
  const nearestBlock = (ancestors: readonly AstNode[]): AstNode | null =>
    nearest(ancestors, new Set([...BLOCK_SCOPES, ...FUNCTION_TYPES]));

  /** Visits `value` (a node, a list or nothing) reached by `path` with the given role and binding scope. */
  const visit = (
    value: unknown,
    path: Path,
    ancestors: readonly AstNode[],
    role: Role,
    scope: AstNode | null,
  ): void => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        visitNode(item, [...path.slice(0, -1), [path[path.length - 1]![0], i]], ancestors, role, scope);
      });
      return;
    }
    visitNode(value, path, ancestors, role, scope);
  };
  const child = (
    node: AstNode,
    key: string,
    path: Path,
    ancestors: readonly AstNode[],
    role: Role = 'expr',
    scope: AstNode | null = null,
  ): void => {
    const value = node[key];
    if (value === undefined || value === null) return;
    visit(value, [...path, [key, null]], [...ancestors, node], role, scope);
  };
  const generic = (node: AstNode, path: Path, ancestors: readonly AstNode[], skip: readonly string[] = []): void => {
    for (const key of Object.keys(node)) {
      if (!isSemanticKey(key) || skip.includes(key)) continue;
      if (TYPE_KEYS.has(key)) typeNames(node[key]);
      else child(node, key, path, ancestors);
    }
  };

  const visitNode = (
    value: unknown,
    path: Path,
    ancestors: readonly AstNode[],
    role: Role,
    scope: AstNode | null,
  ): void => {
    if (!isNode(value)) return;
    const node = value;
    const t = node.type;
    if (t === 'Identifier') {
      occur(node, path);
      if (role === 'binding') bind(String(node.name), scope);
      if (node.typeAnnotation) typeNames(node.typeAnnotation);
      return;
    }
    if (t.startsWith('TS')) {
      if (TS_RUNTIME.has(t)) {
        child(node, 'expression', path, ancestors);
        for (const key of Object.keys(node)) if (key !== 'expression' && isSemanticKey(key)) typeNames(node[key]);
      } else if (t === 'TSParameterProperty') {
        child(node, 'parameter', path, ancestors, role, scope);
      } else {
        typeNames(node);
      }
      return;
    }
    if (t === 'WithStatement') blocked = true;
    if (FUNCTION_TYPES.has(t)) {
      if (isNode(node.id) && node !== fn) refused.add(String(node.id.name));
      if (node.computed === true) child(node, 'key', path, ancestors);
      child(node, 'params', path, ancestors, 'binding', node);
      child(node, 'body', path, ancestors);
      child(node, 'decorators', path, ancestors);
      for (const key of ['returnType', 'typeParameters', 'predicate']) typeNames(node[key]);
      return;
    }
    if (t === 'ClassDeclaration' || t === 'ClassExpression') {
      if (isNode(node.id)) refused.add(String(node.id.name));
      generic(node, path, ancestors, ['id']);
      return;
    }
    if (t === 'ClassProperty' || t === 'ClassPrivateProperty' || t === 'ClassAccessorProperty') {
      generic(node, path, ancestors, node.computed === true ? [] : ['key']);
      return;
    }
    if (t === 'VariableDeclaration') {
      const declScope = node.kind === 'var' ? nearestFunction(ancestors) : nearestBlock(ancestors);
      for (const [i, d] of (node.declarations as AstNode[]).entries()) {
        const dPath: Path = [...path, ['declarations', i]];
        const inner = [...ancestors, node];
        visit(d.id, [...dPath, ['id', null]], [...inner, d], 'binding', declScope);
        if (d.init) visit(d.init, [...dPath, ['init', null]], [...inner, d], 'expr', null);
      }
      return;
    }
    if (t === 'CatchClause') {
      child(node, 'param', path, ancestors, 'binding', node);
      child(node, 'body', path, ancestors);
      return;
    }
    if (t === 'ObjectPattern' || t === 'ObjectExpression') {
      const inner: Role = t === 'ObjectPattern' ? role : 'expr';
      for (const [i, p] of (node.properties as AstNode[]).entries()) {
        const pPath: Path = [...path, ['properties', i]];
        const pAncestors = [...ancestors, node];
        if (p.type === 'ObjectProperty') {
          if (p.shorthand === true && isNode(p.key)) refused.add(String(p.key.name));
          if (p.computed === true) visit(p.key, [...pPath, ['key', null]], [...pAncestors, p], 'expr', null);
          visit(p.value, [...pPath, ['value', null]], [...pAncestors, p], inner, scope);
        } else {
          visitNode(p, pPath, pAncestors, inner, scope);
        }
      }
      if (node.typeAnnotation) typeNames(node.typeAnnotation);
      return;
    }
    if (t === 'ArrayPattern' || t === 'RestElement') {
      child(node, t === 'ArrayPattern' ? 'elements' : 'argument', path, ancestors, role, scope);
      if (node.typeAnnotation) typeNames(node.typeAnnotation);
      return;
    }
    if (t === 'AssignmentPattern') {
      child(node, 'left', path, ancestors, role, scope);
      child(node, 'right', path, ancestors);
      return;
    }
    if (t === 'AssignmentExpression') {
      child(node, 'left', path, ancestors, 'assign');
      child(node, 'right', path, ancestors);
      return;
    }
    if (t === 'ForInStatement' || t === 'ForOfStatement') {
      const left = node.left as AstNode;
      child(node, 'left', path, ancestors, left.type === 'VariableDeclaration' ? 'expr' : 'assign');
      child(node, 'right', path, ancestors);
      child(node, 'body', path, ancestors);
      return;
    }
    if (t === 'MemberExpression' || t === 'OptionalMemberExpression') {
      child(node, 'object', path, ancestors);
      if (node.computed === true) child(node, 'property', path, ancestors);
      return;
    }
    if (t === 'LabeledStatement') {
      child(node, 'body', path, ancestors);
      return;
    }
    if (t === 'BreakStatement' || t === 'ContinueStatement' || t === 'MetaProperty' || t === 'PrivateName') return;
    generic(node, path, ancestors);
  };

  visitNode(fn, fnPath, [], 'expr', null);

  if (blocked) return { renameable: [] };
  const renameable: LocalBindings['renameable'] = [];
  for (const name of order) {
    const binding = bindings.get(name);
    if (binding === undefined || binding.count !== 1 || binding.scope === null || refused.has(name)) continue;
    const list = occurrences.get(name)!;
    const { start, end } = binding.scope;
    if (list.some((o) => o.node.start < start || o.node.end > end)) continue;
    renameable.push({ name, occurrences: list });
  }
  return { renameable };
}
