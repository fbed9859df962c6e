import { defineExecretError } from '@execret/formats';

/**
 * The codes of a {@link SearchError}:
 * - `matrix` — a `.npy`/`.npz` file or an embedding-matrix archive is corrupt, unsupported, over a size limit, or
 *   lacks the expected arrays or shapes.
 */
export type SearchErrorCode = 'matrix';

/**
 * The one error class of `@execret/search`: what went wrong reading matrix files (search itself only throws
 * `TypeError`/`RangeError` for misuse). Messages start with `@execret/search <component>:`.
 *
 * @example
 * try {
 *   await readNpzFile('embeddings/model.npz');
 * } catch (error) {
 *   if (SearchError.is(error) && error.code === 'matrix') console.error(error.message);
 * }
 */
export class SearchError extends defineExecretError<SearchErrorCode>('@execret/search', 'SearchError') {}
