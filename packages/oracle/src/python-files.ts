import { fileURLToPath } from 'node:url';

/**
 * Where the package's Python sources are: `python/` at the package root, next to `src/` and `dist/`, so
 * the same relative path works from the sources (vitest, tsx) and from the built package (shipped through
 * `files`). Internal to the package.
 *
 * @internal
 */
export const PYTHON_DIR: string = fileURLToPath(new URL('../python', import.meta.url));

/**
 * The descriptor on which a fork server receives {@link PYTHON_DIR}, opened by Node: the interpreter runs
 * `/proc/self/fd/3/fork_server.py`, which resolves through the descriptor, so the package need not be
 * visible inside the bubblewrap sandbox and nothing of it appears on the command line but that path.
 *
 * @internal
 */
export const SERVER_DIR_FD = 3;

/** Path of the fork server's entry script as the server itself opens it (see {@link SERVER_DIR_FD}). @internal */
export const SERVER_SCRIPT = `/proc/self/fd/${SERVER_DIR_FD}/fork_server.py`;

/** Host path of the interpreter probe run by `resolvePython` (not sandboxed). @internal */
export const PROBE_SCRIPT: string = `${PYTHON_DIR}/probe.py`;
