import { pairKey } from './pair-key.js';

/** A pairwise test read as `a − b`; see {@link orientedComparison}. */
export interface OrientedComparison {
  /** Mean of a − b. */
  readonly delta: number;
  /** The paired bootstrap interval of a − b (`bootstrap_ci_95`, turned round when needed). */
  readonly ci95: readonly [number, number];
  /** Exact McNemar p (symmetric in a and b). */
  readonly mcnemarP: number;
  /** Its Holm-adjusted value (`mcnemar_exact_p_holm`), when the file has it. */
  readonly mcnemarPHolm: number | undefined;
}

/**
 * The comparison of `a` with `b` on a binary measure from a `pairwise_tests.json` (or `compareSystems`' `pairwise`),
 * read as `a − b` whichever of the two the file lists first (see {@link pairKey}): the stored `delta` and
 * `bootstrap_ci_95` are A − B, so they are negated (and the interval's ends swapped) when `a` is B. `undefined` when
 * the pair or the measure is missing, or the cell lacks a numeric `delta`, `mcnemar_exact_p` or an interval.
 *
 * @example
 * orientedComparison(pairwise, 'bm25>>exec/consensus', 'bm25', 'exec@1');
 * // { delta: 0.36, ci95: [0.26, 0.46], mcnemarP: 1.2e-11, mcnemarPHolm: 2.4e-11 }
 */
export function orientedComparison(
  pairwise: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
  a: string,
  b: string,
  measure: string,
): OrientedComparison | undefined {
  const { key, swapped } = pairKey(a, b);
  const cell = pairwise[key]?.[measure] as
    | { delta?: unknown; bootstrap_ci_95?: unknown; mcnemar_exact_p?: unknown; mcnemar_exact_p_holm?: unknown }
    | undefined;
  if (
    cell === undefined ||
    typeof cell.delta !== 'number' ||
    typeof cell.mcnemar_exact_p !== 'number' ||
    !Array.isArray(cell.bootstrap_ci_95)
  )
    return undefined;
  const [low, high] = cell.bootstrap_ci_95 as [number, number];
  const mcnemarPHolm = typeof cell.mcnemar_exact_p_holm === 'number' ? cell.mcnemar_exact_p_holm : undefined;
  return swapped
    ? { delta: -cell.delta, ci95: [-high, -low], mcnemarP: cell.mcnemar_exact_p, mcnemarPHolm }
    : { delta: cell.delta, ci95: [low, high], mcnemarP: cell.mcnemar_exact_p, mcnemarPHolm };
}
