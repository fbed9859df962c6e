import { MutateJsError } from '../errors.js';
import { parseProgram, syntaxMessage } from '../parse-js.js';
import type { JsLanguage } from '../types.js';
import { reformatJs } from './reformat.js';
import { renameLocals } from './rename-locals.js';
import type { RewriteContext, RewriteStep } from './rewrite-step.js';
import { seeded } from './seeded.js';
import { reorderStatements } from './statement-order.js';
import { swapOperands } from './swap-operands.js';

/** The kinds of cosmetic rewrite, in the order a rewrite applies them. */
export const COSMETIC_KINDS = ['statement-order', 'operand-order', 'rename', 'reformat'] as const;
/** One kind of cosmetic rewrite (see {@link rewriteJsCosmetic}). */
export type CosmeticKind = (typeof COSMETIC_KINDS)[number];

/** Options of {@link rewriteJsCosmetic}. */
export interface RewriteJsCosmeticOptions {
  /** The task function: names, comparisons and statements are rewritten inside it only (reformatting is global). */
  functionName: string;
  language: JsLanguage;
  /** Seed of every choice; the same source, options and seed give the same rewrites. */
  seed: string | number;
  /** How many rewrites to return at most (a positive integer). */
  count: number;
  /** Texts no rewrite may equal (the rest of the pool); the source itself is always avoided. */
  avoid?: readonly string[];
}

/** One cosmetic rewrite: its text and the kinds it applied, in {@link COSMETIC_KINDS} order. */
export interface JsCosmeticRewrite {
  code: string;
  kinds: CosmeticKind[];
}

const STEPS: readonly (readonly [CosmeticKind, RewriteStep])[] = [
  ['statement-order', reorderStatements],
  ['operand-order', swapOperands],
  ['rename', renameLocals],
  ['reformat', reformatJs],
];
/** Attempts per rewrite asked for: attempts that change nothing new are not counted. */
const ATTEMPTS_PER_REWRITE = 8;

/**
 * Semantics-preserving rewrites of a JavaScript/TypeScript snippet, for pools where one bug is copied several times
 * (`@execret/generate`'s `bugCopies`). Attempt n (from 0) draws from the seed `${seed}:${n}`: a non-empty subset of
 * the kinds, applied in {@link COSMETIC_KINDS} order, each on the previous one's text —
 * - `statement-order`: adjacent independent single-name declarations with side-effect-free initialisers swapped;
 * - `operand-order`: operands of `===`, `!==`, `==`, `!=` swapped, of `<`, `>`, `<=`, `>=` swapped with the operator
 *   flipped, when both are simple (names, literals, property reads, arithmetic over those);
 * - `rename`: parameters and locals of the task function renamed consistently (never the function's own name, a
 *   global, a property, a shorthand property's name or a name used in a type);
 * - `reformat`: indentation, quote style, semicolons, parentheses around return values, blank lines.
 * Every step parses its result with the source's source type and checks the tree is the one it intends (the same
 * for `reformat`; with the swap or the new names otherwise); a step that fails is skipped. Attempts stop after
 * `count` rewrites that differ from the source, from each other and from every text of `avoid`, or after
 * `8 × count` attempts. Splices are exact: text outside the changed spans is kept byte for byte. Whether the rewrite
 * behaves the same is for execution to confirm; the rules only make it so by construction. Throws
 * `MutateJsError('parse')` when the source does not parse; `TypeError` on bad options.
 *
 * @example
 * rewriteJsCosmetic('function f(items) {\n  return items.length === 0;\n}\n', {
 *   functionName: 'f', language: 'javascript', seed: 1, count: 2,
 * });
 * // [{ code: 'function f(values) {\n  return 0 === values.length;\n}\n', kinds: ['operand-order', 'rename'] }, …]
 */
export function rewriteJsCosmetic(source: string, options: RewriteJsCosmeticOptions): JsCosmeticRewrite[] {
  if (typeof source !== 'string') {
    throw new TypeError(`@execret/mutate-js rewriteJsCosmetic: source must be a string, received ${typeof source}`);
  }
  if (typeof options?.functionName !== 'string' || options.functionName === '') {
    throw new TypeError('@execret/mutate-js rewriteJsCosmetic: options.functionName must be a non-empty string');
  }
  if (options.language !== 'javascript' && options.language !== 'typescript') {
    throw new TypeError(
      `@execret/mutate-js rewriteJsCosmetic: options.language must be one of javascript, typescript, received ${String(options.language)}`,
    );
  }
  if (!Number.isInteger(options.count) || options.count < 1) {
    throw new TypeError(
      `@execret/mutate-js rewriteJsCosmetic: options.count must be a positive integer, received ${String(options.count)}`,
    );
  }
  let sourceType: 'script' | 'module';
  try {
    sourceType = parseProgram(source, options.language, 'unambiguous').program.sourceType;
  } catch (error) {
    throw new MutateJsError(
      'parse',
      `@execret/mutate-js rewriteJsCosmetic: the ${options.language} source does not parse: ${syntaxMessage(error)}`,
      { cause: error },
    );
  }
  const context: RewriteContext = { language: options.language, sourceType, functionName: options.functionName };
  const avoid = new Set([source, ...(options.avoid ?? [])]);
  const out: JsCosmeticRewrite[] = [];
  for (let attempt = 0; attempt < options.count * ATTEMPTS_PER_REWRITE && out.length < options.count; attempt += 1) {
    const rng = seeded(`${String(options.seed)}:${attempt}`);
    const wanted = new Set(rng.subset(COSMETIC_KINDS, 0.5));
    let text = source;
    const kinds: CosmeticKind[] = [];
    for (const [kind, step] of STEPS) {
      if (!wanted.has(kind)) continue;
      let next: string | null;
      try {
        next = step(text, context, rng);
      } catch {
        next = null;
      }
      if (next !== null && next !== text) {
        text = next;
        kinds.push(kind);
      }
    }
    if (kinds.length > 0 && !avoid.has(text)) {
      avoid.add(text);
      out.push({ code: text, kinds });
    }
  }
  return out;
}
