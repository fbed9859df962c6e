/**
 * Validation of {@link topK} arguments and the row transforms shared by every engine: cosine
 * normalisation and packing into the kernel's panel layout.
 *
 * @internal
 */
import { tieOrder } from './tie-order.js';

/** Similarity used by {@link topK}. */
export type TopKMetric = 'cosine' | 'dot';

/** Allowed values of {@link TopKMetric}. */
export const TOPK_METRICS: readonly TopKMetric[] = ['cosine', 'dot'];

/** A validated search problem. */
export interface SearchProblem {
  readonly queries: Float32Array;
  readonly docs: Float32Array;
  readonly dims: number;
  readonly k: number;
  readonly metric: TopKMetric;
  readonly nQueries: number;
  readonly nDocs: number;
  /** `order[p]` = index of the document at tie-order position p; `undefined` = identity. */
  readonly order: Int32Array | undefined;
}

/** Bound on d·max|q|·max|x| for the dot metric: half of the largest float32, so no partial sum overflows. */
const DOT_OVERFLOW_BOUND = 2 ** 127;

/**
 * Validates the arguments of `topK`/`topKParallel` once, at the public boundary.
 *
 * @throws TypeError for a non-Float32Array matrix, an unknown metric or bad docIds.
 * @throws RangeError for bad dims or k, a length that is not a multiple of dims, a non-finite value, or
 *   (metric `dot`) values so large that a dot product could overflow float32.
 */
export function validateSearch(
  queries: unknown,
  docs: unknown,
  dims: unknown,
  k: unknown,
  options: { metric?: unknown; docIds?: readonly string[] } | undefined,
  component: string,
): SearchProblem {
  const where = `@execret/embedders ${component}`;
  if (!(queries instanceof Float32Array)) {
    throw new TypeError(`${where}: queries must be a Float32Array (row-major), received ${describe(queries)}`);
  }
  if (!(docs instanceof Float32Array)) {
    throw new TypeError(`${where}: docs must be a Float32Array (row-major), received ${describe(docs)}`);
  }
  if (typeof dims !== 'number' || !Number.isInteger(dims) || dims < 1) {
    throw new RangeError(`${where}: dims must be a positive integer, received ${String(dims)}`);
  }
  if (queries.length % dims !== 0) {
    throw new RangeError(`${where}: queries.length ${queries.length} is not a multiple of dims ${dims}`);
  }
  if (docs.length % dims !== 0) {
    throw new RangeError(`${where}: docs.length ${docs.length} is not a multiple of dims ${dims}`);
  }
  const nQueries = queries.length / dims;
  const nDocs = docs.length / dims;
  if (typeof k !== 'number' || !Number.isInteger(k) || k < 1 || k > nDocs) {
    throw new RangeError(
      `${where}: k must be an integer in [1, ${nDocs}] (1 to the number of documents), received ${String(k)}`,
    );
  }
  if (options === undefined || typeof options !== 'object') {
    throw new TypeError(`${where}: options with a metric are required, e.g. { metric: 'cosine' }`);
  }
  const metric = options.metric;
  if (metric !== 'cosine' && metric !== 'dot') {
    throw new TypeError(`${where}: metric must be one of ${TOPK_METRICS.map((m) => `'${m}'`).join(', ')}, received ${String(metric)}`);
  }
  const maxQuery = maxAbsFinite(queries, dims, 'queries', where);
  const maxDoc = maxAbsFinite(docs, dims, 'docs', where);
  if (metric === 'dot' && dims * maxQuery * maxDoc > DOT_OVERFLOW_BOUND) {
    throw new RangeError(
      `${where}: with metric 'dot', dims × max|query| × max|doc| = ${dims * maxQuery * maxDoc} exceeds 2^127; dot products could overflow float32`,
    );
  }
  const order = tieOrder(options.docIds, nDocs, component);
  return { queries, docs, dims, k, metric, nQueries, nDocs, order };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return (value as object).constructor?.name ?? 'object';
  return typeof value;
}

/** Largest absolute value of a matrix; throws on the first NaN or ±Infinity, naming its row and column. */
function maxAbsFinite(matrix: Float32Array, dims: number, name: string, where: string): number {
  let max = 0;
  for (let i = 0; i < matrix.length; i++) {
    const v = matrix[i]!;
    const a = v < 0 ? -v : v;
    if (!(a <= max)) {
      if (!(a < Infinity)) {
        throw new RangeError(
          `${where}: ${name} row ${Math.floor(i / dims)} column ${i % dims} is ${v}; every value must be finite`,
        );
      }
      max = a;
    }
  }
  return max;
}

/**
 * Writes row `row` of `matrix` into `out[outOffset …]` with stride `stride` (one value every `stride`
 * floats), applying the metric's transform:
 * - `dot`: the values unchanged;
 * - `cosine`: x̂_p = fl32(x_p / ‖x‖) with ‖x‖ = √(Σ_p x_p²) summed in float64 in index order; a zero row
 *   stays zero (its cosine with anything is 0).
 */
export function writeRow(
  matrix: Float32Array,
  row: number,
  dims: number,
  metric: TopKMetric,
  out: Float32Array,
  outOffset: number,
  stride: number,
): void {
  const start = row * dims;
  if (metric === 'dot') {
    for (let p = 0; p < dims; p++) out[outOffset + p * stride] = matrix[start + p]!;
    return;
  }
  let sumSquares = 0;
  for (let p = 0; p < dims; p++) {
    const x = matrix[start + p]!;
    sumSquares += x * x;
  }
  const norm = Math.sqrt(sumSquares);
  if (norm === 0) {
    for (let p = 0; p < dims; p++) out[outOffset + p * stride] = 0;
    return;
  }
  for (let p = 0; p < dims; p++) out[outOffset + p * stride] = matrix[start + p]! / norm;
}

/**
 * Packs rows into panels of `panel` rows: the r-th packed row (source row `source(r)`, or zeros when
 * `source(r)` is −1) lands at `out[offset + ((⌊r/panel⌋·d + p)·panel + r mod panel)]`. `count` rows are
 * written and the last panel is zero-padded.
 */
export function packPanels(
  matrix: Float32Array,
  dims: number,
  metric: TopKMetric,
  source: (r: number) => number,
  count: number,
  panel: number,
  out: Float32Array,
  offset: number,
): void {
  const padded = Math.ceil(count / panel) * panel;
  for (let r = 0; r < padded; r++) {
    const base = offset + Math.floor(r / panel) * dims * panel + (r % panel);
    const row = r < count ? source(r) : -1;
    if (row < 0) {
      for (let p = 0; p < dims; p++) out[base + p * panel] = 0;
    } else {
      writeRow(matrix, row, dims, metric, out, base, panel);
    }
  }
}
