import { drainBestFirst, offer, resetHeaps } from '../top-k/bounded-heap.js';
import { tieOrder } from '../top-k/tie-order.js';
import { tokenizeCode } from './tokenize-code.js';

/**
 * IDF variants of {@link createBm25}, with N documents and n(t) documents containing term t:
 * - `'okapi-floor'` — rank_bm25's `BM25Okapi`: idf(t) = ln(N − n + 0.5) − ln(n + 0.5); then every term with
 *   idf(t) < 0 (terms in more than half of the documents) gets ε·mean idf instead, the mean taken over
 *   the whole vocabulary before flooring, summed in order of first occurrence in the corpus.
 * - `'lucene'` — idf(t) = ln(1 + (N − n + 0.5) / (n + 0.5)), never negative (Lucene's BM25 IDF). Only the
 *   IDF is Lucene's: the term weight below keeps the (k1 + 1) factor and exact document lengths.
 */
export type Bm25Idf = 'okapi-floor' | 'lucene';

/** Default k1 (term-frequency saturation), rank_bm25's BM25Okapi default. */
export const DEFAULT_BM25_K1 = 1.5;
/** Default b (length normalisation), rank_bm25's BM25Okapi default. */
export const DEFAULT_BM25_B = 0.75;
/** Default ε of the `'okapi-floor'` IDF, rank_bm25's BM25Okapi default. */
export const DEFAULT_BM25_EPSILON = 0.25;
/** Default IDF variant: rank_bm25's BM25Okapi, the common reference for code-retrieval BM25 numbers. */
export const DEFAULT_BM25_IDF: Bm25Idf = 'okapi-floor';

/** Options of {@link createBm25}. */
export interface Bm25Options {
  /** Term-frequency saturation, finite and ≥ 0. Default {@link DEFAULT_BM25_K1}. */
  k1?: number;
  /** Length normalisation, in [0, 1]. Default {@link DEFAULT_BM25_B}. */
  b?: number;
  /** Floor factor of the `'okapi-floor'` IDF, finite and ≥ 0. Default {@link DEFAULT_BM25_EPSILON}. */
  epsilon?: number;
  /** IDF variant. Default {@link DEFAULT_BM25_IDF}. */
  idf?: Bm25Idf;
  /** Tokenizer for documents and queries. Default {@link tokenizeCode}. */
  tokenize?: (text: string) => readonly string[];
  /**
   * Document ids for the tie rule (see `topK`): without them ties go to the higher index, with them to the
   * higher id in code-point order.
   */
  docIds?: readonly string[];
}

/** Settings and corpus statistics of a {@link Bm25Index}, for reports. */
export interface Bm25Info {
  k1: number;
  b: number;
  epsilon: number;
  idf: Bm25Idf;
  /** Whether the default tokenizer ({@link tokenizeCode}) is used. */
  codeTokenizer: boolean;
  documents: number;
  vocabulary: number;
  /** Mean document length in tokens (avgdl). */
  averageLength: number;
}

/** Top-k result of one query: k entries best-first. */
export interface Bm25SearchResult {
  indices: Int32Array;
  scores: Float64Array;
}

/** Top-k results of several queries: `rows × k` row-major, each row best-first. */
export interface Bm25SearchManyResult extends Bm25SearchResult {
  rows: number;
  k: number;
}

/** A BM25 index over a fixed corpus; see {@link createBm25}. */
export interface Bm25Index {
  readonly info: Bm25Info;
  /** BM25 score of the query against every document, by document index. */
  scores(query: string): Float64Array;
  /** The k best documents for the query; ties go to the higher id (index, or `docIds`). */
  search(query: string, k: number): Bm25SearchResult;
  /** {@link Bm25Index.search} for each query, as one row-major result. */
  searchMany(queries: readonly string[], k: number): Bm25SearchManyResult;
  /** The IDF of a term (after flooring); 0 for a term absent from the corpus. */
  idf(term: string): number;
}

