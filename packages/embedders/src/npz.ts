/**
 * Entry point `@execret/embedders/npz`, kept for one release: these names now live in `@execret/search`.
 *
 * @deprecated import them from `@execret/search` (errors of the matrix readers are its `SearchError`, code
 *   `matrix` as before).
 */

export * from '@execret/search';
