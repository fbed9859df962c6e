import { type AstNode, isNode } from './ast.js';

/** An integer literal of the canonical: its value and how it is written. */
export interface IntLiteral {
  value: bigint;
  /** The digits as written (`0x1F`, `1_000`), without sign or BigInt suffix. */
  digits: string;
  bigint: boolean;
}

const INTEGER_DIGITS = /^(?:0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|0|[1-9][0-9_]*)$/u;

function unsigned(node: AstNode): IntLiteral | null {
  if (node.type !== 'NumericLiteral' && node.type !== 'BigIntLiteral') return null;
  const raw = (node.extra as { raw?: string } | undefined)?.raw;
  if (typeof raw !== 'string') return null;
  const bigint = node.type === 'BigIntLiteral';
  const digits = bigint ? raw.slice(0, -1) : raw;
  // Decimal points, exponents and legacy octal (`010`) are not integer literals here.
  if (!INTEGER_DIGITS.test(digits)) return null;
  const value = BigInt(digits.replaceAll('_', ''));
  if (!bigint && value > BigInt(Number.MAX_SAFE_INTEGER) - 1n) return null;
  return { value, digits, bigint };
}

/**
 * The integer literal a node is, or null: a number or BigInt literal written as an integer (decimal, hex, octal
 * or binary; no decimal point or exponent), or its negation `-N` (one literal of value -N, as in the Python
 * engine). Numbers beyond `Number.MAX_SAFE_INTEGER - 1` are left alone.
 *
 * @example
 * intLiteralOf(parseJsExpression('-0x10', 'javascript')) // { value: -16n, digits: '0x10', bigint: false }
 */
export function intLiteralOf(node: AstNode): IntLiteral | null {
  if (node.type === 'UnaryExpression' && node.operator === '-' && isNode(node.argument)) {
    const inner = unsigned(node.argument);
    return inner === null ? null : { ...inner, value: -inner.value };
  }
  return unsigned(node);
}

/**
 * `value` written like the original literal: in its base when it had a `0x`/`0o`/`0b` prefix and no separators
 * (upper-case hex digits stay upper-case), in decimal otherwise; a `-` for negative values; `n` for BigInts.
 *
 * @example
 * intLiteralText({ value: 31n, digits: '0x1F', bigint: false }, 32n) // '0x20'
 */
export function intLiteralText(literal: IntLiteral, value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const magnitude = value < 0n ? -value : value;
  const prefix = literal.digits.slice(0, 2).toLowerCase();
  const suffix = literal.bigint ? 'n' : '';
  const radix = prefix === '0x' ? 16 : prefix === '0o' ? 8 : prefix === '0b' ? 2 : 10;
  if (radix === 10 || literal.digits.includes('_')) return `${sign}${magnitude.toString()}${suffix}`;
  const old = literal.digits.slice(2);
  const upper = /[A-F]/u.test(old) && old === old.toUpperCase();
  const digits = magnitude.toString(radix);
  return `${sign}${literal.digits.slice(0, 2)}${upper ? digits.toUpperCase() : digits}${suffix}`;
}
