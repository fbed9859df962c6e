/**
 * Entry point `@execret/embedders/npz`, kept for one release: these names now live in `@execret/search`.
 *
 * @deprecated import them from `@execret/search` (errors of the matrix readers are its `SearchError`, code
 *   `matrix` as before).
 */

export {
  DEFAULT_MAX_NPY_HEADER_BYTES,
  DEFAULT_MAX_NPZ_BYTES,
  type NpyArray,
  type NpyData,
  type NpyDtype,
  type NpyInput,
  type NpzWriteOptions,
  type ReadNpyOptions,
  type ReadNpzOptions,
  readNpy,
  readNpz,
  readNpzFile,
  writeNpy,
  writeNpz,
  writeNpzFile,
} from '@execret/search';
