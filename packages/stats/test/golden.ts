import { readFileSync } from 'node:fs';

/** Shape of fixtures/golden/stats_golden.json (written by fixtures/golden/stats_golden.py). */
export interface StatsGolden {
  numpy: string;
  scipy: string;
  bootstrap_reference_resamples: number;
  mcnemar: Array<{
    b: number;
    c: number;
    n: number;
    p: number;
    mid_p: number;
    log_p: number;
    log_mid_p: number;
    method: 'exact-integer' | 'decimal-50' | 'symmetric';
    scipy_p: number;
  }>;
  multiple_testing: Array<{ p: number[]; holm: number[]; bh: number[] }>;
  spearman: Array<{ name: string; x: number[]; y: number[]; rho: number; p: number }>;
  log_beta: Array<{ a: number; b: number; log_beta: number }>;
  incomplete_beta: Array<{ x: number; a: number; b: number; value: number }>;
  percentile: Array<{ values: number[]; q: number[]; expected: number[] }>;
  bootstrap_single: Array<{ name: string; values: number[]; mean: number; low: number; high: number; sd: number }>;
  bootstrap_paired: Array<{
    name: string;
    a: number[];
    b: number[];
    mean_difference: number;
    low: number;
    high: number;
    sd: number;
  }>;
}

let cached: StatsGolden | undefined;

/** The committed reference values (parsed once per test file). */
export function loadGolden(): StatsGolden {
  cached ??= JSON.parse(
    readFileSync(new URL('../../../fixtures/golden/stats_golden.json', import.meta.url), 'utf8'),
  ) as StatsGolden;
  return cached;
}

/** |actual − expected| / |expected| (absolute difference when expected is 0). */
export function relativeError(actual: number, expected: number): number {
  if (actual === expected) return 0;
  return expected === 0 ? Math.abs(actual) : Math.abs(actual - expected) / Math.abs(expected);
}
