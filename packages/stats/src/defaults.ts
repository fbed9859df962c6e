/** Number of bootstrap resamples used when `options.resamples` is not given (the release uses 5,000). */
export const DEFAULT_RESAMPLES = 5000;

/** Two-sided coverage of bootstrap intervals when `options.confidence` is not given. */
export const DEFAULT_CONFIDENCE = 0.95;

/** Seed of the resampling stream when `options.seed` is not given (the release's seed). */
export const DEFAULT_SEED = 20260510;
