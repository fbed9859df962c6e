// CPU time and minor page faults of this Node process and the oracle's processes below it, by role, read
// from /proc (Linux): where a job's CPU goes, and how many of the machine's cores one server already keeps
// busy, which bounds what a second server can add.
//
// Roles, by position in the process tree (names change: the zygote renames itself around each fork):
// `node` (this process), `bwrap` (the sandbox's own processes), `judge` (the first process below Node
// and bwrap: the fork server Node spawned), `zygote` (the judge's child: its own CPU, forking spares and
// cleaning up after jobs) and `children` (job children, counted when the zygote reaps them: set-up,
// warm-up, the job, exit). Deeper processes (a job's own children) are counted with `children` when
// reaped. A spare alive at a sampling moment is counted when it is reaped, so a window misses at most the
// few spares forked ahead. The fork-limit probe sits where a judge would and is idle in oracle windows.
import { readdirSync, readFileSync } from 'node:fs';

const ROLES = ['node', 'bwrap', 'judge', 'zygote', 'children'] as const;
type Role = (typeof ROLES)[number];
const zeros = (): Record<Role, number> => Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;

/** CPU milliseconds and minor faults per role at one moment, and the machine's busy CPU time. */
export interface CpuSample {
  readonly ms: Readonly<Record<Role, number>>;
  readonly faults: Readonly<Record<Role, number>>;
  /** Busy (not idle, not iowait) CPU milliseconds of the whole machine since boot, from /proc/stat. */
  readonly machineMs: number;
}

interface Proc {
  pid: number;
  ppid: number;
  comm: string;
  selfTicks: number;
  childTicks: number;
  minflt: number;
  cminflt: number;
}

// USER_HZ: the unit of /proc's CPU times; 100 on every Linux architecture Node supports.
const TICK_MS = 10;

function readProc(pid: string): Proc | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // exited meanwhile
  }
  const close = stat.lastIndexOf(')');
  const f = stat.slice(close + 2).split(' ');
  // Fields after the name (man 5 proc): state ppid ... minflt(7) cminflt(8) ... utime(11) stime(12) cutime(13) cstime(14)
  return {
    pid: Number(pid),
    ppid: Number(f[1]),
    comm: stat.slice(stat.indexOf('(') + 1, close),
    minflt: Number(f[7]),
    cminflt: Number(f[8]),
    selfTicks: Number(f[11]) + Number(f[12]),
    childTicks: Number(f[13]) + Number(f[14]),
  };
}

function machineBusyMs(): number {
  const cpu = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  return (total - (cpu[3] ?? 0) - (cpu[4] ?? 0)) * TICK_MS;
}

/** Samples this process and its descendants. */
export function sampleCpu(): CpuSample {
  const procs = new Map<number, Proc>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const p = readProc(name);
    if (p) procs.set(p.pid, p);
  }
  const ms = zeros();
  const faults = zeros();
  // One walk up from p: depth below the nearest bwrap or Node (1 = judge, 2 = zygote, deeper = job children),
  // and whether the walk reaches this process at all.
  const roleOf = (p: Proc): Role | undefined => {
    if (p.pid === process.pid) return 'node';
    if (p.comm === 'bwrap') return 'bwrap';
    let depth = 0;
    let counting = true;
    for (let q = procs.get(p.ppid), hops = 1; q && hops < 64; q = procs.get(q.ppid), hops++) {
      if (counting) depth++;
      if (q.pid === process.pid) return depth === 1 ? 'judge' : depth === 2 ? 'zygote' : 'children';
      if (q.comm === 'bwrap') counting = false;
    }
    return undefined; // not below this process
  };
  for (const p of procs.values()) {
    const role = roleOf(p);
    // A live spare or job (or what it forked): counted when reaped.
    if (role === undefined || role === 'children') continue;
    ms[role] += p.selfTicks * TICK_MS;
    faults[role] += p.minflt;
    if (role === 'zygote') {
      ms.children += p.childTicks * TICK_MS;
      faults.children += p.cminflt;
    }
  }
  return { ms, faults, machineMs: machineBusyMs() };
}

/** What happened between two samples, per job: CPU ms and faults per role, and the machine's busy ms. */
export interface CpuPerJob {
  readonly ms: Readonly<Record<Role, number>>;
  readonly faults: Readonly<Record<Role, number>>;
  /** CPU ms per job of the oracle's processes and Node. */
  readonly oracleMs: number;
  readonly machineMs: number;
}

/** Adds what happened between two samples, and the jobs run meanwhile, to an accumulator (windows over rounds). */
export function addCpuWindow(acc: CpuWindows, before: CpuSample, after: CpuSample, jobs: number): void {
  for (const r of ROLES) {
    acc.ms[r] += after.ms[r] - before.ms[r];
    acc.faults[r] += after.faults[r] - before.faults[r];
  }
  acc.machineMs += after.machineMs - before.machineMs;
  acc.jobs += jobs;
}

/** Sums of several windows. */
export interface CpuWindows {
  ms: Record<Role, number>;
  faults: Record<Role, number>;
  machineMs: number;
  jobs: number;
}

export function emptyCpuWindows(): CpuWindows {
  return {
    ms: zeros(),
    faults: zeros(),
    machineMs: 0,
    jobs: 0,
  };
}

export function perJob(acc: CpuWindows): CpuPerJob {
  const n = Math.max(1, acc.jobs);
  const ms = Object.fromEntries(ROLES.map((r) => [r, acc.ms[r] / n])) as Record<Role, number>;
  const faults = Object.fromEntries(ROLES.map((r) => [r, acc.faults[r] / n])) as Record<Role, number>;
  const oracleMs = ROLES.reduce((s, r) => s + ms[r], 0);
  return { ms, faults, oracleMs, machineMs: acc.machineMs / n };
}
