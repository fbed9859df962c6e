export type { CheckJsMutantOptions, JsMutantCheck } from './check-mutant.js';
export { checkJsMutant } from './check-mutant.js';
export type { CosmeticKind, JsCosmeticRewrite, RewriteJsCosmeticOptions } from './cosmetic/rewrite-js.js';
export { COSMETIC_KINDS, rewriteJsCosmetic } from './cosmetic/rewrite-js.js';
export { enumerateJsMutants } from './enumerate.js';
export type { MutateJsErrorCode } from './errors.js';
export { MutateJsError } from './errors.js';
export type { JsMutationOperator } from './operator-tables.js';
export { JS_MUTATION_OPERATORS } from './operator-tables.js';
export type {
  EnumerateJsMutantsOptions,
  JsCandidateStatus,
  JsLanguage,
  JsMutantCandidate,
  JsMutantEdit,
} from './types.js';
export { MUTATE_JS_ENGINE, MUTATE_JS_VERSION } from './version.js';
