import { type ParserOptions, parse, parseExpression } from '@babel/parser';
import type { AstNode } from './ast.js';
import type { JsLanguage } from './types.js';

/** `script` or `module`, as Babel resolved it for the canonical (`unambiguous`: module only with import/export). */
export type SourceType = 'script' | 'module';

function parserOptions(language: JsLanguage, sourceType: SourceType | 'unambiguous'): ParserOptions {
  return {
    sourceType,
    plugins: language === 'typescript' ? ['typescript'] : [],
    errorRecovery: false,
  };
}

/**
 * Parses a whole program with Babel 7 (`typescript` plugin for TypeScript) and returns its `File` node; throws
 * Babel's `SyntaxError` when the text does not parse.
 *
 * @example
 * parseProgram('function f(a) { return a + 1; }', 'javascript', 'unambiguous').program.sourceType // 'script'
 */
export function parseProgram(
  code: string,
  language: JsLanguage,
  sourceType: SourceType | 'unambiguous',
): AstNode & { program: AstNode & { sourceType: SourceType; body: AstNode[] } } {
  return parse(code, parserOptions(language, sourceType)) as unknown as AstNode & {
    program: AstNode & { sourceType: SourceType; body: AstNode[] };
  };
}

/**
 * Parses one expression with the same parser settings; throws Babel's `SyntaxError` when it does not parse.
 *
 * @example
 * parseJsExpression('n + 1', 'typescript').type // 'BinaryExpression'
 */
export function parseJsExpression(text: string, language: JsLanguage): AstNode {
  return parseExpression(text, parserOptions(language, 'script')) as unknown as AstNode;
}

/** The message of a parse failure, without Babel's stack. */
export function syntaxMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
