import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PYTHON } from '@execret/oracle';
import { GenerateError } from './errors.js';

/** A Python script shipped in the package's `python/` folder, and the name its errors give it. */
interface PythonScript {
  /** Absolute path of the `.py` file. */
  path: string;
  /** What messages call it, e.g. `mutation script`. */
  name: string;
}

// The scripts are resolved here, one level below the package root like `dist/index.js`, so the same relative
// URL is right from the sources and from the bundle.

/**
 * The mutation engine (`python/mutate.py`): enumeration, the ast gate, stacked edits.
 *
 * @example
 * MUTATION_SCRIPT.path // '/…/node_modules/@execret/generate/python/mutate.py'
 */
const MUTATION_SCRIPT: PythonScript = {
  path: fileURLToPath(new URL('../python/mutate.py', import.meta.url)),
  name: 'mutation script',
};

/**
 * The task-set converter (`python/task_formats.py`): HumanEval and MBPP rows to tasks.
 *
 * @example
 * TASK_FORMATS_SCRIPT.path // '/…/node_modules/@execret/generate/python/task_formats.py'
 */
export const TASK_FORMATS_SCRIPT: PythonScript = {
  path: fileURLToPath(new URL('../python/task_formats.py', import.meta.url)),
  name: 'task-formats script',
};

/** Options for calls that run a shipped Python script. */
export interface PythonOptions {
  /** Interpreter to run the script with (default `DEFAULT_PYTHON` of `@execret/oracle`, `python3`). */
  python?: string;
  signal?: AbortSignal;
}

/**
 * Runs one command of a shipped Python script (`python -I -S <script>`, one JSON request on stdin, one JSON
 * answer on stdout) and returns its parsed answer. Rejects with `GenerateError('python-failed')` when the
 * interpreter is missing, exits non-zero or prints something that is not JSON.
 *
 * @example
 * await runPythonScript<{ python: string }>(MUTATION_SCRIPT, { command: 'version' }) // { python: '3.11.7' }
 */
export async function runPythonScript<T>(
  script: PythonScript,
  request: unknown,
  options: PythonOptions = {},
): Promise<T> {
  const python = options.python ?? DEFAULT_PYTHON;
  const input = JSON.stringify(request);
  const component = `@execret/generate ${script.name}`;
  return await new Promise<T>((resolve, reject) => {
    const child = spawn(python, ['-I', '-S', script.path], {
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (cause) => {
      reject(
        new GenerateError(
          'python-failed',
          `${component}: could not start Python interpreter "${python}" (${cause.message}); pass options.python with a Python ≥ 3.9 path`,
          { cause },
        ),
      );
    });
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString('utf8').trim();
      if (code !== 0) {
        reject(
          new GenerateError(
            'python-failed',
            `${component}: "${python}" exited with code ${String(code)}; expected 0. stderr: ${stderr.slice(-2000) || '(empty)'}`,
          ),
        );
        return;
      }
      const text = Buffer.concat(out).toString('utf8');
      try {
        resolve(JSON.parse(text) as T);
      } catch (cause) {
        reject(
          new GenerateError(
            'python-failed',
            `${component}: expected one JSON document on stdout, received ${JSON.stringify(text.slice(0, 200))}`,
            { cause },
          ),
        );
      }
    });
    child.stdin.on('error', () => {
      /* reported through 'close' */
    });
    child.stdin.end(input, 'utf8');
  });
}

/**
 * Runs one command of the mutation script ({@link MUTATION_SCRIPT}); see {@link runPythonScript}.
 */
export async function runMutationScript<T>(request: unknown, options: PythonOptions = {}): Promise<T> {
  return await runPythonScript<T>(MUTATION_SCRIPT, request, options);
}
