import { type PythonToken, tokenizePython } from '@execret/formats';
import type { CodeLiterals } from '../code-literals.js';
import { mergeCodeLiterals } from '../code-literals.js';
import { pythonNumberValue, pythonStringValue } from './literal-value.js';

const BEFORE_OPERAND = new Set([
  'return',
  'in',
  'not',
  'and',
  'or',
  'if',
  'elif',
  'else',
  'while',
  'yield',
  'lambda',
  'assert',
  'is',
]);

function unaryPosition(prev: PythonToken | undefined): boolean {
  if (prev === undefined || prev.kind === 'indent' || prev.kind === 'newline') return true;
  if (prev.kind === 'op') return prev.text !== ')' && prev.text !== ']' && prev.text !== '}';
  return prev.kind === 'name' && BEFORE_OPERAND.has(prev.text);
}

/**
 * The integer, float and string constants of a Python module, read lexically (nothing is run): a `-` in operand
 * position negates the number after it; bytes, f-strings and imaginary numbers are skipped, as are integers
 * beyond 2^53. A module that does not tokenize gives the constants found before the error.
 *
 * @example
 * pythonLiterals('def f(n):\n    if n < -1:\n        return "neg"\n    return n * 2.5\n');
 * // { ints: [-1], floats: [2.5], strings: ['neg'] }
 */
export function pythonLiterals(code: string): CodeLiterals {
  const { tokens } = tokenizePython(code);
  const ints: number[] = [];
  const floats: number[] = [];
  const strings: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as PythonToken;
    if (t.kind === 'number') {
      const v = pythonNumberValue(t.text);
      if (v === null || (v.kind !== 'int' && v.kind !== 'float')) continue;
      const prev = tokens[i - 1];
      const negate = prev?.kind === 'op' && prev.text === '-' && unaryPosition(tokens[i - 2]);
      const value = negate ? -v.value : v.value;
      if (v.kind === 'int') ints.push(value === 0 ? 0 : value);
      else floats.push(value);
    } else if (t.kind === 'string') {
      const s = pythonStringValue(t.text);
      if (s !== null) strings.push(s);
    }
  }
  return mergeCodeLiterals([{ ints, floats, strings }]);
}
