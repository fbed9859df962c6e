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
  /** Message prefix naming the package and function. */
  readonly where: string;
}

/** Bound on ‖q‖·‖x‖ for the dot metric: half of the largest float32, so that no partial sum overflows. */
const DOT_OVERFLOW_BOUND = 2 ** 127;

/**
 * Validates the arguments of `topK`/`topKParallel` once, at the public boundary. Values are checked while
 * rows are packed (see {@link ValueGuard}), in the same pass that reads them.
 *
 * @throws TypeError for a non-Float32Array matrix, an unknown metric or bad docIds.
 * @throws RangeError for bad dims or k, or a length that is not a multiple of dims.
 */
export function validateSearch(
  queries: unknown,
  docs: unknown,
  dims: unknown,
  k: unknown,
  options: { metric?: unknown; docIds?: readonly string[] } | undefined,
  component: string,
): SearchProblem {
  const where = `@execret/search ${component}`;
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
  if (options === undefined || options === null || typeof options !== 'object') {
    throw new TypeError(`${where}: options with a metric are required, e.g. { metric: 'cosine' }`);
  }
  const metric = options.metric;
  if (metric !== 'cosine' && metric !== 'dot') {
    throw new TypeError(
      `${where}: metric must be one of ${TOPK_METRICS.map((m) => `'${m}'`).join(', ')}, received ${String(metric)}`,
    );
  }
  const order = tieOrder(options.docIds, nDocs, component);
  return { queries, docs, dims, k, metric, nQueries, nDocs, order, where };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return (value as object).constructor?.name ?? 'object';
  return typeof value;
}

/**
 * Enforces the value rules while rows are packed: every value finite, and for the dot metric
 * max‖q‖·max‖x‖ ≤ 2^127, which bounds every partial sum (Cauchy–Schwarz) well below the float32 maximum.
 */
export class ValueGuard {
  private maxQuerySquares = 0;
  private maxDocSquares = 0;

  constructor(private readonly problem: SearchProblem) {}

  /** Records a packed row from its sum of squares (float64, so NaN/±∞ show up and nothing overflows). */
  row(matrix: 'queries' | 'docs', row: number, sumSquares: number): void {
    const { problem } = this;
    if (!(sumSquares < Infinity)) {
      const values = matrix === 'queries' ? problem.queries : problem.docs;
      let column = 0;
      while (column < problem.dims && Number.isFinite(values[row * problem.dims + column]!)) column++;
      throw new RangeError(
        `${problem.where}: ${matrix} row ${row} column ${column} is ${values[row * problem.dims + column]}; every value must be finite`,
      );
    }
    if (matrix === 'queries') this.maxQuerySquares = Math.max(this.maxQuerySquares, sumSquares);
    else this.maxDocSquares = Math.max(this.maxDocSquares, sumSquares);
    if (
      problem.metric === 'dot' &&
      Math.sqrt(this.maxQuerySquares) * Math.sqrt(this.maxDocSquares) > DOT_OVERFLOW_BOUND
    ) {
      throw new RangeError(
        `${problem.where}: with metric 'dot', a query norm ${Math.sqrt(this.maxQuerySquares)} times a document norm ${Math.sqrt(this.maxDocSquares)} exceeds 2^127; dot products could overflow float32`,
      );
    }
  }
}

/**
 * Sum of squares of `matrix[start … start+dims−1]` in float64: four interleaved partial sums
 * s_j = Σ_{p ≡ j (mod 4)} x_p² (each in index order), combined as (s_0 + s_1) + (s_2 + s_3). NaN or ∞ when
 * a value is not finite. (Squares of float32 values are exact in float64; the interleaving only breaks
 * the dependency chain of one running sum.)
 */
export function sumOfSquares(matrix: Float32Array, start: number, dims: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let p = 0;
  for (; p + 4 <= dims; p += 4) {
    const a = matrix[start + p]!;
    const b = matrix[start + p + 1]!;
    const c = matrix[start + p + 2]!;
    const d = matrix[start + p + 3]!;
    s0 += a * a;
    s1 += b * b;
    s2 += c * c;
    s3 += d * d;
  }
  if (p < dims) {
    const a = matrix[start + p]!;
    s0 += a * a;
  }
  if (p + 1 < dims) {
    const b = matrix[start + p + 1]!;
    s1 += b * b;
  }
  if (p + 2 < dims) {
    const c = matrix[start + p + 2]!;
    s2 += c * c;
  }
  return s0 + s1 + (s2 + s3);
}

/**
 * Writes row `row` of `matrix` into `out[outOffset …]` with stride `stride` (one value every `stride`
 * floats), applying the metric's transform, and returns the row's {@link sumOfSquares}:
 * - `dot`: the values unchanged;
 * - `cosine`: x̂_p = fl32(x_p / ‖x‖) with ‖x‖ = √(sumOfSquares) and the division in float64; a zero row
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
): number {
  const start = row * dims;
  const sumSquares = sumOfSquares(matrix, start, dims);
  const norm = Math.sqrt(sumSquares);
  if (metric === 'dot') {
    for (let p = 0; p < dims; p++) out[outOffset + p * stride] = matrix[start + p]!;
  } else if (norm === 0 || !(norm < Infinity)) {
    for (let p = 0; p < dims; p++) out[outOffset + p * stride] = 0;
  } else {
    for (let p = 0; p < dims; p++) out[outOffset + p * stride] = matrix[start + p]! / norm;
  }
  return sumSquares;
}
