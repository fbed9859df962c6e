import { SearchError } from '../errors.js';

/**
 * Element types supported by {@link readNpy} and {@link writeNpy}, with their numpy descriptors:
 * `float32` (`<f4`), `float64` (`<f8`), `int32` (`<i4`), `int64` (`<i8`, as `BigInt64Array`) and
 * `unicode` (`<U<n>`: fixed-width UTF-32 strings, as `string[]`, numpy's default for arrays of `str`
 * such as id lists).
 */
export type NpyDtype = 'float32' | 'float64' | 'int32' | 'int64' | 'unicode';

/** Data of an array, by element type. */
export type NpyData = Float32Array | Float64Array | Int32Array | BigInt64Array | readonly string[];

/** An array read from `.npy`: data in C (row-major) order and its shape. */
export type NpyArray =
  | { dtype: 'float32'; shape: number[]; data: Float32Array }
  | { dtype: 'float64'; shape: number[]; data: Float64Array }
  | { dtype: 'int32'; shape: number[]; data: Int32Array }
  | { dtype: 'int64'; shape: number[]; data: BigInt64Array }
  | { dtype: 'unicode'; shape: number[]; data: string[] };

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY
/** numpy pads headers so that the data starts at a multiple of 64 bytes. */
const ALIGN = 64;

/**
 * Largest `.npy` header read, in bytes: numpy's own `max_header_size` default (10,000, `numpy.lib.format`), so a
 * file numpy loads is never refused and a hostile header cannot make the parser scan megabytes.
 */
export const DEFAULT_MAX_NPY_HEADER_BYTES = 10_000;

/** Options of {@link readNpy}. */
export interface ReadNpyOptions {
  /** Largest header accepted, in bytes (default {@link DEFAULT_MAX_NPY_HEADER_BYTES}). */
  maxHeaderBytes?: number;
}

/** The dtype of `data`, from its JavaScript type. */
function dtypeOf(data: unknown): NpyDtype | undefined {
  if (data instanceof Float32Array) return 'float32';
  if (data instanceof Float64Array) return 'float64';
  if (data instanceof Int32Array) return 'int32';
  if (data instanceof BigInt64Array) return 'int64';
  if (Array.isArray(data) && data.every((x) => typeof x === 'string')) return 'unicode';
  return undefined;
}

function shapeTuple(shape: readonly number[]): string {
  if (shape.length === 0) return '()';
  if (shape.length === 1) return `(${shape[0]},)`;
  return `(${shape.join(', ')})`;
}

/** Number of code points of a string. */
function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/**
 * Serialises an array in the `.npy` format (version 1.0, or 2.0 when the header exceeds 65,535 bytes),
 * little-endian, C order, with the header padded so that the data starts at a multiple of 64 bytes — the
 * bytes `numpy.save` writes for the same array, except that numpy may add extra header spaces.
 *
 * Strings are written as `<U<w>` with w = the longest string's length in code points (at least 1), each
 * element zero-padded; as in numpy, trailing U+0000 characters do not survive a round trip.
 *
 * @param data elements in C order; the dtype follows from the type (see {@link NpyDtype}).
 * @param shape dimensions; their product must equal the element count (`[]` for a 0-d array of one
 *   element).
 * @throws TypeError when `data` is not one of the supported types or `shape` is not an array.
 * @throws RangeError when a dimension is not a non-negative integer or the shape does not match the count.
 * @example
 * const bytes = writeNpy(new Float32Array([1, 2, 3, 4, 5, 6]), [2, 3]);
 * // numpy: np.load(io.BytesIO(bytes)) → array([[1., 2., 3.], [4., 5., 6.]], dtype=float32)
 */
