import { spawn } from 'node:child_process';
import { join } from 'node:path';

const CHILD = join(import.meta.dirname, 'cli-child.ts');

/**
 * Runs the CLI from source in a child process (cwd `apps/bench`) and resolves with its exit code, signal and stderr;
 * `killWhen`, polled every 20 ms, SIGKILLs the child as soon as it is true (a run killed mid-work).
 */
export function runCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  killWhen?: () => Promise<boolean>,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=@execret/source', '--import', 'tsx', CHILD, ...args], {
      env,
      cwd: join(import.meta.dirname, '..'),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = killWhen
      ? setInterval(() => {
          void killWhen().then((kill) => {
            if (kill) child.kill('SIGKILL');
          });
        }, 20)
      : undefined;
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (timer) clearInterval(timer);
      resolve({ code, signal, stderr });
    });
  });
}
