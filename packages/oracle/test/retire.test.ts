// A server whose cleaner could not remove everything a job left retires after answering that job: it
// takes no further job (the pool starts a replacement with an empty scratch), so leftovers never become
// the baseline the next job runs on. Driven on one server, under bubblewrap, with the cleaner's time cut
// so that a job's litter overruns it.
import { afterEach, describe, expect, it } from 'vitest';
import { type ForkServer, type ServerConfig, startForkServer } from '../src/fork-server.js';
import { probePython } from '../src/python.js';
import { sandboxView } from '../src/sandbox-view.js';

const ROOT = process.getuid?.() === 0;
const { info, footprint } = await probePython('python3');

async function bwrapConfig(): Promise<ServerConfig | undefined> {
  if (footprint instanceof Error) return undefined;
  const config: ServerConfig = {
    python: info.executable,
    isolation: 'bwrap',
    bwrap: 'bwrap',
    uid: ROOT ? 65020 : null,
    gid: ROOT ? 65020 : null,
    root: ROOT,
    view: sandboxView(footprint, []).mounts,
    memoryBytes: 1 << 30,
    maxProcesses: 64,
    maxFileBytes: 1 << 20,
    maxOpenFiles: 256,
    maxMessageBytes: 300,
    tmpfsBytes: 1 << 26,
    preloadModules: [],
    startTimeoutMs: 30_000,
    watchdogGraceMs: 5000,
    cleanerTimeoutMs: 1,
  };
  try {
    const server = await startForkServer(config);
    server.kill();
    return config;
  } catch {
    return undefined;
  }
}
const CONFIG = await bwrapConfig();

const LITTER = [
  'import os',
  'def litter():',
  '    for i in range(20000):',
  '        open("/tmp/f%d" % i, "w").close()',
  '    return True',
].join('\n');

let server: ForkServer | undefined;
afterEach(() => server?.kill());

describe('a server whose cleaner leaves something', () => {
  it.skipIf(CONFIG === undefined)(
    'answers the job, then takes no further job and exits',
    async () => {
      server = await startForkServer(CONFIG as ServerConfig);
      const exited = new Promise<void>((resolve) => {
        const poll = setInterval(() => {
          if (!server?.alive) {
            clearInterval(poll);
            resolve();
          }
        }, 20);
      });
      const job = {
        code: LITTER,
        tests: ['assert litter()'],
        timeoutMs: 20_000,
        judging: 'split' as const,
        workLimit: 0,
      };
      const first = server.submit(job);
      const queued = server.submit({ ...job, code: 'import os\n', tests: ['assert os.listdir("/tmp") == []'] });
      const reply = await first;
      expect(reply.kind).toBe('result');
      expect(reply.kind === 'result' && reply.tests).toEqual(['pass']);
      // The job queued behind it was never acknowledged: the pool submits it to another server.
      expect(await queued).toEqual({ kind: 'requeue' });
      await exited;
      expect(server.alive).toBe(false);
      expect(await server.submit(job)).toEqual({ kind: 'requeue' });
    },
    60_000,
  );
});
