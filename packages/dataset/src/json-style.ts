/**
 * Serialising JSON values exactly the way the release's writer did, so that load → write reproduces bytes.
 *
 * The release was produced by Python's `json.dumps`; files written by JavaScript use `JSON.stringify`. The two
 * differ in three places, each captured by one field of {@link JsonStyle}:
 * - separators: Python's default is `", "` between items and `": "` after keys; `JSON.stringify` uses `","`/`":"`;
 * - non-ASCII text: Python's default `ensure_ascii=True` writes every character outside `' '..'~'` as a lowercase
 *   `\uXXXX` escape (astral characters as two escapes); otherwise characters are written raw;
 * - numbers: Python's `repr(float)` writes `1e-05`, `1e+16` and `0.0001` where JavaScript writes `0.00001`,
 *   `10000000000000000` and `0.0001`.
 *
 * Limits (documented in the README): JSON parsing forgets whether `1.0` was a float, so integral numbers are
 * always written without a fraction; object keys that look like array indices (`"0"`, `"12"`) are moved first by
 * JavaScript's property order.
 */

/** How a JSON value is written on one line. */
export interface JsonStyle {
  /** `'python'`: `", "` and `": "` (Python `json.dumps` default); `'compact'`: `","` and `":"` (`JSON.stringify`). */
  separators: 'python' | 'compact';
  /** Escape every character outside printable ASCII (`' '..'~'`) as `\uXXXX`, like Python's `ensure_ascii=True`. */
  asciiOnly: boolean;
  /** `'python'`: non-integral numbers as Python's `repr(float)`; `'js'`: as `JSON.stringify`. */
  numbers: 'python' | 'js';
}

/** The style of Python's `json.dumps(value)` with default arguments: the style of the public release. */
export const PYTHON_JSON_STYLE: Readonly<JsonStyle> = Object.freeze({
  separators: 'python',
  asciiOnly: true,
  numbers: 'python',
});

/** The style of JavaScript's `JSON.stringify(value)`: the style of files execret writes itself (the cache). */
export const COMPACT_JSON_STYLE: Readonly<JsonStyle> = Object.freeze({
  separators: 'compact',
  asciiOnly: false,
  numbers: 'js',
});

/**
 * Formats a finite number like Python's `repr(float)` (shortest round-trip digits; fixed notation when the
 * decimal exponent e satisfies -4 <= e < 16, otherwise `d.ddde±XX` with at least two exponent digits).
 * Integral values with magnitude below 2^53 are written as integers (`3`, not `3.0`), because JSON parsing cannot
 * tell `3` from `3.0`.
 *
 * @example
 * pythonNumber(0.00001); // '1e-05'
 * pythonNumber(1.5e16);  // '1.5e+16'
 * pythonNumber(0.25);    // '0.25'
 * pythonNumber(42);      // '42'
 */
export function pythonNumber(value: number): string {
  if (!Number.isFinite(value))
    throw new RangeError(`@execret/dataset: cannot write non-finite number ${value} as JSON`);
  if (Number.isInteger(value) && Math.abs(value) < 2 ** 53) return Object.is(value, -0) ? '0' : String(value);
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e');
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  const exponent = Number(exponentText);
  let body: string;
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) body = `0.${'0'.repeat(-exponent - 1)}${digits}`;
    else if (digits.length > exponent + 1) body = `${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
    else body = `${digits}${'0'.repeat(exponent + 1 - digits.length)}.0`;
  } else {
    const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const sign = exponent < 0 ? '-' : '+';
    body = `${mant}e${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  return negative ? `-${body}` : body;
}