/**
 * Builds an Okapi BM25 index. For a query with tokens t_1 … t_m (repeats counted, unknown tokens
 * contribute nothing), document D of length |D| tokens, average length avgdl and term frequency f(t, D):
 *
 *   score(D) = Σ_{j=1..m} idf(t_j) · f(t_j, D)·(k1 + 1) / (f(t_j, D) + k1·(1 − b + b·|D| / avgdl))
 *
 * with idf per {@link Bm25Idf}. Scores are float64 and reproduce rank_bm25's `BM25Okapi.get_scores`
 * operation by operation (the sum runs over query tokens in order; a document without the token gains
 * exactly 0, so only documents that contain it are visited). With the defaults (k1 = 1.5, b = 0.75,
 * ε = 0.25, `'okapi-floor'`) and `tokenize` set to the same tokenizer, the scores equal rank_bm25's.
 *
 * Edge cases: empty documents are allowed (length 0); if every document is empty, every score is 0.
 * A query with no known token scores 0 everywhere.
 *
 * @param documents the corpus, one string per document (index = position in this array).
 * @throws TypeError when `documents` is not an array of strings, an option has the wrong type, the
 *   tokenizer does not return strings, or `docIds` is malformed.
 * @throws RangeError when the corpus is empty or k1, b or ε is out of range.
 * @example
 * const bm25 = createBm25(['def add(a, b): return a + b', 'def sub(a, b): return a - b', 'def is_palindrome(s): ...']);
 * bm25.search('check palindrome', 1).indices; // Int32Array [2]
 * bm25.scores('add')[0] > 0; // true; documents 1 and 2 score 0
 */
