import type { DistractorExtras, ReleaseDistractor } from '@execret/dataset';
import type { CopyVerificationRecord } from '../records.js';
import type { TaskCopies, VerifiedCopy } from './make-copies.js';

/** The distractors of a propagated-bug pool (see {@link copyPool}). */
export interface CopyPool<D> {
  /** The distinct distractors that stay — the copied one and the kept others — in their order among the chosen. */
  distinct: D[];
  /** Position of the copied distractor in `distinct`. */
  originalAt: number;
  /** Its copies, which follow the distinct distractors in the pool. */
  copies: VerifiedCopy[];
}

/**
 * The distractors of a task's pool when it has copies: the chosen distractors that stay (the original and
 * `copied.kept`), in their chosen order (by position in the code), then the copies in rewrite order — so ids run
 * canonical, distinct distractors, copies.
 *
 * @example
 * copyPool(['d0', 'd1', 'd2', 'd3'], { status: 'copied', original: 2, kept: [0, 3], copies: [c1, c2] })
 * // { distinct: ['d0', 'd2', 'd3'], originalAt: 1, copies: [c1, c2] }
 */
export function copyPool<D>(chosen: readonly D[], copied: Extract<TaskCopies, { status: 'copied' }>): CopyPool<D> {
  const keep = new Set([copied.original, ...copied.kept]);
  const indices = chosen.flatMap((_, i) => (keep.has(i) ? [i] : []));
  return {
    distinct: indices.map((i) => chosen[i]!),
    originalAt: indices.indexOf(copied.original),
    copies: copied.copies,
  };
}

/** What a copy adds to its `distractor_metadata.jsonl` row after its original's fields. */
export type CopyRowExtras = { copy_kinds?: string[]; copy_verification?: CopyVerificationRecord };

/**
 * The release distractors of a task: `chosen` mapped by `toRelease`, or, when the task has copies, its pool
 * ({@link copyPool}): the distinct distractors mapped by `toRelease`, then each copy as its original with the copy's
 * code and run, `copyOf` the original's position, and the original's row fields plus `copy_kinds` and
 * `copy_verification`.
 *
 * @example
 * poolDistractors(chosen, copied, toRelease).map((d) => d.copyOf) // [undefined, undefined, undefined, 1, 1]
 */
export function poolDistractors<D, DM extends DistractorExtras>(
  chosen: readonly D[],
  copied: TaskCopies | undefined,
  toRelease: (d: D) => ReleaseDistractor<DM>,
): ReleaseDistractor<DM & CopyRowExtras>[] {
  if (copied?.status !== 'copied') return chosen.map(toRelease);
  const pool = copyPool(chosen, copied);
  const original = toRelease(pool.distinct[pool.originalAt]!);
  return [
    ...pool.distinct.map(toRelease),
    ...pool.copies.map((c) => ({
      code: c.code,
      bugType: original.bugType,
      result: c.result,
      failure: original.failure,
      copyOf: pool.originalAt,
      metadata: {
        ...original.metadata,
        copy_kinds: [...c.kinds],
        copy_verification: {
          tests_agreed: c.verification.testsAgreed,
          tests: c.verification.tests,
          probes_agreed: c.verification.probesAgreed,
          probes: c.verification.probes,
        },
      },
    })),
  ];
}
