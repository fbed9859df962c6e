/**
 * Reading `SHA256SUMS` files, the checksum list shipped at the root of the release.
 */
import type { DatasetIssue } from './errors.js';

/** A parsed `SHA256SUMS`. */
export interface Sha256Sums {
  /** Normalised path (forward slashes, no leading `./`) → lowercase hex digest. */
  sums: Map<string, string>;
  /** Lines that were neither blank nor a checksum entry. */
  issues: DatasetIssue[];
}

const GNU = /^\\?([0-9a-fA-F]{64}) [ *](.+)$/;
const BSD = /^SHA256 ?\((.+)\) ?= ?([0-9a-fA-F]{64})$/;

/**
 * Normalises a path listed in a checksum file: backslashes become `/`, a leading `./` is removed.
 *
 * @example
 * normalizeSumPath('./data/corpus.jsonl'); // 'data/corpus.jsonl'
 */
export function normalizeSumPath(path: string): string {
  let p = path.replace(/\\/g, '/');
  while (p.startsWith('./')) p = p.slice(2);
  return p;
}

/**
 * Parses a `SHA256SUMS` file in GNU coreutils format (`<hex>  <path>` or `<hex> *<path>`) or BSD format
 * (`SHA256 (<path>) = <hex>`). Blank lines and `#` comments are skipped; other lines are reported.
 *
 * @example
 * parseSha256Sums('e3b0c442...b855  ./data/corpus.jsonl\n').sums.get('data/corpus.jsonl'); // 'e3b0c442...b855'
 */
export function parseSha256Sums(text: string, file = 'SHA256SUMS'): Sha256Sums {
  const sums = new Map<string, string>();
  const issues: DatasetIssue[] = [];
  const lines = text.replace(/^\ufeff/, '').split('\n');
  lines.forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '' || line.startsWith('#')) return;
    const gnu = GNU.exec(line);
    const bsd = gnu === null ? BSD.exec(line) : null;
    if (gnu !== null) sums.set(normalizeSumPath(gnu[2] as string), (gnu[1] as string).toLowerCase());
    else if (bsd !== null) sums.set(normalizeSumPath(bsd[1] as string), (bsd[2] as string).toLowerCase());
    else {
      issues.push({
        severity: 'warning',
        code: 'sha256sums-bad-line',
        message: `expected "<64 hex digits>  <path>", received ${JSON.stringify(line.slice(0, 80))}`,
        file,
        line: i + 1,
      });
    }
  });
  return { sums, issues };
}
