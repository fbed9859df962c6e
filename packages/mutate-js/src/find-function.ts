import { type AstNode, isNode, type Path } from './ast.js';
import { MutateJsError } from './errors.js';

/** The task's function in a parsed canonical: the function node and the path of its body. */
export interface TaskFunction {
  node: AstNode;
  body: AstNode;
  bodyPath: Path;
}

const FUNCTION_VALUES = new Set(['FunctionExpression', 'ArrowFunctionExpression']);

function definitions(statement: AstNode, index: number): { name: string; node: AstNode; path: Path }[] {
  const base: Path = [
    ['program', null],
    ['body', index],
  ];
  let declaration: unknown = statement;
  let path = base;
  if (statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration') {
    declaration = statement.declaration;
    path = [...base, ['declaration', null]];
  }
  if (!isNode(declaration)) return [];
  if (declaration.type === 'FunctionDeclaration' && isNode(declaration.id)) {
    return [{ name: String(declaration.id.name), node: declaration, path }];
  }
  if (declaration.type !== 'VariableDeclaration') return [];
  const found: { name: string; node: AstNode; path: Path }[] = [];
  (declaration.declarations as AstNode[]).forEach((declarator, i) => {
    const id = declarator.id;
    const init = declarator.init;
    if (isNode(id) && id.type === 'Identifier' && isNode(init) && FUNCTION_VALUES.has(init.type)) {
      found.push({ name: String(id.name), node: init, path: [...path, ['declarations', i], ['init', null]] });
    }
  });
  return found;
}

/**
 * Finds the top-level definition of `functionName` in a parsed program: `function name(…)` (also behind
 * `export`), or `const/let/var name = function (…) {…}` / an arrow function. Throws `MutateJsError('not-found')`
 * when there is none or more than one, naming the top-level functions that were found.
 *
 * @example
 * findTaskFunction(parseProgram('function f(a) { return a; }', 'javascript', 'script'), 'f').bodyPath
 * // [['program', null], ['body', 0], ['body', null]]
 */
export function findTaskFunction(file: AstNode & { program: { body: AstNode[] } }, functionName: string): TaskFunction {
  const all = file.program.body.flatMap((statement, i) => definitions(statement, i));
  const matches = all.filter((d) => d.name === functionName);
  if (matches.length !== 1) {
    const names = all.map((d) => d.name).join(', ') || 'none';
    throw new MutateJsError(
      'not-found',
      matches.length === 0
        ? `@execret/mutate-js enumerateJsMutants: the canonical does not define a top-level function ${functionName} (top-level functions found: ${names})`
        : `@execret/mutate-js enumerateJsMutants: the canonical defines ${functionName} ${matches.length} times at the top level; expected exactly one definition`,
    );
  }
  const match = matches[0] as { node: AstNode; path: Path };
  return { node: match.node, body: match.node.body as AstNode, bodyPath: [...match.path, ['body', null]] };
}
