import { endianness } from 'node:os';
import { EmbeddersError } from './errors.js';

const LITTLE_ENDIAN = endianness() === 'LE';

/**
 * Decodes a base64 string of little-endian float32 values (OpenAI's `encoding_format: "base64"`).
 *
 * @throws EmbeddersError `response` when the decoded byte length is not a multiple of 4.
 * @example
 * decodeBase64Float32(Buffer.from(new Float32Array([1, -2]).buffer).toString('base64')); // Float32Array [1, -2]
 */
export function decodeBase64Float32(encoded: string, component = 'response'): Float32Array {
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length % 4 !== 0) {
    throw new EmbeddersError(
      'response',
      `@execret/embedders ${component}: base64 embedding decodes to ${bytes.length} bytes, not a multiple of 4`,
    );
  }
  const out = new Float32Array(bytes.length / 4);
  if (LITTLE_ENDIAN) new Uint8Array(out.buffer).set(bytes);
  else for (let i = 0; i < out.length; i++) out[i] = bytes.readFloatLE(i * 4);
  return out;
}

function nonFinite(component: string, row: number, column: number, value: unknown): EmbeddersError {
  return new EmbeddersError(
    'response',
    `@execret/embedders ${component}: vector ${row} has a non-finite or non-numeric value (${String(value)}) at dimension ${column}`,
  );
}

/**
 * Validates provider vectors and packs them into one row-major `rows × dims` Float32Array.
 * Each item may be an array of numbers or a base64 float32 string. Every vector must exist, have exactly
 * `dims` entries, and every entry must be a finite number.
 *
 * @throws EmbeddersError `response` naming the first problem (count, row, length or value).
 * @example
 * toMatrix([[1, 0], [0, 1]], 2, 2, 'openai').data; // Float32Array [1, 0, 0, 1]
 */
export function toMatrix(
  vectors: readonly unknown[],
  rows: number,
  dims: number,
  component: string,
): { data: Float32Array; rows: number; dims: number } {
  if (vectors.length !== rows) {
    throw new EmbeddersError(
      'response',
      `@execret/embedders ${component}: expected ${rows} vectors in the response, received ${vectors.length}`,
    );
  }
  const data = new Float32Array(rows * dims);
  for (let r = 0; r < rows; r++) {
    let vector = vectors[r];
    if (typeof vector === 'string') vector = decodeBase64Float32(vector, component);
    const isArrayLike = Array.isArray(vector) || vector instanceof Float32Array || vector instanceof Float64Array;
    if (!isArrayLike) {
      throw new EmbeddersError(
        'response',
        `@execret/embedders ${component}: vector ${r} is ${vector === null ? 'null' : typeof vector}, expected an array of numbers`,
      );
    }
    const values = vector as ArrayLike<unknown>;
    if (values.length !== dims) {
      throw new EmbeddersError(
        'response',
        `@execret/embedders ${component}: vector ${r} has ${values.length} dimensions, expected ${dims}`,
      );
    }
    const offset = r * dims;
    if (vector instanceof Float32Array || vector instanceof Float64Array) {
      // typed arrays hold numbers only: check finiteness, then copy in one go
      for (let c = 0; c < dims; c++) {
        if (!Number.isFinite(vector[c] as number)) throw nonFinite(component, r, c, vector[c]);
      }
      data.set(vector, offset);
      continue;
    }
    for (let c = 0; c < dims; c++) {
      const x = values[c];
      if (typeof x !== 'number' || !Number.isFinite(x)) throw nonFinite(component, r, c, x);
      data[offset + c] = x;
    }
  }
  return { data, rows, dims };
}

/**
 * Divides every row of a row-major matrix by its L2 norm, in place. Rows of norm 0 stay zero.
 * The norm is accumulated in float64.
 *
 * @example
 * const m = new Float32Array([3, 4, 0, 0]);
 * normalizeRows(m, 2); // m is now [0.6, 0.8, 0, 0]
 */
export function normalizeRows(data: Float32Array, dims: number): Float32Array {
  if (!Number.isInteger(dims) || dims < 1 || data.length % dims !== 0) {
    throw new RangeError(`normalizeRows: data length ${data.length} is not a multiple of dims ${dims}`);
  }
  for (let off = 0; off < data.length; off += dims) {
    let sum = 0;
    for (let c = 0; c < dims; c++) {
      const x = data[off + c] as number;
      sum += x * x;
    }
    if (sum === 0) continue;
    const inv = 1 / Math.sqrt(sum);
    for (let c = 0; c < dims; c++) data[off + c] = (data[off + c] as number) * inv;
  }
  return data;
}

/**
 * Keeps the first `dims` columns of a row-major `rows × fromDims` matrix (Matryoshka truncation).
 *
 * @example
 * truncateColumns(new Float32Array([1, 2, 3, 4, 5, 6]), 3, 2); // Float32Array [1, 2, 4, 5]
 */
export function truncateColumns(data: Float32Array, fromDims: number, dims: number): Float32Array {
  if (dims > fromDims) throw new RangeError(`truncateColumns: cannot widen ${fromDims} columns to ${dims}`);
  if (dims === fromDims) return data;
  const rows = data.length / fromDims;
  const out = new Float32Array(rows * dims);
  for (let r = 0; r < rows; r++) out.set(data.subarray(r * fromDims, r * fromDims + dims), r * dims);
  return out;
}
