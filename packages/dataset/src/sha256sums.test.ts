import { describe, expect, it } from 'vitest';
import { normalizeSumPath, parseSha256Sums } from './sha256sums.js';

const A = 'a'.repeat(64);
const B = 'B'.repeat(64);

describe('parseSha256Sums', () => {
  it('reads GNU text and binary entries and BSD entries', () => {
    const { sums, issues } = parseSha256Sums(
      `${A}  ./data/corpus.jsonl\n${B} *data/queries.jsonl\r\nSHA256 (SHA 2.txt) = ${A}\n\n# comment\n`,
    );
    expect([...sums]).toEqual([
      ['data/corpus.jsonl', A],
      ['data/queries.jsonl', B.toLowerCase()],
      ['SHA 2.txt', A],
    ]);
    expect(issues).toEqual([]);
  });

  it('reports lines it cannot read with their line number', () => {
    const { issues } = parseSha256Sums(`${A}  ok\nnot a checksum\n`);
    expect(issues).toEqual([expect.objectContaining({ code: 'sha256sums-bad-line', line: 2 })]);
  });
});

describe('normalizeSumPath', () => {
  it('removes leading ./ and converts backslashes', () => {
    expect(normalizeSumPath('././data\\x.jsonl')).toBe('data/x.jsonl');
  });
});
