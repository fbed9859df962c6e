import { tokenizePython } from '@execret/formats';
import { formatPythonValue } from './format-value.js';

const NAMES = new Set(['True', 'False', 'None', 'set', 'frozenset', 'float', 'tuple']);
const OPS = new Set(['(', ')', '[', ']', '{', '}', ',', ':', '-', '+', '*', '**', '.']);

function fromJson(value: unknown): string | null {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : null;
  if (typeof value === 'string') return formatPythonValue({ kind: 'str', value });
  if (Array.isArray(value)) {
    const items = value.map(fromJson);
    return items.every((x) => x !== null) ? `[${items.join(', ')}]` : null;
  }
  if (typeof value === 'object') {
    const parts: string[] = [];
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const s = fromJson(v);
      if (s === null) return null;
      parts.push(`${formatPythonValue({ kind: 'str', value: k })}: ${s}`);
    }
    return `{${parts.join(', ')}}`;
  }
  return null;
}

/**
 * Python source of an expected value a chat model gave in JSON, or `null` when it is not a plain value.
 * A JSON string is read as Python source and accepted only when it is a single-line expression made of
 * literals (numbers, strings other than f-strings, `True`/`False`/`None`), brackets, `,`, `:`, `+`, `-`, `*`, `.`
 * and the names `set`, `frozenset`, `float`, `tuple` (so `{1, 2}`, `set()`, `float('inf')` and `2**31` pass, and a
 * call of the function under test does not). Other JSON values are converted: numbers as written, `true` →
 * `True`, `null` → `None`, arrays → lists, objects → dicts with string keys.
 *
 * @example
 * readPythonExpectedValue("[1, 'a']");   // "[1, 'a']"
 * readPythonExpectedValue(3);            // '3'
 * readPythonExpectedValue({ a: [true] }); // '{"a": [True]}'
 * readPythonExpectedValue('f(2)');       // null
 */
export function readPythonExpectedValue(value: unknown): string | null {
  if (typeof value !== 'string') return fromJson(value);
  const source = value.trim();
  const { tokens, error } = tokenizePython(source);
  if (error !== null) return null;
  const real = tokens.filter((t) => t.kind !== 'indent' && t.kind !== 'newline');
  if (real.length === 0 || tokens.filter((t) => t.kind === 'newline').length > 1) return null;
  for (const t of real) {
    if (t.kind === 'number') continue;
    if (t.kind === 'string' && !/^[a-zA-Z]*[fF]/.test(t.text)) continue;
    if (t.kind === 'name' && NAMES.has(t.text)) continue;
    if (t.kind === 'op' && OPS.has(t.text)) continue;
    return null;
  }
  return source;
}
