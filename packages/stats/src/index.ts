export { DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED } from './defaults.js';
export { STATS_ERROR_CODES, StatsError, type StatsErrorCode, type StatsErrorOptions } from './stats-error.js';
export { mcnemarExact, type McNemarResult } from './mcnemar-exact.js';
export { pairedOutcomes, type PairedOutcomes } from './paired-outcomes.js';
export { linearQuantile } from './linear-quantile.js';
export { percentileTails, type BootstrapOptions } from './bootstrap-options.js';
export { bootstrapCi, type BootstrapCiResult } from './bootstrap-ci.js';
export { pairedBootstrapCi, type PairedBootstrapCiResult } from './paired-bootstrap-ci.js';
