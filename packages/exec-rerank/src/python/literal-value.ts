import type { PythonToken } from '@execret/formats';
import type { ProbeValue } from '../probe-value.js';

const SIMPLE_ESCAPES: Record<string, string> = {
  '\n': '',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/**
 * The value of a number token: `int` for integers (any base, `_` separators) that are safe JavaScript integers,
 * `float` for finite floats, `null` for imaginary literals and integers beyond 2^53.
 *
 * @example
 * pythonNumberValue('0x1F');  // { kind: 'int', value: 31 }
 * pythonNumberValue('1_0.5'); // { kind: 'float', value: 10.5 }
 * pythonNumberValue('2j');    // null
 */
export function pythonNumberValue(text: string): ProbeValue | null {
  const t = text.replace(/_/g, '');
  if (/[jJ]$/.test(t)) return null;
  let value: number;
  if (/^0[xX]/.test(t)) value = Number.parseInt(t.slice(2), 16);
  else if (/^0[oO]/.test(t)) value = Number.parseInt(t.slice(2), 8);
  else if (/^0[bB]/.test(t)) value = Number.parseInt(t.slice(2), 2);
  else if (/[.eE]/.test(t)) {
    value = Number(t);
    return Number.isFinite(value) ? { kind: 'float', value } : null;
  } else value = Number(t);
  return Number.isSafeInteger(value) ? { kind: 'int', value } : null;
}

/**
 * The value of a `str` literal token (prefixes `r`, `u` or none; escapes decoded, `\N{…}` and octal escapes
 * included); `null` for bytes and f-strings, whose value is not a plain string constant.
 *
 * @example
 * pythonStringValue("'a\\tb'");   // 'a\tb'
 * pythonStringValue('r"a\\tb"');  // 'a\\tb'
 * pythonStringValue("f'{x}'");    // null
 */
export function pythonStringValue(text: string): string | null {
  const m = /^([a-zA-Z]*)('''|"""|'|")/.exec(text);
  if (m === null) return null;
  const prefix = (m[1] as string).toLowerCase();
  if (prefix.includes('b') || prefix.includes('f')) return null;
  const quote = m[2] as string;
  const body = text.slice(m[0].length, text.length - quote.length);
  if (prefix.includes('r')) return body;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = body[i + 1] ?? '';
    if (e in SIMPLE_ESCAPES) {
      out += SIMPLE_ESCAPES[e];
      i += 1;
    } else if (e === 'x' || e === 'u' || e === 'U') {
      const len = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const hex = body.slice(i + 2, i + 2 + len);
      if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(hex)) return null;
      const cp = Number.parseInt(hex, 16);
      if (cp > 0x10ffff) return null;
      out += String.fromCodePoint(cp);
      i += 1 + len;
    } else if (/[0-7]/.test(e)) {
      const oct = /^[0-7]{1,3}/.exec(body.slice(i + 1))?.[0] as string;
      out += String.fromCodePoint(Number.parseInt(oct, 8));
      i += oct.length;
    } else if (e === 'N') {
      return null; // named escapes need Unicode's name table
    } else {
      out += `\\${e}`; // unknown escapes stay as written, as in Python
      i += 1;
    }
  }
  return out;
}

/**
 * Reads a literal expression from tokens `[start, end)`: numbers (with unary `-`/`+`), `str` literals (adjacent
 * ones concatenated), `True`/`False`/`None`, and lists, tuples and dicts of literals. Returns `null` for anything
 * else (names, calls, operators, sets, bytes, f-strings).
 *
 * @example
 * const { tokens } = tokenizePython('[1, -2.5, ("a", None)]');
 * readPythonLiteral(tokens, 1, tokens.length - 1); // { kind: 'list', items: [int 1, float -2.5, tuple("a", None)] }
 */
export function readPythonLiteral(tokens: readonly PythonToken[], start: number, end: number): ProbeValue | null {
  let i = start;
  const parse = (): ProbeValue | null => {
    const t = tokens[i];
    if (t === undefined || i >= end) return null;
    if (t.kind === 'op' && (t.text === '-' || t.text === '+')) {
      i += 1;
      const inner = tokens[i];
      if (inner?.kind !== 'number' || i >= end) return null;
      const v = pythonNumberValue(inner.text);
      i += 1;
      if (v === null || (v.kind !== 'int' && v.kind !== 'float')) return null;
      return t.text === '-' ? { kind: v.kind, value: v.value === 0 && v.kind === 'int' ? 0 : -v.value } : v;
    }
    if (t.kind === 'number') {
      i += 1;
      return pythonNumberValue(t.text);
    }
    if (t.kind === 'string') {
      let s = '';
      while (i < end && tokens[i]?.kind === 'string') {
        const part = pythonStringValue((tokens[i] as PythonToken).text);
        if (part === null) return null;
        s += part;
        i += 1;
      }
      return { kind: 'str', value: s };
    }
    if (t.kind === 'name') {
      i += 1;
      if (t.text === 'True') return { kind: 'bool', value: true };
      if (t.text === 'False') return { kind: 'bool', value: false };
      if (t.text === 'None') return { kind: 'none' };
      return null;
    }
    if (t.kind === 'op' && (t.text === '[' || t.text === '(' || t.text === '{')) {
      const close = t.text === '[' ? ']' : t.text === '(' ? ')' : '}';
      i += 1;
      const items: ProbeValue[] = [];
      const entries: [ProbeValue, ProbeValue][] = [];
      let sawComma = false;
      while (i < end && tokens[i]?.text !== close) {
        const item = parse();
        if (item === null) return null;
        if (close === '}') {
          if (tokens[i]?.text !== ':') return null;
          i += 1;
          const v = parse();
          if (v === null) return null;
          entries.push([item, v]);
        } else items.push(item);
        if (tokens[i]?.text === ',') {
          sawComma = true;
          i += 1;
        } else if (tokens[i]?.text !== close) return null;
      }
      if (tokens[i]?.text !== close || i >= end) return null;
      i += 1;
      if (close === ']') return { kind: 'list', items };
      if (close === '}') return { kind: 'dict', entries };
      if (items.length === 1 && !sawComma) return items[0] as ProbeValue;
      return { kind: 'tuple', items };
    }
    return null;
  };
  const value = parse();
  return value !== null && i === end ? value : null;
}
