// Entry point `@execret/embedders/npz`: numpy `.npy` and `.npz` matrix files, bounded against hostile input.

export {
  DEFAULT_MAX_NPY_HEADER_BYTES,
  type NpyArray,
  type NpyData,
  type NpyDtype,
  type ReadNpyOptions,
  readNpy,
  writeNpy,
} from './npy/npy.js';
export {
  DEFAULT_MAX_NPZ_BYTES,
  type NpyInput,
  type NpzWriteOptions,
  type ReadNpzOptions,
  readNpz,
  writeNpz,
} from './npy/npz.js';
export { readNpzFile, writeNpzFile } from './npy/npz-file.js';
