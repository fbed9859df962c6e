import { type AstNode, isNode, isSemanticKey } from '../ast.js';
import { lineEndOf, lineStartOf, ownsLines } from './own-lines.js';
import type { ParsedFile, RewriteContext, RewriteStep } from './rewrite-step.js';
import { parseForStep, taskFunctionOf } from './rewrite-step.js';
import { parsesTo } from './same-tree.js';
import type { Seeded } from './seeded.js';
import { spliceText, type TextEdit } from './splice-text.js';

/** One layout change: the new text (null: nothing to change), the tree must stay the same. */
type Style = (code: string, file: ParsedFile, context: RewriteContext, rng: Seeded) => string | null;

function nodesOf(value: unknown, out: AstNode[] = []): AstNode[] {
  if (Array.isArray(value)) for (const item of value) nodesOf(item, out);
  else if (isNode(value)) {
    out.push(value);
    for (const [key, child] of Object.entries(value)) if (isSemanticKey(key)) nodesOf(child, out);
  }
  return out;
}

/** Spans whose inside must never change: strings, template literals, regular expressions and comments. */
function protectedSpans(file: ParsedFile): { start: number; end: number }[] {
  const kinds = new Set(['StringLiteral', 'TemplateLiteral', 'RegExpLiteral', 'DirectiveLiteral']);
  return [...nodesOf(file).filter((n) => kinds.has(n.type)), ...(file.comments ?? [])];
}

/** Start offsets of every line, with whether the line starts inside a protected span. */
function lines(code: string, file: ParsedFile): { start: number; interior: boolean }[] {
  const spans = protectedSpans(file);
  const out: { start: number; interior: boolean }[] = [];
  const re = /\r\n|\r|\n/gu;
  let start = 0;
  for (;;) {
    out.push({ start, interior: spans.some((s) => s.start < start && start < s.end) });
    const m = re.exec(code);
    if (m === null) break;
    start = m.index + m[0].length;
    if (start >= code.length) break;
  }
  return out;
}

/** `indent`: another indentation width (2 ↔ 4 spaces), lines starting inside strings or comments untouched. */
const indent: Style = (code, file) => {
  const indented = lines(code, file).flatMap((line) => {
    const lead = /^[ \t]*/u.exec(code.slice(line.start))![0];
    const after = code.charAt(line.start + lead.length);
    return line.interior || lead === '' || after === '' || after === '\n' || after === '\r' ? [] : [{ ...line, lead }];
  });
  if (indented.length === 0 || indented.some((l) => l.lead.includes('\t'))) return null;
  const unit = Math.min(...indented.map((l) => l.lead.length));
  if (unit !== 2 && unit !== 4) return null;
  const next = unit === 2 ? 4 : 2;
  const edits = indented.map((l) => ({
    start: l.start,
    end: l.start + l.lead.length,
    text: ' '.repeat(Math.floor(l.lead.length / unit) * next + (l.lead.length % unit)),
  }));
  return spliceText(code, edits);
};

/** `quotes`: every simple string literal of the more common quote style in the other style. */
const quotes: Style = (code, file) => {
  const singles: TextEdit[] = [];
  const doubles: TextEdit[] = [];
  for (const node of nodesOf(file)) {
    if (node.type !== 'StringLiteral') continue;
    const raw = code.slice(node.start, node.end);
    const quote = raw.charAt(0);
    if ((quote !== "'" && quote !== '"') || raw.length < 2 || raw.charAt(raw.length - 1) !== quote) continue;
    const inner = raw.slice(1, -1);
    const other = quote === "'" ? '"' : "'";
    if (inner.includes('\\') || inner.includes(other) || /[\r\n\u2028\u2029]/u.test(inner)) continue;
    (quote === "'" ? singles : doubles).push({ start: node.start, end: node.end, text: other + inner + other });
  }
  const group = singles.length >= doubles.length ? singles : doubles;
  return group.length > 0 ? spliceText(code, group) : null;
};

const SEMICOLON_STATEMENTS = new Set([
  'ExpressionStatement',
  'VariableDeclaration',
  'ReturnStatement',
  'ThrowStatement',
  'BreakStatement',
  'ContinueStatement',
]);

/** The first character after `offset` that is not whitespace or inside a comment ('' at the end). */
function nextSignificant(code: string, offset: number): string {
  let i = offset;
  while (i < code.length) {
    const c = code.charAt(i);
    if (/\s/u.test(c)) i += 1;
    else if (code.startsWith('//', i)) i = lineEndOf(code, i);
    else if (code.startsWith('/*', i)) {
      const end = code.indexOf('*/', i + 2);
      if (end === -1) return '';
      i = end + 2;
    } else return c;
  }
  return '';
}

