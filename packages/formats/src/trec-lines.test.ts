import { describe, expect, it } from 'vitest';
import { mulberry32 } from './mulberry32.js';
import { parseTrecQrels, parseTrecRun, type TrecQrelsRow, type TrecRunRow } from './trec.js';
import {
  isTrecSpace,
  nextTrecLine,
  readTrecDecimal,
  readTrecInteger,
  readTrecRank,
  type TrecIssue,
  trecLineCursor,
} from './trec-lines.js';

// The readers' documented rules written the plain way (split on LF, drop one CR, trim, split on /\s+/, a regular
// expression per number, one set of `query\0doc` keys): what the one-pass scanner must reproduce exactly.
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function referenceLines(text: string): [number, string][] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return body
    .split('\n')
    .map((line, i): [number, string] => [i + 1, line.endsWith('\r') ? line.slice(0, -1) : line])
    .filter(([, line]) => line.trim() !== '');
}

function referenceRun(text: string, maxLength = 4096, maxIssues = 100) {
  const rows: TrecRunRow[] = [];
  const issues: TrecIssue[] = [];
  const add = (line: number, field: TrecIssue['field'], message: string) =>
    issues.push({ file: 'run', line, field, message });
  const seen = new Set<string>();
  let tag: string | null = null;
  for (const [n, line] of referenceLines(text)) {
    if (line.length > maxLength) {
      add(n, 'line', `line has ${line.length} characters, more than ${maxLength}`);
      continue;
    }
    const fields = line.trim().split(/\s+/);
    if (fields.length !== 6) {
      add(n, 'line', `expected 6 fields (query_id Q0 doc_id rank score tag), found ${fields.length}`);
      continue;
    }
    const [queryId, , docId, rankText, scoreText, rowTag] = fields as [string, string, string, string, string, string];
    const rank = Number(rankText);
    if (!/^\d+$/.test(rankText) || rank < 1 || !Number.isSafeInteger(rank)) {
      add(n, 'rank', `expected a positive integer, found ${JSON.stringify(rankText)}`);
      continue;
    }
    const score = Number(scoreText);
    if (!NUMBER.test(scoreText) || !Number.isFinite(score)) {
      add(n, 'score', `expected a finite number, found ${JSON.stringify(scoreText)}`);
      continue;
    }
    const key = `${queryId}\u0000${docId}`;
    if (seen.has(key)) {
      add(n, 'doc_id', `document ${docId} is listed twice for query ${queryId}`);
      continue;
    }
    seen.add(key);
    tag ??= rowTag;
    rows.push({ queryId, docId, rank, score });
  }
  return { rows, tag, issues: capIssues(issues, maxIssues) };
}

function referenceQrels(text: string) {
  const rows: TrecQrelsRow[] = [];
  const issues: TrecIssue[] = [];
  const seen = new Set<string>();
  for (const [n, line] of referenceLines(text)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length !== 4) {
      issues.push({
        file: 'qrels',
        line: n,
        field: 'line',
        message: `expected 4 fields (query_id iteration doc_id relevance), found ${fields.length}`,
      });
      continue;
    }
    const [queryId, , docId, relevanceText] = fields as [string, string, string, string];
    if (!/^[+-]?\d+$/.test(relevanceText) || !Number.isSafeInteger(Number(relevanceText))) {
      issues.push({
        file: 'qrels',
        line: n,
        field: 'relevance',
        message: `expected an integer, found ${JSON.stringify(relevanceText)}`,
      });
      continue;
    }
    const key = `${queryId}\u0000${docId}`;
    if (seen.has(key)) {
      issues.push({
        file: 'qrels',
        line: n,
        field: 'doc_id',
        message: `document ${docId} is judged twice for query ${queryId}`,
      });
      continue;
    }
    seen.add(key);
    rows.push({ queryId, docId, relevance: Number(relevanceText) });
  }
  return { rows, issues: capIssues(issues, 100) };
}