export function createBm25(documents: readonly string[], options: Bm25Options = {}): Bm25Index {
  const where = '@execret/search createBm25';
  if (!Array.isArray(documents))
    throw new TypeError(`${where}: documents must be an array of strings, received ${typeof documents}`);
  if (documents.length === 0) throw new RangeError(`${where}: documents is empty; BM25 needs at least one document`);
  const k1 = options.k1 ?? DEFAULT_BM25_K1;
  const b = options.b ?? DEFAULT_BM25_B;
  const epsilon = options.epsilon ?? DEFAULT_BM25_EPSILON;
  const variant = options.idf ?? DEFAULT_BM25_IDF;
  if (typeof k1 !== 'number' || !Number.isFinite(k1) || k1 < 0)
    throw new RangeError(`${where}: k1 must be a finite number ≥ 0, received ${String(k1)}`);
  if (typeof b !== 'number' || !(b >= 0 && b <= 1))
    throw new RangeError(`${where}: b must be in [0, 1], received ${String(b)}`);
  if (typeof epsilon !== 'number' || !Number.isFinite(epsilon) || epsilon < 0) {
    throw new RangeError(`${where}: epsilon must be a finite number ≥ 0, received ${String(epsilon)}`);
  }
  if (variant !== 'okapi-floor' && variant !== 'lucene') {
    throw new TypeError(`${where}: idf must be 'okapi-floor' or 'lucene', received ${String(variant)}`);
  }
  const tokenize = options.tokenize ?? tokenizeCode;
  if (typeof tokenize !== 'function')
    throw new TypeError(`${where}: tokenize must be a function, received ${typeof tokenize}`);
  const nDocs = documents.length;
  const order = tieOrder(options.docIds, nDocs, 'createBm25');

  // Vocabulary ids in order of first occurrence (documents in order, tokens in order).
  const vocabulary = new Map<string, number>();
  const docLengths = new Float64Array(nDocs);
  const docTerms: Int32Array[] = [];
  const docCounts: Int32Array[] = [];
  const docFreq: number[] = [];
  const counts = new Map<number, number>();
  for (let d = 0; d < nDocs; d++) {
    const text = documents[d];
    if (typeof text !== 'string') throw new TypeError(`${where}: documents[${d}] is ${typeof text}, expected a string`);
    const tokens = checkedTokens(tokenize, text, `documents[${d}]`);
    counts.clear();
    for (const token of tokens) {
      let id = vocabulary.get(token);
      if (id === undefined) {
        id = vocabulary.size;
        vocabulary.set(token, id);
        docFreq.push(0);
      }
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    docLengths[d] = tokens.length;
    const terms = new Int32Array(counts.size);
    const tfs = new Int32Array(counts.size);
    let i = 0;
    for (const [id, tf] of counts) {
      terms[i] = id;
      tfs[i] = tf;
      docFreq[id]! += 1;
      i++;
    }
    docTerms.push(terms);
    docCounts.push(tfs);
  }

  // Postings in compressed-row form: for term t, entries postingStart[t] … postingStart[t+1]−1, documents ascending.
  const nTerms = vocabulary.size;
  const postingStart = new Int32Array(nTerms + 1);
  for (let t = 0; t < nTerms; t++) postingStart[t + 1] = postingStart[t]! + docFreq[t]!;
  const postingDoc = new Int32Array(postingStart[nTerms]!);
  const postingTf = new Float64Array(postingStart[nTerms]!);
  const fill = postingStart.slice(0, nTerms);
  for (let d = 0; d < nDocs; d++) {
    const terms = docTerms[d]!;
    const tfs = docCounts[d]!;
    for (let i = 0; i < terms.length; i++) {
      const slot = fill[terms[i]!]!++;
      postingDoc[slot] = d;
      postingTf[slot] = tfs[i]!;
    }
  }

  let totalLength = 0;
  for (let d = 0; d < nDocs; d++) totalLength += docLengths[d]!;
  const averageLength = totalLength / nDocs;
  const idf = new Float64Array(nTerms);
  if (variant === 'okapi-floor') {
    let idfSum = 0;
    for (let t = 0; t < nTerms; t++) {
      idf[t] = Math.log(nDocs - docFreq[t]! + 0.5) - Math.log(docFreq[t]! + 0.5);
      idfSum += idf[t]!;
    }
    const floor = nTerms === 0 ? 0 : epsilon * (idfSum / nTerms);
    for (let t = 0; t < nTerms; t++) if (idf[t]! < 0) idf[t] = floor;
  } else {
    for (let t = 0; t < nTerms; t++) idf[t] = Math.log(1 + (nDocs - docFreq[t]! + 0.5) / (docFreq[t]! + 0.5));
  }
  // Per-document denominator term k1·(1 − b + b·|D|/avgdl), in rank_bm25's operation order.
  const lengthNorm = new Float64Array(nDocs);
  for (let d = 0; d < nDocs; d++) lengthNorm[d] = k1 * (1 - b + (b * docLengths[d]!) / averageLength);
  const k1Plus1 = k1 + 1;

  const scores = (query: string): Float64Array => {
    if (typeof query !== 'string') throw new TypeError(`${where}: query must be a string, received ${typeof query}`);
    const out = new Float64Array(nDocs);
    for (const token of checkedTokens(tokenize, query, 'query')) {
      const t = vocabulary.get(token);
      if (t === undefined) continue;
      const w = idf[t]!;
      for (let i = postingStart[t]!; i < postingStart[t + 1]!; i++) {
        const d = postingDoc[i]!;
        const tf = postingTf[i]!;
        out[d] = out[d]! + w * ((tf * k1Plus1) / (tf + lengthNorm[d]!));
      }
    }
    return out;
  };

  const searchInto = (query: string, k: number, outIndices: Int32Array, outScores: Float64Array, outBase: number) => {
    const all = scores(query);
    const hs = new Float64Array(k);
    const hi = new Int32Array(k);
    resetHeaps(hs, hi, 0, 1, k);
    for (let p = 0; p < nDocs; p++) offer(hs, hi, 0, k, all[order === undefined ? p : order[p]!]!, p);
    drainBestFirst(hs, hi, 0, k, order, outScores, outIndices, outBase);
  };
  const checkK = (k: number, component: string) => {
    if (typeof k !== 'number' || !Number.isInteger(k) || k < 1 || k > nDocs) {
      throw new RangeError(
        `@execret/search ${component}: k must be an integer in [1, ${nDocs}] (1 to the number of documents), received ${String(k)}`,
      );
    }
  };

  return {
    info: {
      k1,
      b,
      epsilon,
      idf: variant,
      codeTokenizer: tokenize === tokenizeCode,
      documents: nDocs,
      vocabulary: nTerms,
      averageLength,
    },
    scores,
    search(query, k) {
      checkK(k, 'bm25.search');
      const indices = new Int32Array(k);
      const out = new Float64Array(k);
      searchInto(query, k, indices, out, 0);
      return { indices, scores: out };
    },
    searchMany(queries, k) {
      checkK(k, 'bm25.searchMany');
      if (!Array.isArray(queries))
        throw new TypeError(`${where}: queries must be an array of strings, received ${typeof queries}`);
      const indices = new Int32Array(queries.length * k);
      const out = new Float64Array(queries.length * k);
      for (let q = 0; q < queries.length; q++) searchInto(queries[q]!, k, indices, out, q * k);
      return { indices, scores: out, rows: queries.length, k };
    },
    idf(term) {
      const t = vocabulary.get(term);
      return t === undefined ? 0 : idf[t]!;
    },
  };
}

function checkedTokens(tokenize: (text: string) => readonly string[], text: string, what: string): readonly string[] {
  const tokens = tokenize(text);
  if (!Array.isArray(tokens))
    throw new TypeError(
      `@execret/search createBm25: tokenize(${what}) returned ${typeof tokens}, expected an array of strings`,
    );
  for (const token of tokens) {
    if (typeof token !== 'string') {
      throw new TypeError(
        `@execret/search createBm25: tokenize(${what}) returned a ${typeof token} token, expected strings`,
      );
    }
  }
  return tokens;
}
