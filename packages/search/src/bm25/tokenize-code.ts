/**
 * Code-aware tokenizer for BM25, splitting identifiers the way people read them.
 *
 * Rules, applied in order:
 * 1. **Runs.** The text is cut into maximal runs of ASCII letters and digits (`[A-Za-z0-9]+`). Every other
 *    character — whitespace, punctuation, operators, the underscore of snake_case, and every non-ASCII
 *    character — is a separator and produces no token.
 * 2. **Parts.** Each run is cut between positions i−1 and i when
 *    - a lower-case letter is followed by an upper-case one (`camelCase` → `camel | Case`);
 *    - an upper-case letter is followed by an upper-case letter that is itself followed by a lower-case one
 *      (the end of an acronym: `HTTPServer` → `HTTP | Server`);
 *    - a letter is followed by a digit or a digit by a letter (`utf8` → `utf | 8`, `2xx` → `2 | xx`).
 * 3. **Case.** Each part is lower-cased (ASCII). Parts are emitted in text order.
 *
 * Nothing else happens: whole identifiers are *not* kept alongside their parts, and there is no stemming,
 * stop-word removal or length filter (digits-only parts such as `0` are tokens).
 *
 * @example
 * tokenizeCode('def parseHTTPResponse_v2(x): return x.status_code >= 200');
 * // ['def', 'parse', 'http', 'response', 'v', '2', 'x', 'return', 'x', 'status', 'code', '200']
 * tokenizeCode('getUTF8String'); // ['get', 'utf', '8', 'string']
 * tokenizeCode('naïve café'); // ['na', 've', 'caf'] — non-ASCII letters separate
 * tokenizeCode(''); // []
 */
export function tokenizeCode(text: string): string[] {
  if (typeof text !== 'string') {
    throw new TypeError(`@execret/search tokenizeCode: expected a string, received ${typeof text}`);
  }
  const tokens: string[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (charClass(text.charCodeAt(i)) === OTHER) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < n && charClass(text.charCodeAt(end)) !== OTHER) end++;
    let partStart = i;
    for (let j = i + 1; j < end; j++) {
      const prev = charClass(text.charCodeAt(j - 1));
      const cur = charClass(text.charCodeAt(j));
      const next = j + 1 < end ? charClass(text.charCodeAt(j + 1)) : OTHER;
      const boundary =
        (prev === LOWER && cur === UPPER) ||
        (prev === UPPER && cur === UPPER && next === LOWER) ||
        (prev === DIGIT) !== (cur === DIGIT);
      if (boundary) {
        tokens.push(text.slice(partStart, j).toLowerCase());
        partStart = j;
      }
    }
    tokens.push(text.slice(partStart, end).toLowerCase());
    i = end;
  }
  return tokens;
}

const OTHER = 0;
const LOWER = 1;
const UPPER = 2;
const DIGIT = 3;

function charClass(code: number): number {
  if (code >= 97 && code <= 122) return LOWER;
  if (code >= 65 && code <= 90) return UPPER;
  if (code >= 48 && code <= 57) return DIGIT;
  return OTHER;
}
