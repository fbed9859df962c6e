// The hostile cases through @execret/oracle, in a Node process of their own (a case that killed it would end
// this process, not the benchmark), with the observations peers_exec.py makes for the peers: verdict, time,
// peak virtual memory of the job's processes (those of the oracle's sandbox uids), processes left, files
// written, connections to this harness's listener, bytes on this harness's stdout/stderr, whether a trivial
// suite still passes afterwards. The oracle runs as the project ships it (isolation auto), on the host.
//
// Usage: tsx --conditions=@execret/source execret-sweeper.ts <cases.json> <out.jsonl> <first case> <timeout ms>
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Language } from '@execret/formats';
import { createOracle } from '@execret/oracle';

interface Case {
  id: string;
  language: Language;
  code: string;
  tests: string[];
}

const [casesPath, outPath, firstArg, timeoutArg] = process.argv.slice(2);
const cases = (JSON.parse(readFileSync(casesPath!, 'utf8')) as { cases: Case[] }).cases;
const secret = process.env.PEERS_HOSTILE_SECRET ?? '';
const harnessDir = mkdtempSync('/tmp/peers-harness-');
chmodSync(harnessDir, 0o755);

let connections = 0;
const server = createServer((socket) => {
  connections++;
  socket.end('hello');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as { port: number }).port;

const oracle = await createOracle({ concurrency: 1, timeoutMs: Number(timeoutArg) });
const uids = new Set(oracle.info.sandboxUids ?? []);

/** Processes of the oracle's sandbox uids (the jobs; the fork servers run as root). */
function jobPids(): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (uids.has(statSync(`/proc/${name}`).uid)) pids.push(Number(name));
    } catch {
      // gone
    }
  }
  return pids;
}

/** False for a zombie (exited, not yet reaped) or a process already gone. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] !== 'Z';
  } catch {
    return false;
  }
}

function vmPeakKb(pid: number): number {
  try {
    const match = /^VmPeak:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim().slice(0, 120);
  } catch {
    return '?';
  }
}

for (let index = Number(firstArg); index < cases.length; index++) {
  const c = cases[index]!;
  const token = randomBytes(6).toString('hex');
  const planted = `/root/peers-secret-${token}`;
  writeFileSync(planted, secret, { mode: 0o600 });
  const fill: Record<string, string> = {
    '{token}': token,
    '{port}': String(port),
    '{harness_pid}': String(process.pid),
    '{harness_dir}': harnessDir,
    '{secret}': secret,
  };
  const place = (text: string): string => Object.entries(fill).reduce((t, [k, v]) => t.replaceAll(k, v), text);
  const targets = [
    `/tmp/peers-hostile-${token}`,
    `/var/tmp/peers-hostile-${token}`,
    `/dev/shm/peers-hostile-${token}`,
    `${harnessDir}/peers-hostile-${token}`,
    `/root/peers-hostile-${token}`,
    `/tmp/peers-hostile-dir-${token}`,
  ];
  const before = connections;
  let peakKb = 0;
  const sampler = setInterval(() => {
    for (const pid of jobPids()) peakKb = Math.max(peakKb, vmPeakKb(pid));
  }, 10);
  const started = performance.now();
  const result = await oracle.run({ code: place(c.code), tests: c.tests.map(place), language: c.language });
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 300));
  clearInterval(sampler);
  const left = jobPids().filter(running).map(cmdline);
  const written = targets.filter((p) => existsSync(p));
  for (const p of written) rmSync(p, { recursive: true, force: true });
  rmSync(planted, { force: true });
  const control = await oracle.run({
    code: c.language === 'python' ? 'def f():\n    return 1\n' : 'function f() { return 1; }',
    tests: [c.language === 'python' ? 'assert f() == 1' : 'assert.strictEqual(f(), 1)'],
    language: c.language,
  });
  appendFileSync(
    outPath!,
    `${JSON.stringify({
      id: c.id,
      passed: result.status === 'pass',
      detail: `${result.status} ${JSON.stringify(result.tests)}`.slice(0, 200),
      seconds,
      peakVmMb: peakKb / 1024,
      leftovers: left,
      files: written,
      connections: connections - before,
      outputBytes: 0,
      controlPassed: control.status === 'pass',
      isolation: result.isolation,
    })}\n`,
  );
}
await oracle.close();
server.close();
rmSync(harnessDir, { recursive: true, force: true });
