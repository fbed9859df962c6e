import type { AstNode } from '../ast.js';
import { findTaskFunction, type TaskFunction } from '../find-function.js';
import { parseProgram, type SourceType } from '../parse-js.js';
import type { JsLanguage } from '../types.js';
import type { Seeded } from './seeded.js';

/** What every cosmetic step knows about the snippet besides its text. */
export interface RewriteContext {
  language: JsLanguage;
  /** The original's source type (Babel's `unambiguous` resolution): every rewrite is parsed with it. */
  sourceType: SourceType;
  functionName: string;
}

/** One cosmetic step: the rewritten text, or null when it has nothing to change or its check fails. */
export type RewriteStep = (code: string, context: RewriteContext, rng: Seeded) => string | null;

/** A parsed snippet: the Babel `File` node. */
export type ParsedFile = AstNode & { program: AstNode & { body: AstNode[] }; comments?: AstNode[] };

/** Parses a step's input with the context's settings (throws Babel's `SyntaxError`). */
export function parseForStep(code: string, context: RewriteContext): ParsedFile {
  return parseProgram(code, context.language, context.sourceType) as ParsedFile;
}

/** The task function of a parsed snippet, or null when it is not defined exactly once at the top level. */
export function taskFunctionOf(file: ParsedFile, context: RewriteContext): TaskFunction | null {
  try {
    return findTaskFunction(file, context.functionName);
  } catch {
    return null;
  }
}
