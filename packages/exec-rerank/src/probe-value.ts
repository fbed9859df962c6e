/**
 * The language-neutral model of a generated input value: what the fuzzer builds and each language's printer
 * writes as source (see `formatPythonValue`). Integers are safe JavaScript integers; floats are finite.
 */
export type ProbeValue =
  | { readonly kind: 'int'; readonly value: number }
  | { readonly kind: 'float'; readonly value: number }
  | { readonly kind: 'str'; readonly value: string }
  | { readonly kind: 'bool'; readonly value: boolean }
  | { readonly kind: 'none' }
  | { readonly kind: 'list'; readonly items: readonly ProbeValue[] }
  | { readonly kind: 'tuple'; readonly items: readonly ProbeValue[] }
  | { readonly kind: 'dict'; readonly entries: readonly (readonly [ProbeValue, ProbeValue])[] };
