/** Name written into generated datasets as the generator. */
export const GENERATOR_NAME = '@execret/generate';
/** Version of this package, written into generated datasets (kept equal to package.json by a test). */
export const GENERATOR_VERSION = '0.1.0';