export function writeNpy(data: NpyData, shape: readonly number[]): Uint8Array {
  const dtype = dtypeOf(data);
  if (dtype === undefined) {
    throw new TypeError(
      '@execret/search writeNpy: data must be a Float32Array, Float64Array, Int32Array, BigInt64Array or an array of strings',
    );
  }
  if (!Array.isArray(shape)) throw new TypeError('@execret/search writeNpy: shape must be an array of dimensions');
  let count = 1;
  for (const n of shape) {
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) {
      throw new RangeError(`@execret/search writeNpy: dimensions must be non-negative integers, received ${String(n)}`);
    }
    count *= n;
  }
  if (count !== data.length) {
    throw new RangeError(
      `@execret/search writeNpy: shape ${shapeTuple(shape)} holds ${count} elements, data has ${data.length}`,
    );
  }
  let descr: string;
  let body: Uint8Array;
  if (dtype === 'unicode') {
    const strings = data as readonly string[];
    let width = 1;
    for (const s of strings) width = Math.max(width, codePointLength(s));
    descr = `<U${width}`;
    const out = new Uint32Array(strings.length * width);
    strings.forEach((s, i) => {
      let j = i * width;
      for (const ch of s) out[j++] = ch.codePointAt(0)!;
    });
    body = toLittleEndianBytes(out);
  } else {
    descr = { float32: '<f4', float64: '<f8', int32: '<i4', int64: '<i8' }[dtype];
    body = toLittleEndianBytes(data as Float32Array | Float64Array | Int32Array | BigInt64Array);
  }
  const dict = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${shapeTuple(shape)}, }`;
  const header = (preamble: number) => {
    const unpadded = preamble + dict.length + 1;
    return `${dict + ' '.repeat((ALIGN - (unpadded % ALIGN)) % ALIGN)}\n`;
  };
  let version = 1;
  let text = header(10);
  if (text.length > 0xffff) {
    version = 2;
    text = header(12);
  }
  const preamble = version === 1 ? 10 : 12;
  const out = new Uint8Array(preamble + text.length + body.length);
  out.set(MAGIC, 0);
  out[6] = version;
  out[7] = 0;
  const view = new DataView(out.buffer);
  if (version === 1) view.setUint16(8, text.length, true);
  else view.setUint32(8, text.length, true);
  for (let i = 0; i < text.length; i++) out[preamble + i] = text.charCodeAt(i);
  out.set(body, preamble + text.length);
  return out;
}

/** The little-endian bytes of a typed array (a copy). */
function toLittleEndianBytes(data: Float32Array | Float64Array | Int32Array | BigInt64Array | Uint32Array): Uint8Array {
  const bytes = new Uint8Array(data.byteLength);
  bytes.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  if (!LITTLE_ENDIAN) swapBytes(bytes, data.BYTES_PER_ELEMENT);
  return bytes;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function swapBytes(bytes: Uint8Array, width: number): void {
  for (let i = 0; i + width <= bytes.length; i += width) {
    for (let a = i, b = i + width - 1; a < b; a++, b--) {
      const t = bytes[a]!;
      bytes[a] = bytes[b]!;
      bytes[b] = t;
    }
  }
}

/** A parsed `.npy` header. */
interface NpyHeader {
  descr: string;
  fortranOrder: boolean;
  shape: number[];
}

function formatError(message: string, cause?: unknown): SearchError {
  return new SearchError('matrix', `@execret/search readNpy: ${message}`, cause === undefined ? {} : { cause });
}

/**
 * Parses a `.npy` file (format versions 1.0, 2.0 and 3.0) into its dtype, shape and data (a fresh copy,
 * C order).
 *
 * Accepted descriptors: `f4`, `f8`, `i4`, `i8` and `U<n>` in either byte order (`<`, `>`, or `=` for
 * this machine's); big-endian data is converted. Unicode elements lose trailing U+0000 padding, as in
 * numpy. Rejected with an `SearchError` of code `matrix`: a bad magic string or version, an
 * unparsable header, other dtypes (including pickled `object` arrays and structured dtypes),
 * `fortran_order: True`, a header longer than `maxHeaderBytes`, a dimension that is not a safe integer, and data
 * shorter or longer than the shape requires (checked before any copy is made).
 *
 * @example
 * const { dtype, shape, data } = readNpy(writeNpy(new Int32Array([1, 2, 3]), [3]));
 * // dtype 'int32', shape [3], data Int32Array [1, 2, 3]
 */
export function readNpy(bytes: Uint8Array, options: ReadNpyOptions = {}): NpyArray {
  if (!(bytes instanceof Uint8Array))
    throw new TypeError('@execret/search readNpy: expected a Uint8Array of file bytes');
  if (bytes.length < 10 || MAGIC.some((b, i) => bytes[i] !== b)) {
    throw formatError('not an .npy file (the first bytes are not \\x93NUMPY)');
  }
  const major = bytes[6]!;
  const minor = bytes[7]!;
  if (!((major === 1 || major === 2 || major === 3) && minor === 0)) {
    throw formatError(`unsupported format version ${major}.${minor}; supported: 1.0, 2.0, 3.0`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const preamble = major === 1 ? 10 : 12;
  if (bytes.length < preamble) throw formatError('file ends inside the header length');
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const maxHeaderBytes = options.maxHeaderBytes ?? DEFAULT_MAX_NPY_HEADER_BYTES;
  if (headerLength > maxHeaderBytes) {
    throw formatError(
      `header declares ${headerLength} bytes, more than maxHeaderBytes ${maxHeaderBytes} (numpy's default limit)`,
    );
  }
  if (bytes.length < preamble + headerLength) {
    throw formatError(
      `header declares ${headerLength} bytes but the file has ${bytes.length - preamble} after the preamble`,
    );
  }
  const headerBytes = bytes.subarray(preamble, preamble + headerLength);
  const text = major === 3 ? new TextDecoder('utf-8', { fatal: true }).decode(headerBytes) : latin1(headerBytes);
  const header = parseHeader(text);
  if (header.fortranOrder) {
    throw formatError('fortran_order True is not supported; save a C-ordered array (np.ascontiguousarray) instead');
  }
  const match = /^([<>=|])(f4|f8|i4|i8|U(\d+))$/.exec(header.descr);
  if (match === null) {
    throw formatError(
      `unsupported dtype descriptor '${header.descr}'; supported: <f4, <f8, <i4, <i8, <U<n> (either byte order)`,
    );
  }
  const order = match[1]!;
  if (order === '|') throw formatError(`descriptor '${header.descr}' lacks a byte order`);
  const bigEndian = order === '>' || (order === '=' && !LITTLE_ENDIAN);
  const kind = match[2]!;
  const width = match[3] === undefined ? 0 : Number(match[3]);
  const itemSize = kind === 'f4' || kind === 'i4' ? 4 : kind === 'f8' || kind === 'i8' ? 8 : 4 * width;
  if (header.shape.some((d) => !Number.isSafeInteger(d))) {
    throw formatError(`shape ${shapeTuple(header.shape)} has a dimension beyond 2^53`);
  }
  const count = header.shape.reduce((a, b) => a * b, 1);
  const start = preamble + headerLength;
  const expected = count * itemSize;
  if (bytes.length - start !== expected) {
    throw formatError(
      `shape ${shapeTuple(header.shape)} of '${header.descr}' needs ${expected} data bytes, the file has ${bytes.length - start}`,
    );
  }
  const raw = new Uint8Array(expected); // a copy with its own aligned buffer (even when `bytes` is a pooled Buffer)
  raw.set(bytes.subarray(start, start + expected));
  const wordSize = kind.startsWith('U') ? 4 : itemSize;
  if (bigEndian !== !LITTLE_ENDIAN) swapBytes(raw, wordSize);
  const shape = header.shape;
  switch (kind) {
    case 'f4':
      return { dtype: 'float32', shape, data: new Float32Array(raw.buffer) };
    case 'f8':
      return { dtype: 'float64', shape, data: new Float64Array(raw.buffer) };
    case 'i4':
      return { dtype: 'int32', shape, data: new Int32Array(raw.buffer) };
    case 'i8':
      return { dtype: 'int64', shape, data: new BigInt64Array(raw.buffer) };
    default: {
      const codes = new Uint32Array(raw.buffer);
      const data: string[] = [];
      for (let i = 0; i < count; i++) {
        let end = (i + 1) * width;
        while (end > i * width && codes[end - 1] === 0) end--;
        let s = '';
        for (let j = i * width; j < end; j++) {
          const cp = codes[j]!;
          if (cp > 0x10ffff) throw formatError(`element ${i} holds ${cp}, which is not a Unicode code point`);
          s += String.fromCodePoint(cp);
        }
        data.push(s);
      }
      return { dtype: 'unicode', shape, data };
    }
  }
}

