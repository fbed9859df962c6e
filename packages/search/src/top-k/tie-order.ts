/**
 * Tie order of documents for {@link topK} and BM25 search.
 *
 * SPEC section 3 breaks score ties by document id, descending (trec_eval's rule). Search works on
 * document *indices*, so it needs each document's position in id order. Without `docIds` the position is
 * the index itself (the caller promises that index order is id order, as with the release's zero-padded
 * ids `c_0001 … c_4694`); with `docIds`, positions come from sorting the ids in code-point order (the
 * order of `strcmp` on UTF-8, which trec_eval uses).
 */
import { compareCodePoints } from '@execret/formats';

/**
 * The documents' tie order: `order[p]` is the index of the document at position `p` when documents are
 * sorted by id in code-point order; `undefined` when `docIds` is `undefined` (positions are indices).
 *
 * @throws TypeError when `docIds` is not an array of strings or contains a duplicate.
 * @throws RangeError when `docIds.length` differs from `nDocs`.
 * @example
 * tieOrder(['c_0003', 'c_0001', 'c_0002'], 3); // Int32Array [1, 2, 0]
 */
export function tieOrder(
  docIds: readonly string[] | undefined,
  nDocs: number,
  component: string,
): Int32Array | undefined {
  if (docIds === undefined) return undefined;
  if (!Array.isArray(docIds)) {
    throw new TypeError(`@execret/search ${component}: docIds must be an array of strings, received ${typeof docIds}`);
  }
  if (docIds.length !== nDocs) {
    throw new RangeError(
      `@execret/search ${component}: docIds has ${docIds.length} entries, expected one per document (${nDocs})`,
    );
  }
  const order = Array.from({ length: nDocs }, (_, i) => i);
  for (let i = 0; i < nDocs; i++) {
    if (typeof docIds[i] !== 'string') {
      throw new TypeError(`@execret/search ${component}: docIds[${i}] is ${typeof docIds[i]}, expected a string`);
    }
  }
  order.sort((x, y) => compareCodePoints(docIds[x]!, docIds[y]!));
  for (let p = 1; p < nDocs; p++) {
    if (docIds[order[p]!] === docIds[order[p - 1]!]) {
      throw new TypeError(
        `@execret/search ${component}: docIds contains "${docIds[order[p]!]!}" twice (indices ${order[p - 1]!} and ${order[p]!}); ids must be unique`,
      );
    }
  }
  return Int32Array.from(order);
}
