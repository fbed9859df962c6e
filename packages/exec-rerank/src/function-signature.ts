import type { ProbeValue } from './probe-value.js';

/** One parameter of a function, as read from its source. */
export interface ParameterSpec {
  readonly name: string;
  /**
   * - `positional`: may be passed by position (Python: before `*`; positional-only ones included);
   * - `keyword`: keyword-only (after `*` or `*args`);
   * - `rest`: `*args`; `rest-keyword`: `**kwargs`.
   */
  readonly kind: 'positional' | 'keyword' | 'rest' | 'rest-keyword';
  readonly hasDefault: boolean;
  /** The default when it is a literal this package can read (numbers, strings, booleans, None, containers of them); else `null`. */
  readonly defaultValue: ProbeValue | null;
  /** Source of the parameter with whitespace collapsed, e.g. `sep="."`. */
  readonly source: string;
}

/** A top-level function definition. */
export interface FunctionSignature {
  readonly name: string;
  readonly parameters: readonly ParameterSpec[];
  /** The header without its body, whitespace collapsed, e.g. `def wrap(text, width=80) -> list`. */
  readonly header: string;
}

/**
 * The near-clone key of a function: `<name>/<number of parameters>`, counting every listed parameter (defaults,
 * `*args` and `**kwargs` included; the bare `*` and `/` markers not).
 *
 * @example
 * signatureKey({ name: 'wrap', parameters: [p('text'), p('width')], header: 'def wrap(text, width=80)' }); // 'wrap/2'
 */
export function signatureKey(signature: FunctionSignature): string {
  return `${signature.name}/${signature.parameters.length}`;
}

/**
 * The function a candidate is called through: the top-level function named `target` when the candidate defines
 * one; otherwise the last top-level function whose name does not start with `_`; otherwise the last one; `null`
 * when it defines none.
 *
 * @example
 * mainFunction([sig('_helper'), sig('slugify')]);            // slugify
 * mainFunction([sig('slugify'), sig('other')], 'slugify');   // slugify
 */
export function mainFunction(functions: readonly FunctionSignature[], target?: string): FunctionSignature | null {
  if (target !== undefined) {
    const named = functions.find((f) => f.name === target);
    if (named !== undefined) return named;
  }
  for (let i = functions.length - 1; i >= 0; i--) {
    const f = functions[i] as FunctionSignature;
    if (!f.name.startsWith('_')) return f;
  }
  return functions.length > 0 ? (functions[functions.length - 1] as FunctionSignature) : null;
}
