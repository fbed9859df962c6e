import { execFile } from 'node:child_process';
import { abortError, OracleError } from './errors.js';
import { PROBE_SCRIPT } from './python-files.js';
import { type InterpreterFootprint, parseFootprint } from './sandbox-view.js';

/** Interpreter looked up when no `python` option is given. */
export const DEFAULT_PYTHON = 'python3';

/** The interpreter the oracle runs, as reported by itself. */
export interface PythonInfo {
  /** `sys.executable` of the interpreter: the real binary, not a pyenv or similar shim. */
  executable: string;
  /** `major.minor.micro`, e.g. `3.11.7`. */
  version: string;
}

/**
 * Resolves an interpreter name or path to the real binary by asking it for `sys.executable` (a pyenv
 * shim costs ~100 ms per start; the binary behind it ~15 ms). The probe runs once, with the caller's
 * environment, so shims that need their variables work.
 *
 * @param python - a command name looked up on `PATH` or a path (default {@link DEFAULT_PYTHON})
 * @param options - `signal` to abort the probe
 * @throws {OracleError} `python-not-found` when it cannot be started or its answer is unusable;
 *   `python-unsupported` when it is older than 3.9 or has no `os.fork`
 * @example
 * await resolvePython('python3');
 * // { executable: '/root/.pyenv/versions/3.11.7/bin/python3', version: '3.11.7' }
 */
export async function resolvePython(
  python: string = DEFAULT_PYTHON,
  options: { signal?: AbortSignal } = {},
): Promise<PythonInfo> {
  return (await probePython(python, options)).info;
}

/**
 * {@link resolvePython}, and what the interpreter uses (for the sandbox's view), from the same start;
 * `footprint` is the error when that part of the answer is missing or malformed.
 *
 * @internal
 */
export async function probePython(
  python: string,
  options: { signal?: AbortSignal } = {},
): Promise<{ info: PythonInfo; footprint: InterpreterFootprint | Error }> {
  if (typeof python !== 'string' || python === '') {
    throw new TypeError(
      `@execret/oracle resolvePython: expected python to be a command or path, received ${JSON.stringify(python)}`,
    );
  }
  const { signal } = options;
  if (signal?.aborted) throw abortError('resolvePython', signal);
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      python,
      // python/probe.py: three lines for resolvePython, then (when it can) the files the interpreter uses.
      ['-I', PROBE_SCRIPT],
      { timeout: 60_000, encoding: 'utf8', ...(signal ? { signal } : {}) },
      (error, out, err) => {
        if (signal?.aborted) {
          reject(abortError('resolvePython', signal));
        } else if (error) {
          reject(
            new OracleError(
              'python-not-found',
              `@execret/oracle resolvePython: could not run "${python}" (${error.message.split('\n')[0]}${err ? `; stderr: ${err.trim().slice(-300)}` : ''}); pass options.python with the path of a Python >= 3.9`,
              { cause: error },
            ),
          );
        } else {
          resolve(out);
        }
      },
    );
  });
  const [executable = '', version = '', fork = '', footprintLine = ''] = stdout
    .trim()
    .split('\n')
    .map((s) => s.trim());
  if (!executable.startsWith('/') || !/^\d+\.\d+\.\d+$/.test(version)) {
    throw new OracleError(
      'python-not-found',
      `@execret/oracle resolvePython: "${python}" answered ${JSON.stringify(stdout.slice(0, 200))}; expected its absolute sys.executable and a version`,
    );
  }
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major < 3 || (major === 3 && minor < 9) || fork !== '1') {
    throw new OracleError(
      'python-unsupported',
      `@execret/oracle resolvePython: "${executable}" is Python ${version}${fork !== '1' ? ' without os.fork' : ''}; expected CPython >= 3.9 on Linux`,
    );
  }
  let footprint: InterpreterFootprint | Error;
  try {
    footprint = parseFootprint(footprintLine);
  } catch (error) {
    footprint = error as Error;
  }
  return { info: { executable, version }, footprint };
}
