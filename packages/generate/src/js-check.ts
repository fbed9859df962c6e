import { parse } from '@babel/parser';
import type { JsTaskLanguage } from './enumerate-js.js';

/** An issue of the ast gate, as the Python engine's `check` command reports it. */
interface JsCheckIssue {
  code: string;
  message: string;
  test?: number;
  distractor?: number;
}

/** What {@link checkJsTask} returns: the ast gate's issues and the canonical's top-level names. */
interface JsTaskCheck {
  issues: JsCheckIssue[];
  topLevelNames: string[];
}

interface Node {
  type: string;
  [key: string]: unknown;
}

function parseProgram(code: string, language: JsTaskLanguage): Node[] {
  const file = parse(code, {
    sourceType: 'unambiguous',
    plugins: language === 'typescript' ? ['typescript'] : [],
    errorRecovery: false,
  }) as unknown as { program: { body: Node[] } };
  return file.program.body;
}

function syntaxMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** Every node below `node` (itself included), depth first; position and comment fields are skipped. */
function* walk(node: Node): Generator<Node> {
  yield node;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments' || key === 'innerComments') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) yield* walk(item);
    } else if (isNode(value)) yield* walk(value);
  }
}

function unwrapExport(statement: Node): Node {
  if (
    (statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration') &&
    isNode(statement.declaration)
  )
    return statement.declaration;
  return statement;
}

function identifierName(node: unknown): string | null {
  return isNode(node) && node.type === 'Identifier' ? (node.name as string) : null;
}

/** Names a program declares at top level: functions, classes, `const`/`let`/`var` bindings (plain identifiers). */
function topLevelNames(body: readonly Node[]): string[] {
  const names: string[] = [];
  for (const raw of body) {
    const s = unwrapExport(raw);
    if (s.type === 'FunctionDeclaration' || s.type === 'ClassDeclaration' || s.type === 'TSDeclareFunction') {
      const name = identifierName(s.id);
      if (name !== null) names.push(name);
    } else if (s.type === 'VariableDeclaration') {
      for (const d of s.declarations as Node[]) {
        const name = identifierName(d.id);
        if (name !== null) names.push(name);
      }
    }
  }
  return [...new Set(names)];
}

/** Whether a program defines `name` at top level as a plain function: `function name(…)` or `const name = function/arrow`. */
function definesFunction(body: readonly Node[], name: string): boolean {
  return body.some((raw) => {
    const s = unwrapExport(raw);
    if (s.type === 'FunctionDeclaration')
      return identifierName(s.id) === name && s.async !== true && s.generator !== true;
    if (s.type === 'VariableDeclaration') {
      return (s.declarations as Node[]).some(
        (d) =>
          identifierName(d.id) === name &&
          isNode(d.init) &&
          (d.init.type === 'FunctionExpression' || d.init.type === 'ArrowFunctionExpression') &&
          d.init.async !== true &&
          d.init.generator !== true,
      );
    }
    return false;
  });
}

/** `assert(…)` or `assert.<method>(…)`: the assertion call a test statement must be. */
function isAssertCall(node: Node): boolean {
  if (node.type !== 'CallExpression') return false;
  const callee = node.callee as Node;
  if (identifierName(callee) === 'assert') return true;
  return (
    callee.type === 'MemberExpression' &&
    callee.computed !== true &&
    identifierName(callee.object) === 'assert' &&
    identifierName(callee.property) !== null
  );
}

/**
 * The ast gate of a JavaScript or TypeScript task, with the issue codes of the Python engine's check:
 * the canonical parses (`canonical_syntax`) and defines the function at top level as `function name(…)`
 * or `const name = function/arrow` (not async, not a generator; `function_missing`); each test is one
 * line (`test_multiline`) that parses (`test_syntax`) to exactly one expression statement calling
 * `assert(…)` or `assert.<method>(…)` (`node:assert/strict`; `test_not_assert`) whose arguments call the
 * function by name (`test_no_call`); each given distractor parses, defines the function and differs from
 * the canonical. Programs parse as Babel's `unambiguous` source type (module only with import/export),
 * with the `typescript` plugin for TypeScript.
 *
 * @example
 * checkJsTask({ canonical: 'function f(x) {\n  return x;\n}\n', function_name: 'f',
 *   tests: ['assert.strictEqual(f(1), 1)', 'console.log(f(1))'] }, 'javascript').issues[0].code
 * // 'test_not_assert'
 */
export function checkJsTask(
  task: { canonical: string; function_name: string; tests: readonly string[]; distractors?: readonly string[] },
  language: JsTaskLanguage,
): JsTaskCheck {
  const issues: JsCheckIssue[] = [];
  const name = task.function_name;
  let topLevel: string[] = [];
  try {
    const body = parseProgram(task.canonical, language);
    topLevel = topLevelNames(body);
    if (!definesFunction(body, name)) {
      issues.push({
        code: 'function_missing',
        message: `canonical does not define a top-level \`function ${name}(…)\` or \`const ${name} = …\` function (not async, not a generator; top-level names found: ${topLevel.join(', ') || 'none'})`,
      });
    }
  } catch (error) {
    issues.push({ code: 'canonical_syntax', message: `canonical does not parse: ${syntaxMessage(error)}` });
  }
  task.tests.forEach((test, i) => {
    const label = `test ${i + 1} (${test.length <= 80 ? test : `${test.slice(0, 77)}...`})`;
    if (test.includes('\n') || test.includes('\r')) {
      issues.push({
        code: 'test_multiline',
        message: `${label} spans several lines; expected one single-line assertion`,
        test: i,
      });
      return;
    }
    let body: Node[];
    try {
      body = parseProgram(test, language);
    } catch (error) {
      issues.push({ code: 'test_syntax', message: `${label} does not parse: ${syntaxMessage(error)}`, test: i });
      return;
    }
    const statement = body[0];
    const call = body.length === 1 && statement?.type === 'ExpressionStatement' ? (statement.expression as Node) : null;
    if (call === null || !isAssertCall(call)) {
      const kinds = body.map((s) => s.type).join(', ') || 'nothing';
      issues.push({
        code: 'test_not_assert',
        message: `${label} is ${kinds}; expected exactly one assert(…) or assert.<method>(…) statement`,
        test: i,
      });
      return;
    }
    const calls = (call.arguments as Node[]).some((arg) =>
      [...walk(arg)].some((n) => n.type === 'CallExpression' && identifierName(n.callee) === name),
    );
    if (!calls) issues.push({ code: 'test_no_call', message: `${label} does not call ${name}(...)`, test: i });
  });
  (task.distractors ?? []).forEach((code, i) => {
    try {
      if (!definesFunction(parseProgram(code, language), name)) {
        issues.push({
          code: 'distractor_function_missing',
          message: `distractor ${i + 1} does not define a top-level function ${name}`,
          distractor: i,
        });
      }
    } catch (error) {
      issues.push({
        code: 'distractor_syntax',
        message: `distractor ${i + 1} does not parse: ${syntaxMessage(error)}`,
        distractor: i,
      });
    }
    if (code === task.canonical) {
      issues.push({
        code: 'distractor_identical',
        message: `distractor ${i + 1} is identical to the canonical`,
        distractor: i,
      });
    }
  });
  return { issues, topLevelNames: topLevel };
}
