/**
 * Whether the order of tied documents decides a measure: true exactly when the measure does not take the
 * same value under every ordering of the tie groups (its minimum and maximum over those orderings differ).
 * A tie "decides" a query's measure in this sense whatever rule then breaks it, so `evaluate` reports the
 * same counts in `'trec'` and `'expected'` mode.
 *
 * @internal
 */

import type { TieGroups } from './tie-groups.js';

/**
 * exec@k varies iff no group lying wholly inside the cutoff holds a passing member, and the group cut by the
 * cutoff (`t` of `m` positions inside) has a passing member and enough failing members (`m - r >= t`) to
 * fill the `t` positions.
 */
export function execDecidedByTies(groups: TieGroups, k: number): boolean {
  for (let g = 0; g < groups.count; g++) {
    const s = groups.start[g] as number;
    if (s >= k) return false;
    const m = groups.size[g] as number;
    const r = groups.passing[g] as number;
    const t = Math.min(m, k - s);
    if (t === m) {
      if (r > 0) return false;
    } else {
      return r > 0 && m - r >= t;
    }
  }
  return false;
}

/** precision@k varies iff the group cut by the cutoff has both passing and failing members. */
export function precisionDecidedByTies(groups: TieGroups, k: number): boolean {
  for (let g = 0; g < groups.count; g++) {
    const s = groups.start[g] as number;
    if (s >= k) return false;
    const m = groups.size[g] as number;
    if (s + m > k) {
      const r = groups.passing[g] as number;
      return r > 0 && r < m;
    }
  }
  return false;
}

/**
 * DCG@k (so nDCG@k) varies iff a group with at least one position inside the cutoff has members of
 * different gains: the discounts strictly decrease with rank, so swapping two such members changes DCG.
 */
export function dcgDecidedByTies(groups: TieGroups, k: number): boolean {
  for (let g = 0; g < groups.count; g++) {
    if ((groups.start[g] as number) >= k) return false;
    if ((groups.gainMin[g] as number) !== (groups.gainMax[g] as number)) return true;
  }
  return false;
}

/**
 * The reciprocal rank varies iff the first group holding a passing member (0-based start `s`, `m` members,
 * `r` passing) starts inside the cutoff and also has failing members.
 */
export function rrDecidedByTies(s: number, m: number, r: number, cutoff: number): boolean {
  return r > 0 && r < m && s < cutoff;
}
