/** Name written into generated metadata. */
export const GENERATOR_NAME = '@execret/llm-generate';
/** Version written into generated metadata (kept equal to package.json's by a test). */
export const GENERATOR_VERSION = '0.1.0';
