import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PYTHON } from '@execret/oracle';
import { GenerateError } from './errors.js';

/**
 * Absolute path of the shipped mutation script (`python/mutate.py`, next to `src/` and `dist/`).
 *
 * @example
 * MUTATION_SCRIPT_PATH // '/…/node_modules/@execret/generate/python/mutate.py'
 */
const MUTATION_SCRIPT_PATH: string = fileURLToPath(new URL('../python/mutate.py', import.meta.url));

/** Options for calls that run the mutation script. */
export interface PythonOptions {
  /** Interpreter to run the mutation script with (default `DEFAULT_PYTHON` of `@execret/oracle`, `python3`). */
  python?: string;
  signal?: AbortSignal;
}

/**
 * Runs one command of the mutation script (`python -I -S mutate.py`, JSON on stdin and stdout) and
 * returns its parsed answer. Rejects with `GenerateError('python-failed')` when the interpreter is
 * missing, exits non-zero or prints something that is not JSON.
 */
export async function runMutationScript<T>(request: unknown, options: PythonOptions = {}): Promise<T> {
  const python = options.python ?? DEFAULT_PYTHON;
  const input = JSON.stringify(request);
  return await new Promise<T>((resolve, reject) => {
    const child = spawn(python, ['-I', '-S', MUTATION_SCRIPT_PATH], {
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
          `@execret/generate mutation script: could not start Python interpreter "${python}" (${cause.message}); pass options.python with a Python ≥ 3.9 path`,
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
            `@execret/generate mutation script: "${python}" exited with code ${String(code)}; expected 0. stderr: ${stderr.slice(-2000) || '(empty)'}`,
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
            `@execret/generate mutation script: expected one JSON document on stdout, received ${JSON.stringify(text.slice(0, 200))}`,
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
