import { DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED } from './defaults.js';
import { describe } from './validate.js';

/** Options shared by {@link bootstrapCi}, {@link pairedBootstrapCi} and `compareSystems`. */
export interface BootstrapOptions {
  /** Number of query-level resamples; an integer ≥ 1. Default {@link DEFAULT_RESAMPLES} (5,000). */
  resamples?: number;
  /** Two-sided coverage c of the percentile interval, 0 < c < 1. Default {@link DEFAULT_CONFIDENCE}. */
  confidence?: number;
  /** Seed of the resampling stream; a safe integer. Default {@link DEFAULT_SEED} (20260510). */
  seed?: number;
}

/** {@link BootstrapOptions} with every default filled in and validated. */
export interface ResolvedBootstrapOptions {
  resamples: number;
  confidence: number;
  seed: number;
  /** Lower tail probability (1 − c)/2, computed as (100 − 100c)/200 (see {@link percentileTails}). */
  qLow: number;
  /** Upper tail probability (1 + c)/2, computed as (100 + 100c)/200. */
  qHigh: number;
}

/**
 * The probabilities of the two interval ends for coverage c: (1 − c)/2 and (1 + c)/2, evaluated as
 * (100 − 100c)/200 and (100 + 100c)/200. Working in percent makes the common levels land on the
 * same doubles a Python harness passes to `np.percentile(x, [2.5, 97.5])`: for c = 0.95, 100c
 * rounds to exactly 95 and the tails are the doubles nearest 0.025 and 0.975, whereas (1 − 0.95)/2
 * is 0.025000000000000022.
 *
 * @example
 * percentileTails(0.95); // [0.025, 0.975]
 * percentileTails(0.9);  // [0.05, 0.95]
 */
export function percentileTails(confidence: number): [number, number] {
  const percent = 100 * confidence;
  return [(100 - percent) / 200, (100 + percent) / 200];
}

/** Validates options once at the public boundary and fills in the defaults. */
export function resolveBootstrapOptions(
  options: BootstrapOptions | undefined,
  component: string,
): ResolvedBootstrapOptions {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new TypeError(`@execret/stats ${component}: expected options to be an object, received ${describe(options)}`);
  }
  const resamples = options?.resamples ?? DEFAULT_RESAMPLES;
  const confidence = options?.confidence ?? DEFAULT_CONFIDENCE;
  const seed = options?.seed ?? DEFAULT_SEED;
  if (typeof resamples !== 'number' || !Number.isSafeInteger(resamples) || resamples < 1) {
    throw new RangeError(
      `@execret/stats ${component}: expected options.resamples to be an integer ≥ 1, received ${describe(resamples)}`,
    );
  }
  if (typeof confidence !== 'number' || !(confidence > 0 && confidence < 1)) {
    throw new RangeError(
      `@execret/stats ${component}: expected options.confidence to be a number strictly between 0 and 1 (e.g. 0.95), received ${describe(confidence)}`,
    );
  }
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) {
    throw new RangeError(
      `@execret/stats ${component}: expected options.seed to be a safe integer, received ${describe(seed)}`,
    );
  }
  const [qLow, qHigh] = percentileTails(confidence);
  return { resamples, confidence, seed, qLow, qHigh };
}
