// The machine a run was measured on, printed above every table: CPU, cores, load, memory, the runtimes.
import { spawnSync } from 'node:child_process';
import { cpus, freemem, loadavg, totalmem } from 'node:os';

/** One line per fact, for the output's header. */
export function describeMachine(python: string): string[] {
  const cores = cpus();
  const first = (command: string, args: string[]): string => {
    const run = spawnSync(command, args, { encoding: 'utf8' });
    return run.status === 0 ? `${run.stdout}${run.stderr}`.trim().split('\n')[0]! : 'unavailable';
  };
  return [
    `CPU: ${cores[0]?.model ?? 'unknown'}, ${cores.length} cores`,
    `load average (1, 5, 15 min): ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
    `memory: ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ${(freemem() / 2 ** 30).toFixed(1)} GiB free`,
    `Node ${process.version}; ${first(python, ['--version'])} (the peers' virtual environment); ${first('bwrap', ['--version'])}`,
  ];
}

/** The load average now, for lines printed between sections. */
export function loadNow(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
}