// Each UTF-16 code unit outside printable ASCII (surrogate halves separately, as Python does).
const NON_ASCII = /[^\x20-\x7e]/g;
function escapeUnit(ch: string): string {
  return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * Serialises a JSON value on one line in the given style. Keys keep the object's property order; `undefined`
 * properties are skipped and `undefined` array items are written as `null` (as `JSON.stringify` does).
 *
 * @throws {RangeError} on a non-finite number, {@link TypeError} on a value JSON cannot represent (function,
 *   symbol, bigint).
 * @example
 * serializeJson({ a: [1, 'é'] }, PYTHON_JSON_STYLE);  // '{"a": [1, "\\u00e9"]}'
 * serializeJson({ a: [1, 'é'] }, COMPACT_JSON_STYLE); // '{"a":[1,"é"]}'
 */
export function serializeJson(value: unknown, style: Readonly<JsonStyle>): string {
  const item = style.separators === 'python' ? ', ' : ',';
  const colon = style.separators === 'python' ? ': ' : ':';
  const str = style.asciiOnly
    ? (s: string) => JSON.stringify(s).replace(NON_ASCII, escapeUnit)
    : (s: string) => JSON.stringify(s);
  const num = style.numbers === 'python' ? pythonNumber : jsNumber;
  const write = (v: unknown): string => {
    if (v === null) return 'null';
    switch (typeof v) {
      case 'string':
        return str(v);
      case 'number':
        return num(v);
      case 'boolean':
        return v ? 'true' : 'false';
      case 'object': {
        if (Array.isArray(v)) {
          if (v.length === 0) return '[]';
          let out = '[';
          for (let i = 0; i < v.length; i++) {
            if (i > 0) out += item;
            const x: unknown = v[i];
            out += x === undefined ? 'null' : write(x);
          }
          return `${out}]`;
        }
        let out = '{';
        let first = true;
        for (const key of Object.keys(v)) {
          const x = (v as Record<string, unknown>)[key];
          if (x === undefined) continue;
          out += `${first ? '' : item}${str(key)}${colon}${write(x)}`;
          first = false;
        }
        return `${out}}`;
      }
      default:
        throw new TypeError(`@execret/dataset: cannot write a ${typeof v} as JSON`);
    }
  };
  return write(value);
}

function jsNumber(value: number): string {
  if (!Number.isFinite(value))
    throw new RangeError(`@execret/dataset: cannot write non-finite number ${value} as JSON`);
  return JSON.stringify(value);
}

const STYLE_CANDIDATES: readonly JsonStyle[] = [
  { separators: 'python', asciiOnly: true, numbers: 'python' },
  { separators: 'python', asciiOnly: false, numbers: 'python' },
  { separators: 'compact', asciiOnly: false, numbers: 'js' },
  { separators: 'compact', asciiOnly: true, numbers: 'python' },
  { separators: 'compact', asciiOnly: false, numbers: 'python' },
  { separators: 'compact', asciiOnly: true, numbers: 'js' },
  { separators: 'python', asciiOnly: true, numbers: 'js' },
  { separators: 'python', asciiOnly: false, numbers: 'js' },
];

/** Result of {@link detectJsonStyle}. */
export interface DetectedJsonStyle {
  /** The detected style (the Python default when nothing matched). */
  style: JsonStyle;
  /** Whether re-serialising every sample reproduced its text exactly. */
  exact: boolean;
}

/**
 * Finds the {@link JsonStyle} that reproduces sample lines exactly. `samples` pairs each parsed value with its
 * line text. `hasRawNonAscii` says whether the whole file contains a raw (unescaped) non-ASCII character: when it
 * does the style is not ASCII-only; when it does not and no sample decides, ASCII-only is assumed.
 *
 * @example
 * detectJsonStyle([{ value: { a: 1 }, text: '{"a": 1}' }], false);
 * // { style: { separators: 'python', asciiOnly: true, numbers: 'python' }, exact: true }
 */
export function detectJsonStyle(
  samples: readonly { value: unknown; text: string }[],
  hasRawNonAscii: boolean,
): DetectedJsonStyle {
  for (const candidate of STYLE_CANDIDATES) {
    if (hasRawNonAscii && candidate.asciiOnly) continue;
    let ok = true;
    for (const sample of samples) {
      let text: string;
      try {
        text = serializeJson(sample.value, candidate);
      } catch {
        ok = false;
        break;
      }
      if (text !== sample.text) {
        ok = false;
        break;
      }
    }
    if (ok) return { style: { ...candidate }, exact: true };
  }
  return { style: { ...PYTHON_JSON_STYLE, asciiOnly: !hasRawNonAscii }, exact: false };
}
