import { type PythonToken, tokenizePython } from '@execret/formats';
import type { FunctionSignature, ParameterSpec } from '../function-signature.js';
import { readPythonLiteral } from './literal-value.js';

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function end(t: PythonToken): number {
  return t.start + t.text.length;
}

function readParameter(
  source: string,
  tokens: readonly PythonToken[],
  from: number,
  to: number,
  keywordOnly: boolean,
): ParameterSpec | 'star' | 'slash' | null {
  const first = tokens[from];
  if (first === undefined || from >= to) return null;
  const text = collapse(source.slice(first.start, end(tokens[to - 1] as PythonToken)));
  if (first.text === '/' && to - from === 1) return 'slash';
  if (first.text === '*' && to - from === 1) return 'star';
  let i = from;
  let kind: ParameterSpec['kind'] = keywordOnly ? 'keyword' : 'positional';
  if (first.text === '*' || first.text === '**') {
    kind = first.text === '*' ? 'rest' : 'rest-keyword';
    i += 1;
  }
  const nameToken = tokens[i];
  if (nameToken?.kind !== 'name') return null;
  const eq = tokens.slice(i + 1, to).findIndex((t) => t.text === '=' && t.depth === nameToken.depth);
  const hasDefault = eq >= 0;
  const defaultValue = hasDefault ? readPythonLiteral(tokens, i + 2 + eq, to) : null;
  return { name: nameToken.text, kind, hasDefault, defaultValue, source: text };
}

/**
 * The functions defined at the top level of a Python module (`def` or `async def` on an unindented logical
 * line), in source order, with their parameters. Read lexically, without running anything; a module that does
 * not tokenize gives the functions found before the error. Methods and nested functions are not listed.
 *
 * @example
 * pythonFunctions('import re\n\ndef slugify(text, sep="-", *, lower=True):\n    return text\n');
 * // [{ name: 'slugify', header: 'def slugify(text, sep="-", *, lower=True)', parameters: [
 * //   { name: 'text', kind: 'positional', hasDefault: false, … },
 * //   { name: 'sep', kind: 'positional', hasDefault: true, defaultValue: { kind: 'str', value: '-' }, … },
 * //   { name: 'lower', kind: 'keyword', hasDefault: true, defaultValue: { kind: 'bool', value: true }, … }] }]
 */
export function pythonFunctions(code: string): FunctionSignature[] {
  const { tokens } = tokenizePython(code);
  const out: FunctionSignature[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as PythonToken;
    if (t.kind !== 'indent' || t.text !== '') continue;
    let j = i + 1;
    if (tokens[j]?.text === 'async') j += 1;
    if (tokens[j]?.text !== 'def' || tokens[j + 1]?.kind !== 'name' || tokens[j + 2]?.text !== '(') continue;
    const defToken = tokens[j] as PythonToken;
    const name = (tokens[j + 1] as PythonToken).text;
    const open = j + 2;
    let close = open + 1;
    while (close < tokens.length && !((tokens[close] as PythonToken).text === ')' && tokens[close]?.depth === 0))
      close += 1;
    if (close >= tokens.length) break;
    const parameters: ParameterSpec[] = [];
    const pieces: string[] = [];
    let keywordOnly = false;
    let from = open + 1;
    let ok = true;
    for (let k = open + 1; k <= close; k++) {
      const tk = tokens[k] as PythonToken;
      if (k < close && !(tk.text === ',' && tk.depth === 1)) continue;
      if (k > from) {
        const p = readParameter(code, tokens, from, k, keywordOnly);
        if (p === null) ok = false;
        else if (p === 'star') {
          keywordOnly = true;
          pieces.push('*');
        } else if (p === 'slash') pieces.push('/');
        else {
          parameters.push(p);
          pieces.push(p.source);
          if (p.kind === 'rest') keywordOnly = true;
        }
      }
      from = k + 1;
    }
    if (!ok) continue;
    let headerEnd = close + 1;
    while (headerEnd < tokens.length && !(tokens[headerEnd]?.text === ':' && tokens[headerEnd]?.depth === 0))
      headerEnd += 1;
    const returns =
      headerEnd > close + 1
        ? ` ${collapse(code.slice((tokens[close + 1] as PythonToken).start, end(tokens[headerEnd - 1] as PythonToken)))}`
        : '';
    const prefix = defToken === tokens[i + 1] ? 'def' : 'async def';
    const header = `${prefix} ${name}(${pieces.join(', ')})${returns}`;
    out.push({ name, parameters, header });
    i = headerEnd;
  }
  return out;
}
