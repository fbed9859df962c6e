// The throwaway sandbox the peers' executors run in (they are not sandboxes themselves): bubblewrap with new
// pid, network (loopback only), IPC and UTS namespaces, the host's files read-only, fresh writable tmpfs at
// /tmp, /var/tmp, /dev/shm and /root (so that a write there is seen, and thrown away), no capability, an
// unprivileged uid that owns no host file (RLIMIT_NPROC binds it; it does not bind root), at most 16 GiB of
// address space, and only the variables given. The peers' own limits are what the hostile section measures;
// these bounds only keep a peer that has none from hurting the machine or anyone else's work.

/** The sandbox's uid: no host process or file has it. */
export const OUTER_UID = 64900;
/** RLIMIT_AS of everything in the sandbox: a job that reaches it was stopped by this sandbox, not by its executor. */
export const OUTER_ADDRESS_SPACE_BYTES = 16 * 2 ** 30;
/** RLIMIT_NPROC of the sandbox's uid. */
const OUTER_PROCESSES = 512;

/**
 * argv of a command run inside the outer sandbox. `io` is a host folder bound read-write at the same path (the
 * harness's inputs and results), `pyenv` the folder of the interpreter the virtual environment points at (bound
 * read-only: it sits under /root, which the sandbox replaces).
 */
export function outerSandbox(
  command: string[],
  options: { io: string; pyenv: string; env: Record<string, string> },
): string[] {
  const env = Object.entries({
    PATH: '/usr/bin:/bin',
    HOME: '/root',
    PYTHONDONTWRITEBYTECODE: '1',
    ...options.env,
  }).flatMap(([k, v]) => ['--setenv', k, v]);
  return [
    'prlimit',
    `--as=${OUTER_ADDRESS_SPACE_BYTES}`,
    `--nproc=${OUTER_PROCESSES}`,
    '--',
    'bwrap',
    '--unshare-ipc',
    '--unshare-pid',
    '--unshare-net',
    '--unshare-uts',
    '--unshare-cgroup-try',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    '--cap-add',
    'CAP_SETUID',
    '--cap-add',
    'CAP_SETGID',
    '--ro-bind',
    '/',
    '/',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    ...['/dev/shm', '/tmp', '/var/tmp', '/root'].flatMap((dir) => ['--perms', '1777', '--tmpfs', dir]),
    // the folders above the interpreter's, inside the new /root: traversable by the sandbox's uid
    ...ancestors(options.pyenv).flatMap((dir) => ['--perms', '0755', '--dir', dir]),
    '--ro-bind',
    options.pyenv,
    options.pyenv,
    '--bind',
    options.io,
    options.io,
    '--perms',
    '1777',
    '--dir',
    '/tmp/harness',
    '--chdir',
    '/tmp/harness',
    '--clearenv',
    ...env,
    '--',
    'setpriv',
    `--reuid=${OUTER_UID}`,
    `--regid=${OUTER_UID}`,
    '--clear-groups',
    '--inh-caps=-all',
    '--bounding-set=-all',
    '--',
    ...command,
  ];
}

/** The folders strictly between `/` and `path` (`/a/b/c` → `/a`, `/a/b`). */
function ancestors(path: string): string[] {
  const parts = path.split('/').filter((p) => p !== '');
  return parts.slice(0, -1).map((_, i) => `/${parts.slice(0, i + 1).join('/')}`);
}
