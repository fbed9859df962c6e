export { DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED } from './defaults.js';
export { STATS_ERROR_CODES, StatsError, type StatsErrorCode, type StatsErrorOptions } from './stats-error.js';
export { mcnemarExact, type McNemarResult } from './mcnemar-exact.js';
export { pairedOutcomes, type PairedOutcomes } from './paired-outcomes.js';
export { linearQuantile } from './linear-quantile.js';
export { percentileTails, type BootstrapOptions } from './bootstrap-options.js';
export { bootstrapCi, type BootstrapCiResult } from './bootstrap-ci.js';
export { pairedBootstrapCi, type PairedBootstrapCiResult } from './paired-bootstrap-ci.js';
export { holm } from './holm.js';
export { benjaminiHochberg } from './benjamini-hochberg.js';
export { averageRanks } from './average-ranks.js';
export { spearman, type SpearmanResult } from './spearman.js';
export { compareCodePoints } from './compare-code-points.js';
export {
  compareSystems,
  type BinaryComparison,
  type CompareSystemsOptions,
  type CompareSystemsResult,
  type ContinuousComparison,
  type PairComparison,
  type SystemInterval,
} from './compare-systems.js';