function capIssues(issues: TrecIssue[], max: number): TrecIssue[] {
  if (issues.length <= max) return issues;
  const kept = issues.slice(0, max);
  const dropped = issues.length - max;
  kept[max - 1] = {
    ...kept[max - 1]!,
    message: `${kept[max - 1]!.message} (and ${dropped} more issue${dropped === 1 ? '' : 's'})`,
  };
  return kept;
}

/** Every white-space character of `/\s/`, and a few that are not. */
const SPACES = [' ', '\t', '\v', '\f', '\r', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u202f', '\u3000'];
const NUMBERS = ['0', '7', '007', '-3', '+2', '0.5', '.5', '5.', '-.25e-3', '1e400', '1e', '+', '.', 'x', '0x10'];
const NUMBERS_TOO = ['1.0000000000000002', '0.30000000000000004', '-0', '9007199254740993', '12345678901234567890'];

/** A random TREC-like file: good lines, bad numbers, odd white space, duplicates, interleaved queries. */
function randomFile(rand: () => number, fields: number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const space = () => (rand() < 0.8 ? ' ' : pick(SPACES)) + (rand() < 0.1 ? pick(SPACES) : '');
  const lines: string[] = [];
  const count = 1 + Math.floor(rand() * 60);
  for (let i = 0; i < count; i++) {
    const query = `q${Math.floor(rand() * 4)}`;
    const doc = rand() < 0.05 ? `d\u{1F600}${Math.floor(rand() * 3)}` : `d${Math.floor(rand() * 12)}`;
    const number = () => (rand() < 0.7 ? String(Math.round(rand() * 100) / 20) : pick([...NUMBERS, ...NUMBERS_TOO]));
    const parts =
      fields === 6
        ? [query, 'Q0', doc, rand() < 0.9 ? String(1 + Math.floor(rand() * 20)) : pick(NUMBERS), number(), 'tag']
        : [query, '0', doc, rand() < 0.9 ? String(Math.floor(rand() * 3) - 1) : pick(NUMBERS)];
    if (rand() < 0.05) parts.pop();
    if (rand() < 0.05) parts.push('extra');
    let line = (rand() < 0.1 ? space() : '') + parts.join(space()) + (rand() < 0.1 ? space() : '');
    if (rand() < 0.03) line = pick(['', '   ', '\t\r', '\u3000']);
    lines.push(line + (rand() < 0.2 ? '\r' : ''));
  }
  return (rand() < 0.1 ? '\uFEFF' : '') + lines.join('\n') + (rand() < 0.5 ? '\n' : '');
}

describe('isTrecSpace', () => {
  it('agrees with /\\s/ on every UTF-16 code unit', () => {
    const differing: number[] = [];
    for (let c = 0; c <= 0xffff; c++) if (isTrecSpace(c) !== /\s/.test(String.fromCharCode(c))) differing.push(c);
    expect(differing).toEqual([]);
  });
});

describe('readTrecDecimal', () => {
  const reference = (text: string): number => {
    const value = Number(text);
    return NUMBER.test(text) && Number.isFinite(value) ? value : Number.NaN;
  };

  it.each([
    ...NUMBERS,
    ...NUMBERS_TOO,
    '-0.0e-30',
    '0.000000000000001',
    '123456789012345',
    '1234567890123456',
    '1e22',
    '1e23',
    '4.35',
    '1e-22',
    '+.5E+3',
    '1e+',
    '1.5e-3x',
    '--1',
    '1..2',
    'e5',
  ])('gives what Number() gives for %s when it matches the grammar, else NaN', (text) => {
    expect(Object.is(readTrecDecimal(text, 0, text.length), reference(text))).toBe(true);
  });

  it('gives the same double as Number() bit for bit on 100,000 random decimal strings', () => {
    const rand = mulberry32(20260510);
    const differing: string[] = [];
    for (let i = 0; i < 100_000; i++) {
      const x = (rand() - 0.5) * 10 ** Math.floor(rand() * 40 - 20);
      const forms = [String(x), x.toFixed(Math.floor(rand() * 12)), x.toExponential(Math.floor(rand() * 18))];
      const digits = Array.from({ length: 1 + Math.floor(rand() * 17) }, () => Math.floor(rand() * 10)).join('');
      const cut = Math.floor(rand() * (digits.length + 1));
      forms.push(`${digits.slice(0, cut)}.${digits.slice(cut)}e${Math.floor(rand() * 60 - 30)}`);
      for (const text of forms) {
        if (!Object.is(readTrecDecimal(`  ${text} `, 2, 2 + text.length), reference(text))) differing.push(text);
      }
    }
    expect(differing).toEqual([]);
  });
});

describe('readTrecRank and readTrecInteger', () => {
  it.each(['1', '007', '0', '000', '-1', '+1', '1.0', '9007199254740991', '9007199254740992', '99999999999999999999'])(
    'agree with /^\\d+$/ and /^[+-]?\\d+$/ plus Number() for %s',
    (text) => {
      const rank = Number(text);
      expect(readTrecRank(text, 0, text.length)).toBe(
        /^\d+$/.test(text) && rank >= 1 && Number.isSafeInteger(rank) ? rank : -1,
      );
      const integer = /^[+-]?\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : Number.NaN;
      expect(Object.is(readTrecInteger(text, 0, text.length), integer)).toBe(true);
    },
  );

  it('keeps the sign of -0 as Number() does', () => {
    expect(Object.is(readTrecInteger('-0', 0, 2), -0)).toBe(true);
  });
});

describe('nextTrecLine', () => {
  it('counts every line, skips blank ones, drops one CR and a BOM, and records field bounds', () => {
    const text = '\uFEFFa b\n\n \t\r\n  c\u3000d  e\r\r\nf';
    const cursor = trecLineCursor(text, 2);
    const seen: [number, number, number, string[]][] = [];
    while (nextTrecLine(cursor)) {
      const kept = Math.min(cursor.fields, 2);
      const fields = Array.from({ length: kept }, (_, i) => text.slice(cursor.starts[i], cursor.ends[i]));
      seen.push([cursor.line, cursor.length, cursor.fields, fields]);
    }
    expect(seen).toEqual([
      [1, 3, 2, ['a', 'b']],
      [4, 9, 3, ['c', 'd']],
      [5, 1, 1, ['f']],
    ]);
  });
});

describe('the TREC readers against the plain implementation of their rules', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'parseTrecRun gives the same rows, tag and issues on random files when seeded with %i',
    (seed) => {
      const rand = mulberry32(seed);
      for (let i = 0; i < 200; i++) {
        const text = randomFile(rand, 6);
        expect(parseTrecRun(text), JSON.stringify(text)).toEqual(referenceRun(text));
        expect(parseTrecRun(text, { maxLineLength: 20, maxIssues: 3 })).toEqual(referenceRun(text, 20, 3));
      }
    },
  );

  it.each([1, 2, 3, 4])('parseTrecQrels gives the same rows and issues on random files when seeded with %i', (seed) => {
    const rand = mulberry32(seed);
    for (let i = 0; i < 200; i++) {
      const text = randomFile(rand, 4);
      expect(parseTrecQrels(text), JSON.stringify(text)).toEqual(referenceQrels(text));
    }
  });

  it('finds a document listed again after other queries in an interleaved run', () => {
    const text = Array.from({ length: 40 }, (_, i) => `q${i % 2} Q0 d${Math.floor(i / 2) % 17} ${i + 1} 1 t`).join(
      '\n',
    );
    const { issues } = parseTrecRun(text);
    expect(issues).toEqual(referenceRun(text).issues);
    expect(issues.map((issue) => issue.line)).toEqual([35, 36, 37, 38, 39, 40]);
  });
});