function latin1(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return s;
}

/**
 * Parses the header dictionary, a Python literal such as
 * `{'descr': '<f4', 'fortran_order': False, 'shape': (939, 1024), }` followed by padding. Exactly the keys
 * `descr` (a string), `fortran_order` (True/False) and `shape` (a tuple of non-negative integers) must occur.
 */
function parseHeader(text: string): NpyHeader {
  let i = 0;
  const fail = (what: string): never => {
    throw formatError(`cannot parse the header ${JSON.stringify(text.trimEnd())}: ${what} at character ${i}`);
  };
  const skip = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const expect = (ch: string) => {
    skip();
    if (text[i] !== ch) fail(`expected '${ch}'`);
    i++;
  };
  const parseString = (): string => {
    skip();
    const quote = text[i];
    if (quote !== "'" && quote !== '"') return fail('expected a string');
    const end = text.indexOf(quote, i + 1);
    if (end < 0) return fail('unterminated string');
    const value = text.slice(i + 1, end);
    if (value.includes('\\')) return fail('escapes in strings are not supported');
    i = end + 1;
    return value;
  };
  const parseValue = (): string | boolean | number[] => {
    skip();
    const ch = text[i];
    if (ch === "'" || ch === '"') return parseString();
    if (text.startsWith('True', i)) {
      i += 4;
      return true;
    }
    if (text.startsWith('False', i)) {
      i += 5;
      return false;
    }
    if (ch === '(') {
      i++;
      const items: number[] = [];
      for (;;) {
        skip();
        if (text[i] === ')') {
          i++;
          return items;
        }
        const m = /^(\d+)L?/.exec(text.slice(i));
        if (m === null) return fail('expected a non-negative integer dimension');
        items.push(Number(m[1]));
        i += m[0].length;
        skip();
        if (text[i] === ',') i++;
        else if (text[i] !== ')') fail("expected ',' or ')'");
      }
    }
    if (ch === '[') return fail('structured dtypes (a list descriptor) are not supported');
    return fail('unexpected value');
  };
  expect('{');
  const entries = new Map<string, string | boolean | number[]>();
  for (;;) {
    skip();
    if (text[i] === '}') {
      i++;
      break;
    }
    const key = parseString();
    expect(':');
    if (entries.has(key)) fail(`duplicate key '${key}'`);
    entries.set(key, parseValue());
    skip();
    if (text[i] === ',') i++;
    else if (text[i] !== '}') fail("expected ',' or '}'");
  }
  if (text.slice(i).trim() !== '') fail('unexpected text after the dictionary');
  const keys = [...entries.keys()].sort();
  if (keys.join(',') !== 'descr,fortran_order,shape') {
    throw formatError(`the header has keys [${keys.join(', ')}]; expected exactly descr, fortran_order, shape`);
  }
  const descr = entries.get('descr');
  const fortranOrder = entries.get('fortran_order');
  const shape = entries.get('shape');
  if (typeof descr !== 'string') throw formatError(`descr must be a string, received ${String(descr)}`);
  if (typeof fortranOrder !== 'boolean') throw formatError('fortran_order must be True or False');
  if (!Array.isArray(shape)) throw formatError('shape must be a tuple of integers');
  if (shape.some((n) => !Number.isSafeInteger(n))) throw formatError('a dimension is too large');
  return { descr, fortranOrder, shape };
}
