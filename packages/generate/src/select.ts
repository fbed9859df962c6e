import { BUG_TYPES, type BugType } from '@execret/formats';
import { createPrng, type Prng, shuffled } from './prng.js';
import type { ExecutedMutant } from './types.js';

/** Default number of distractors per task (the paper uses four). */
export const DEFAULT_MAX_DISTRACTORS = 4;
/** Default base seed of the distractor choice and of stacking (`buildBenchmark`'s `seed`). */
export const DEFAULT_BUILD_SEED = 20260510;

/** Options of {@link selectDistractors}. */
export interface SelectOptions {
  /** Base seed (default {@link DEFAULT_BUILD_SEED}); the task's own seed is `${seed}:${taskId}`. */
  seed?: string | number;
  /** At most this many distractors (default {@link DEFAULT_MAX_DISTRACTORS}). */
  maxDistractors?: number;
}

/** The per-task seed string: `${seed}:${taskId}` (tasks draw independently of each other). */
export function taskSeed(seed: string | number, taskId: string): string {
  return `${String(seed)}:${taskId}`;
}

function pick(
  pool: ExecutedMutant[],
  prng: Prng,
  preferFreshSite: (m: ExecutedMutant) => boolean,
): ExecutedMutant | undefined {
  if (pool.length === 0) return undefined;
  const fresh = pool.filter(preferFreshSite);
  const from = fresh.length > 0 ? fresh : pool;
  return from[prng.int(from.length)];
}

/**
 * Chooses up to `maxDistractors` distractors for one task among its executed mutants, seeded and
 * deterministic. Only mutants with status `ok` that fail at least one test (`failure` `output` or
 * `crash`) are eligible. The candidates are sorted by `index`, the bug types present are put in a
 * seeded random order, and then four passes fill the selection until it is full:
 * 1. one `output` failure of each bug type (drawn uniformly within the type);
 * 2. one `crash` of each bug type not chosen yet;
 * 3. further `output` failures, round-robin over the bug types;
 * 4. further `crash`es, round-robin over the bug types.
 * Within passes 3–4 a mutant whose edit starts at a position not used by a chosen one is preferred.
 * So bug-type diversity comes first, and output failures are preferred to crashes within it. The
 * result is sorted by candidate `index` (position in the code).
 *
 * @example
 * const chosen = selectDistractors('task_1', executed, { seed: 7, maxDistractors: 4 })
 * new Set(chosen.map((m) => m.bugType)).size // as many distinct bug types as the pool allows (≤ 4)
 */
export function selectDistractors(
  taskId: string,
  mutants: readonly ExecutedMutant[],
  options: SelectOptions = {},
): ExecutedMutant[] {
  return selectDistractorsReading(taskId, mutants, options, () => {});
}

/**
 * {@link selectDistractors}, calling `read(type)` before it reads anything that depends on the failure
 * classes of a bug type's mutants: whether the type has an eligible mutant (when no known one does), and
 * the type's lists when a pass draws from them. `read` may throw to stop the selection (a build does when
 * some of that type's mutants are not classified yet: see `select-resolving.ts`); with a `read` that
 * returns, the result is exactly `selectDistractors`'s.
 *
 * @internal
 */
export function selectDistractorsReading(
  taskId: string,
  mutants: readonly ExecutedMutant[],
  options: SelectOptions,
  read: (type: BugType) => void,
): ExecutedMutant[] {
  const max = options.maxDistractors ?? DEFAULT_MAX_DISTRACTORS;
  if (!Number.isInteger(max) || max < 0)
    throw new RangeError(
      `@execret/generate selectDistractors: maxDistractors must be a non-negative integer, received ${max}`,
    );
  const prng = createPrng(taskSeed(options.seed ?? DEFAULT_BUILD_SEED, taskId));
  const eligible = mutants
    .filter((m) => m.status === 'ok' && m.failure !== 'survived')
    .sort((a, b) => a.index - b.index);
  const byType = new Map<BugType, { output: ExecutedMutant[]; crash: ExecutedMutant[] }>();
  for (const type of BUG_TYPES) byType.set(type, { output: [], crash: [] });
  for (const m of eligible) byType.get(m.bugType)![m.failure === 'output' ? 'output' : 'crash'].push(m);
  const typeOrder = shuffled(
    BUG_TYPES.filter((t) => {
      if (eligible.some((m) => m.bugType === t)) return true;
      read(t);
      return false;
    }),
    prng,
  );
  const chosen: ExecutedMutant[] = [];
  const usedTypes = new Set<BugType>();
  const usedSites = new Set<string>();
  const site = (m: ExecutedMutant): string => `${m.edit.line}:${m.edit.colStart}`;
  const take = (m: ExecutedMutant): void => {
    chosen.push(m);
    usedTypes.add(m.bugType);
    usedSites.add(site(m));
    for (const lists of byType.values()) {
      for (const list of [lists.output, lists.crash]) {
        const at = list.indexOf(m);
        if (at >= 0) list.splice(at, 1);
      }
    }
  };
  const fresh = (m: ExecutedMutant): boolean => !usedSites.has(site(m));
  for (const kind of ['output', 'crash'] as const) {
    for (const type of typeOrder) {
      if (chosen.length >= max) break;
      if (usedTypes.has(type)) continue;
      read(type);
      const m = pick(byType.get(type)![kind], prng, () => true);
      if (m) take(m);
    }
  }
  for (const kind of ['output', 'crash'] as const) {
    let progress = true;
    while (chosen.length < max && progress) {
      progress = false;
      for (const type of typeOrder) {
        if (chosen.length >= max) break;
        read(type);
        const m = pick(byType.get(type)![kind], prng, fresh);
        if (m) {
          take(m);
          progress = true;
        }
      }
    }
  }
  return chosen.sort((a, b) => a.index - b.index);
}
