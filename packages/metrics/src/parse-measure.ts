import { describeValue, MetricsError } from './errors.js';

/** Canonical measure names. */
export type MeasureName = 'exec' | 'execution_precision' | 'ndcg' | 'exec_ndcg_gap' | 'mrr';

/** Every canonical {@link MeasureName}, in a stable order. */
export const MEASURE_NAMES: readonly MeasureName[] = ['exec', 'execution_precision', 'ndcg', 'exec_ndcg_gap', 'mrr'];

/**
 * Accepted alternative spellings and the canonical name they stand for: results files of the release call
 * execution precision `precision@k`.
 */
export const MEASURE_ALIASES: Readonly<Record<string, MeasureName>> = Object.freeze({
  precision: 'execution_precision',
});

/** A parsed measure string. */
export interface Measure {
  /** Canonical name (aliases resolved). */
  name: MeasureName;
  /** The cutoff; `null` only for `mrr` without a cutoff (the whole ranking counts). */
  k: number | null;
  /** Canonical id: `<name>@<k>`, or `mrr`. Two strings naming the same measure have the same id. */
  id: string;
}

const ALLOWED =
  'exec@k, execution_precision@k (alias precision@k), ndcg@k, exec_ndcg_gap@k, mrr, mrr@k, with k a positive integer written without leading zeros';

const SHAPE = /^([a-z_]+)(?:@(\d+))?$/;

/**
 * Parses a measure string such as `exec@10` into its canonical name and cutoff.
 *
 * Accepted forms (lowercase, no spaces; k a positive integer without leading zeros):
 *
 * | string | measure |
 * | --- | --- |
 * | `exec@k` | exec@k (success@k with execution-derived relevance) |
 * | `execution_precision@k`, `precision@k` | execution precision@k (alias as in results files) |
 * | `ndcg@k` | nDCG@k with the gains of the qrels |
 * | `exec_ndcg_gap@k` | exec@k − nDCG@k |
 * | `mrr`, `mrr@k` | reciprocal rank of the first passing snippet; with `@k`, 0 beyond rank k |
 *
 * Edge cases: `k` is required for every measure but `mrr`; `exec@0`, `exec@01`, `exec@1.5`, `Exec@1` and
 * `exec @1` are rejected (the error suggests the intended spelling when trimming or lowercasing would fix
 * it). Aliases resolve to the canonical `name` and `id` (`precision@5` → id `execution_precision@5`).
 *
 * @param measure - the measure string
 * @returns `{ name, k, id }`
 * @throws TypeError when `measure` is not a string
 * @throws MetricsError `invalid-measure` when the string is not an accepted form; the message lists them
 *
 * @example
 * parseMeasure('exec@10');     // { name: 'exec', k: 10, id: 'exec@10' }
 * parseMeasure('precision@5'); // { name: 'execution_precision', k: 5, id: 'execution_precision@5' }
 * parseMeasure('mrr');         // { name: 'mrr', k: null, id: 'mrr' }
 */
export function parseMeasure(measure: string): Measure {
  if (typeof measure !== 'string') {
    throw new TypeError(`@execret/metrics parseMeasure: expected a measure string, received ${describeValue(measure)}`);
  }
  const parsed = tryParse(measure);
  if (typeof parsed !== 'string') return parsed;
  let hint = '';
  const normalised = measure.trim().toLowerCase().replace(/\s+/g, '');
  if (normalised !== measure) {
    const retry = tryParse(normalised);
    if (typeof retry !== 'string') hint = ` (did you mean ${JSON.stringify(normalised)}?)`;
  }
  throw new MetricsError(
    'invalid-measure',
    `@execret/metrics parseMeasure: ${parsed} in measure ${describeValue(measure)}${hint}; accepted: ${ALLOWED}`,
    { measure },
  );
}

/** The parsed measure, or a string saying what is wrong. */
function tryParse(measure: string): Measure | string {
  const match = SHAPE.exec(measure);
  if (match === null) return 'unrecognised form';
  const rawName = match[1] as string;
  const digits = match[2];
  const name: MeasureName | undefined = Object.hasOwn(MEASURE_ALIASES, rawName)
    ? MEASURE_ALIASES[rawName]
    : (MEASURE_NAMES as readonly string[]).includes(rawName)
      ? (rawName as MeasureName)
      : undefined;
  if (name === undefined) return `unknown measure name ${JSON.stringify(rawName)}`;
  if (digits === undefined) {
    if (name === 'mrr') return { name, k: null, id: 'mrr' };
    return `${JSON.stringify(rawName)} needs a cutoff, e.g. ${rawName}@10`;
  }
  if (digits.startsWith('0')) return `cutoff ${JSON.stringify(digits)} is not a positive integer without leading zeros`;
  const k = Number(digits);
  if (!Number.isSafeInteger(k)) return `cutoff ${digits} is too large`;
  return { name, k, id: `${name}@${k}` };
}
