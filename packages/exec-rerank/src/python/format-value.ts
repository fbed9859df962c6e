import type { ProbeValue } from '../probe-value.js';

/** A Python string literal (double-quoted) for `s`: printable ASCII as is, everything else escaped. */
function pythonString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (cp >= 0x20 && cp < 0x7f) out += ch;
    else if (cp <= 0xff) out += `\\x${cp.toString(16).padStart(2, '0')}`;
    else if (cp <= 0xffff) out += `\\u${cp.toString(16).padStart(4, '0')}`;
    else out += `\\U${cp.toString(16).padStart(8, '0')}`;
  }
  return `${out}"`;
}

/** Python's `repr` of a finite float, close enough to read back exactly (shortest round-trip digits). */
function pythonFloat(x: number): string {
  if (!Number.isFinite(x)) throw new RangeError(`@execret/exec-rerank formatPythonValue: float ${x} is not finite`);
  if (Object.is(x, -0)) return '-0.0';
  const s = String(x);
  return /[.eE]/.test(s) ? s : `${s}.0`;
}

/**
 * Python source of a {@link ProbeValue}: `int` and `float` literals, double-quoted strings with escapes for
 * everything outside printable ASCII, `True`/`False`/`None`, `[...]`, `(...)` (a one-element tuple gets its
 * trailing comma) and `{k: v}`. Reading the text back in Python gives the value exactly.
 *
 * @throws {RangeError} for a non-finite float or an unsafe integer
 * @example
 * formatPythonValue({ kind: 'tuple', items: [{ kind: 'int', value: 1 }, { kind: 'str', value: 'a"b' }] }); // '(1, "a\\"b")'
 * formatPythonValue({ kind: 'tuple', items: [{ kind: 'float', value: 2 }] });                               // '(2.0,)'
 */
export function formatPythonValue(value: ProbeValue): string {
  switch (value.kind) {
    case 'int':
      if (!Number.isSafeInteger(value.value))
        throw new RangeError(`@execret/exec-rerank formatPythonValue: ${value.value} is not a safe integer`);
      return String(value.value);
    case 'float':
      return pythonFloat(value.value);
    case 'str':
      return pythonString(value.value);
    case 'bool':
      return value.value ? 'True' : 'False';
    case 'none':
      return 'None';
    case 'list':
      return `[${value.items.map(formatPythonValue).join(', ')}]`;
    case 'tuple':
      return value.items.length === 1
        ? `(${formatPythonValue(value.items[0] as ProbeValue)},)`
        : `(${value.items.map(formatPythonValue).join(', ')})`;
    case 'dict':
      return `{${value.entries.map(([k, v]) => `${formatPythonValue(k)}: ${formatPythonValue(v)}`).join(', ')}}`;
  }
}
