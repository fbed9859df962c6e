import { fileURLToPath } from 'node:url';
import type { runPythonScript } from './python.js';

/** A shipped Python script as `runPythonScript` takes it. */
type PythonScript = Parameters<typeof runPythonScript>[0];

// Resolved here, one level below the package root like `dist/index.js` (see python.ts), so the same relative URLs
// are right from the sources and from the bundle.

/**
 * The cosmetic rewriter of Python snippets (`python/rewrite.py`).
 *
 * @example
 * REWRITE_SCRIPT.path // '/…/node_modules/@execret/generate/python/rewrite.py'
 */
export const REWRITE_SCRIPT: PythonScript = {
  path: fileURLToPath(new URL('../python/rewrite.py', import.meta.url)),
  name: 'rewrite script',
};

/** The probe-input generator of Python tasks (`python/probe_inputs.py`). */
export const PROBE_INPUTS_SCRIPT: PythonScript = {
  path: fileURLToPath(new URL('../python/probe_inputs.py', import.meta.url)),
  name: 'probe-inputs script',
};

/** The helper appended to Python probe jobs (`python/copy_probe.py`): read, never run on its own. */
export const PYTHON_COPY_PROBE_HELPER = fileURLToPath(new URL('../python/copy_probe.py', import.meta.url));

/** The helper appended to JavaScript/TypeScript probe jobs (`js/copy-probe.js`): read, never run on its own. */
export const JS_COPY_PROBE_HELPER = fileURLToPath(new URL('../js/copy-probe.js', import.meta.url));
