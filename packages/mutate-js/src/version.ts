/** Name of the engine, for manifests and reports that state which engine produced a mutant. */
export const MUTATE_JS_ENGINE = '@execret/mutate-js';
/** Version of this package (kept equal to package.json by a test). */
export const MUTATE_JS_VERSION = '0.1.0';
