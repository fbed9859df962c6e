/**
 * Test-only stand-in for @execret/oracle: runs trusted fixture code in forked Python children
 * (run_suites.py). It implements the `ExecutionOracle` shape the package consumes and counts calls.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ExecutionJob, ExecutionOracle, ExecutionResult } from '../../src/types.js';

const RUNNER = fileURLToPath(new URL('./run_suites.py', import.meta.url));

export interface LocalOracle extends ExecutionOracle {
  calls: number;
  jobs: number;
}

export function createLocalOracle(options: { python?: string; timeoutS?: number } = {}): LocalOracle {
  const python = options.python ?? 'python3';
  const oracle: LocalOracle = {
    calls: 0,
    jobs: 0,
    async runMany(
      jobs: readonly ExecutionJob[],
      opts?: { onProgress?: (progress: { done: number; total: number }) => void },
    ): Promise<ExecutionResult[]> {
      oracle.calls += 1;
      oracle.jobs += jobs.length;
      const input = JSON.stringify({ jobs, timeout_s: options.timeoutS ?? 0.3 });
      const text = await new Promise<string>((resolve, reject) => {
        const child = spawn(python, ['-I', '-S', RUNNER], { stdio: ['pipe', 'pipe', 'pipe'] });
        const out: Buffer[] = [];
        const err: Buffer[] = [];
        child.stdout.on('data', (c: Buffer) => out.push(c));
        child.stderr.on('data', (c: Buffer) => err.push(c));
        child.on('error', reject);
        child.on('close', (code) =>
          code === 0
            ? resolve(Buffer.concat(out).toString('utf8'))
            : reject(new Error(`runner exited ${code}: ${Buffer.concat(err).toString('utf8')}`)),
        );
        child.stdin.end(input, 'utf8');
      });
      const results = (JSON.parse(text) as { results: ExecutionResult[] }).results;
      opts?.onProgress?.({ done: jobs.length, total: jobs.length });
      return results;
    },
  };
  return oracle;
}

let cached: string | undefined;
/** The real interpreter behind the pyenv shim (spawning the shim costs ~100 ms each time). */
export async function realPython(): Promise<string> {
  if (cached) return cached;
  cached = await new Promise<string>((resolve, reject) => {
    const child = spawn('python3', ['-c', 'import sys; print(sys.executable)']);
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.on('error', reject);
    child.on('close', () => resolve(Buffer.concat(out).toString('utf8').trim() || 'python3'));
  });
  return cached;
}