/** `semicolons`: the semicolon at the end of each statement's line removed where automatic insertion restores it. */
const semicolons: Style = (code, file) => {
  const edits: TextEdit[] = [];
  const all = nodesOf(file);
  const loopHeads = new Set<AstNode>();
  for (const node of all) {
    for (const key of ['init', 'left']) {
      const value = node[key];
      if (isNode(value) && /^For/u.test(node.type)) loopHeads.add(value);
    }
  }
  for (const node of all) {
    if (!SEMICOLON_STATEMENTS.has(node.type) || loopHeads.has(node)) continue;
    if (code.charAt(node.end - 1) !== ';') continue;
    const rest = /^[^\r\n]*/u.exec(code.slice(node.end))![0];
    if (!/^[ \t]*(\/\/.*)?$/u.test(rest)) continue;
    if (/^[([`+\-/*,.?:<>=!&|^%]/u.test(nextSignificant(code, node.end))) continue;
    edits.push({ start: node.end - 1, end: node.end, text: '' });
  }
  return edits.length > 0 ? spliceText(code, edits) : null;
};

/** `parens`: parentheses around a seeded subset of the return values not already parenthesised. */
const parens: Style = (code, file, _context, rng) => {
  const sites = nodesOf(file).flatMap((node) => {
    const argument = node.type === 'ReturnStatement' ? node.argument : null;
    if (!isNode(argument)) return [];
    const extra = argument.extra as { parenthesized?: boolean } | undefined;
    return extra?.parenthesized === true ? [] : [argument];
  });
  if (sites.length === 0) return null;
  const edits: TextEdit[] = [];
  for (const argument of rng.subset(sites, 0.5)) {
    edits.push({ start: argument.start, end: argument.start, text: '(' });
    edits.push({ start: argument.end, end: argument.end, text: ')' });
  }
  return spliceText(code, edits);
};

/** `blank-lines`: the blank lines inside the task function removed, or (none) one before its final `return`. */
const blankLines: Style = (code, file, context) => {
  const task = taskFunctionOf(file, context);
  if (task === null) return null;
  const body = task.body;
  const edits: TextEdit[] = [];
  for (const line of lines(code, file)) {
    if (line.interior || line.start <= body.start || line.start >= body.end) continue;
    const end = lineEndOf(code, line.start);
    if (code.slice(line.start, end).trim() === '' && end > line.start) edits.push({ start: line.start, end, text: '' });
  }
  if (edits.length > 0) return spliceText(code, edits);
  const statements = body.body as AstNode[] | undefined;
  const last = statements?.[statements.length - 1];
  if (
    !statements ||
    statements.length < 2 ||
    last?.type !== 'ReturnStatement' ||
    !ownsLines(code, last.start, last.end)
  ) {
    return null;
  }
  const start = lineStartOf(code, last.start);
  return spliceText(code, [{ start, end: start, text: /\r\n|\r|\n/u.exec(code)?.[0] ?? '\n' }]);
};

const STYLES: readonly Style[] = [indent, quotes, semicolons, parens, blankLines];

/**
 * `reformat`: one layout change, and with probability 0.4 a second, drawn in a seeded order among `indent` (2 ↔ 4
 * spaces; lines starting inside strings, templates or comments untouched), `quotes` (the more common quote style of
 * simple string literals swapped), `semicolons` (removed at line ends where automatic semicolon insertion puts them
 * back: not before a line starting with `(`, `[`, `` ` ``, an operator, `,`, `.`, `?` or `:`), `parens` (around return
 * values) and `blank-lines` (removed inside the task function, or one added before its final `return`). Each change
 * is kept only when the text parses to the same tree (no positions, comments, raw spellings or parentheses).
 *
 * @example
 * reformatJs("function f(a) {\n  return a + 'x';\n}\n", context, rng) // 'function f(a) {\n    return a + "x";\n}\n'
 */
export const reformatJs: RewriteStep = (code, context, rng) => {
  const original = parseForStep(code, context);
  const pending = [...STYLES];
  let text = code;
  let applied = 0;
  while (pending.length > 0) {
    if (applied === 2 || (applied === 1 && !rng.chance(0.4))) break;
    const style = pending.splice(rng.below(pending.length), 1)[0]!;
    let out: string | null;
    try {
      out = style(text, parseForStep(text, context), context, rng);
    } catch {
      out = null;
    }
    if (out === null || out === text || !parsesTo(out, original, context.language, context.sourceType)) continue;
    text = out;
    applied += 1;
  }
  return applied > 0 ? text : null;
};
