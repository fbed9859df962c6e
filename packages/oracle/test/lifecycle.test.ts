import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_ROLE } from '../src/fork-server.js';
import { listProcesses } from './processes.js';

const SCRIPT = fileURLToPath(new URL('./fixtures/lifecycle.ts', import.meta.url));

function runScript(mode: string, uid: number): Promise<{ code: number | null; stdout: string; pid: number }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', SCRIPT, mode, String(uid)],
      { timeout: 60_000 },
      (error, stdout) => {
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, pid: child.pid ?? -1 });
      },
    );
  });
}

describe.concurrent('createOracle lifecycle', () => {
  it.each([
    ['awaits close() to the end', 'close', 65250, '["pass"]\nclosed\n'],
    ['exits by itself when close() is forgotten', 'leave', 65240, '["pass"]\n'],
  ])(
    'a Node script %s and leaves no fork server behind',
    async (_name, mode, uid, expected) => {
      const { code, stdout, pid } = await runScript(mode, uid);
      expect({ code, stdout }).toEqual({ code: 0, stdout: expected });
      // Servers die with their parent (bwrap --die-with-parent or PR_SET_PDEATHSIG), but not in the same instant:
      // a killed server (and, under bwrap, every process of its pid namespace) takes a moment to exit on a loaded
      // machine. Give them up to 10 s; one that outlives that has not died with its parent.
      const orphans = () =>
        listProcesses()
          .filter((p) => p.cmdline.includes(SERVER_ROLE) && p.cmdline.includes(`"parent_pid":${pid}`))
          .map((p) => p.pid);
      for (let i = 0; i < 100 && orphans().length > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(orphans()).toEqual([]);
    },
    90_000,
  );
});
