export { benjaminiHochberg } from './benjamini-hochberg.js';
export { type BootstrapCiResult, bootstrapCi } from './bootstrap-ci.js';
export type { BootstrapOptions } from './bootstrap-options.js';
export {
  type BinaryComparison,
  type CompareSystemsOptions,
  type CompareSystemsResult,
  type ContinuousComparison,
  compareSystems,
  type PairComparison,
  type SystemInterval,
} from './compare-systems.js';
export { DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED } from './defaults.js';
export { holm } from './holm.js';
export { type McNemarResult, mcnemarExact } from './mcnemar-exact.js';
export { type OrientedComparison, orientedComparison } from './oriented-comparison.js';
export { type PairKey, pairKey } from './pair-key.js';
export { type PairedBootstrapCiResult, pairedBootstrapCi } from './paired-bootstrap-ci.js';
export { type PairedOutcomes, pairedOutcomes } from './paired-outcomes.js';
export { type ParsedPairKey, parsePairKey } from './parse-pair-key.js';
export { type SpearmanResult, spearman } from './spearman.js';
export { STATS_ERROR_CODES, StatsError, type StatsErrorCode } from './stats-error.js';
