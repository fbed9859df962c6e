import { spawn } from 'node:child_process';

/** The shell that runs the killer: on every Linux system, readable and executable by every uid. */
const SHELL = '/bin/sh';

/**
 * SIGKILLs every process of a sandbox uid at once, and resolves when that is done: a throwaway `/bin/sh`
 * running as that uid calls `kill(-1, SIGKILL)`, which the kernel delivers to every process the sender may
 * signal (all of the uid's processes but the sender) while no fork can complete, so a swarm that keeps
 * forking, in new sessions or not, cannot outpace it as a scan of /proc followed by one kill per process can.
 * For uids that belong to one oracle server or engine slot alone (leased host-wide, see `sandbox-uids.ts`),
 * after its server has exited: nothing else runs as them. Needs root (to spawn as another uid); refuses uid
 * 0 and the caller's own uid. Never rejects: a killer that cannot run leaves things as they were.
 *
 * @example
 * await killUidProcesses(65400, 65400); // every process of uid 65400 has been sent SIGKILL
 */
export function killUidProcesses(uid: number, gid: number): Promise<void> {
  if (!Number.isInteger(uid) || uid <= 0 || uid === process.getuid?.()) {
    throw new RangeError(`@execret/oracle killUidProcesses: refusing to kill the processes of uid ${uid}`);
  }
  return new Promise<void>((resolve) => {
    let killer: ReturnType<typeof spawn>;
    try {
      killer = spawn(SHELL, ['-c', 'kill -9 -1'], { uid, gid, stdio: 'ignore', env: {}, cwd: '/' });
    } catch {
      resolve();
      return;
    }
    killer.once('error', () => resolve());
    killer.once('exit', () => resolve());
  });
}
