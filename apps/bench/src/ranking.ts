/**
 * Top-k selection over one row of scores with the tie rule of SPEC section 3: score descending, then
 * document index descending (document indices are in corpus-id order, so this is trec_eval's rule).
 *
 * @param scores   the row's scores, `scores[offset + d]` for document `d`
 * @param offset   where the row starts
 * @param nDocs    number of documents in the row
 * @param k        how many to keep (fewer when fewer documents are allowed)
 * @param allowed  optional mask: only documents with `allowed[d] === 1` are ranked
 * @example
 * topKOfRow(Float32Array.of(0.5, 0.9, 0.9), 0, 3, 2) // Int32Array [2, 1]: the tie at 0.9 goes to the higher index
 */
export function topKOfRow(
  scores: ArrayLike<number>,
  offset: number,
  nDocs: number,
  k: number,
  allowed?: Uint8Array,
): Int32Array {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`execret: k must be a positive integer, got ${k}`);
  const heapIdx = new Int32Array(k);
  const heapScore = new Float64Array(k);
  let size = 0;
  // `a` ranks before `b` when its score is higher, or equal with a higher index.
  const before = (sa: number, ia: number, sb: number, ib: number): boolean => sa > sb || (sa === sb && ia > ib);
  // A min-heap on rank order: the root is the worst of the kept documents.
  const siftDown = (start: number): void => {
    let i = start;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < size && before(heapScore[worst]!, heapIdx[worst]!, heapScore[l]!, heapIdx[l]!)) worst = l;
      if (r < size && before(heapScore[worst]!, heapIdx[worst]!, heapScore[r]!, heapIdx[r]!)) worst = r;
      if (worst === i) return;
      const ts = heapScore[i]!;
      const ti = heapIdx[i]!;
      heapScore[i] = heapScore[worst]!;
      heapIdx[i] = heapIdx[worst]!;
      heapScore[worst] = ts;
      heapIdx[worst] = ti;
      i = worst;
    }
  };
  for (let d = 0; d < nDocs; d++) {
    if (allowed !== undefined && allowed[d] !== 1) continue;
    const s = scores[offset + d]!;
    if (Number.isNaN(s)) throw new RangeError(`execret: score of document ${d} is NaN`);
    if (size < k) {
      // Sift up.
      let i = size++;
      heapScore[i] = s;
      heapIdx[i] = d;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!before(heapScore[p]!, heapIdx[p]!, heapScore[i]!, heapIdx[i]!)) break;
        const ts = heapScore[i]!;
        const ti = heapIdx[i]!;
        heapScore[i] = heapScore[p]!;
        heapIdx[i] = heapIdx[p]!;
        heapScore[p] = ts;
        heapIdx[p] = ti;
        i = p;
      }
    } else if (before(s, d, heapScore[0]!, heapIdx[0]!)) {
      heapScore[0] = s;
      heapIdx[0] = d;
      siftDown(0);
    }
  }
  const order = Array.from({ length: size }, (_, i) => i).sort((a, b) =>
    before(heapScore[a]!, heapIdx[a]!, heapScore[b]!, heapIdx[b]!) ? -1 : 1,
  );
  return Int32Array.from(order, (i) => heapIdx[i]!);
}
