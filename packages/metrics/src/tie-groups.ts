/**
 * Tie groups of a ranking: maximal runs of equal scores, summarised by what the tie-aware measures need
 * (size, number of passing members, sum / min / max of the gains).
 *
 * @internal
 */

/** Summary of the tie groups of a ranking prefix, stored column-wise in typed arrays. */
export interface TieGroups {
  /** Number of groups filled in. */
  count: number;
  /** 0-based rank position of each group's first member. */
  start: Int32Array;
  /** Number of members in the whole ranking (the last group may extend past the listed prefix). */
  size: Int32Array;
  /** Number of members that pass. */
  passing: Int32Array;
  /** Sum of the members' gains. */
  gainSum: Float64Array;
  /** Smallest gain of a member. */
  gainMin: Float64Array;
  /** Largest gain of a member. */
  gainMax: Float64Array;
}

/** Allocates room for `capacity` groups. */
export function createTieGroups(capacity: number): TieGroups {
  return {
    count: 0,
    start: new Int32Array(capacity),
    size: new Int32Array(capacity),
    passing: new Int32Array(capacity),
    gainSum: new Float64Array(capacity),
    gainMin: new Float64Array(capacity),
    gainMax: new Float64Array(capacity),
  };
}

/**
 * Fills `groups` from the first `length` positions of a ranking given in rank order. `passFlags` and `gains`
 * may be omitted (then counted as 0). Groups are split where the score changes (`!==`, so `0` and `-0`
 * tie). `groups` must have capacity for `length` groups.
 */
export function fillTieGroups(
  groups: TieGroups,
  scores: ArrayLike<number>,
  passFlags: ArrayLike<number> | undefined,
  gains: ArrayLike<number> | undefined,
  length: number,
): TieGroups {
  let g = -1;
  let previous = Number.NaN;
  for (let i = 0; i < length; i++) {
    const s = scores[i] as number;
    const pass = passFlags === undefined ? 0 : (passFlags[i] as number);
    const gain = gains === undefined ? 0 : (gains[i] as number);
    if (g < 0 || s !== previous) {
      g++;
      groups.start[g] = i;
      groups.size[g] = 1;
      groups.passing[g] = pass;
      groups.gainSum[g] = gain;
      groups.gainMin[g] = gain;
      groups.gainMax[g] = gain;
      previous = s;
    } else {
      groups.size[g] = (groups.size[g] as number) + 1;
      groups.passing[g] = (groups.passing[g] as number) + pass;
      groups.gainSum[g] = (groups.gainSum[g] as number) + gain;
      if (gain < (groups.gainMin[g] as number)) groups.gainMin[g] = gain;
      if (gain > (groups.gainMax[g] as number)) groups.gainMax[g] = gain;
    }
  }
  groups.count = g + 1;
  return groups;
}

/** A newly allocated {@link TieGroups} of a complete ranking given in rank order. */
export function tieGroupsOf(
  scores: ArrayLike<number>,
  passFlags: ArrayLike<number> | undefined,
  gains: ArrayLike<number> | undefined,
): TieGroups {
  return fillTieGroups(createTieGroups(scores.length), scores, passFlags, gains, scores.length);
}
