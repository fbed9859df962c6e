import { mountArgs, type SandboxMount } from './sandbox-view.js';

/**
 * Who the sandboxed process is: real root keeping only `capabilities` (to drop its children to a sandbox
 * uid itself: the Python fork server as root), or a user namespace of its own with no nested ones (every
 * other case: the fork server when not root, the JavaScript engine processes, which `setpriv` has already
 * dropped to their uid).
 */
type BwrapIdentity =
  | { readonly kind: 'root'; readonly capabilities: readonly string[] }
  | { readonly kind: 'user-namespace' };

/** Everything that differs between the oracle's sandboxes; the rest is the same for all. */
export interface BwrapSetting {
  readonly identity: BwrapIdentity;
  /** The sandbox's root: read-only binds, directories, masks and symlinks (see `sandbox-view.ts`). */
  readonly mounts: readonly SandboxMount[];
  /** Further read-only binds of a host path at another place in the sandbox (the node binary, the engine files). */
  readonly binds?: readonly { readonly source: string; readonly dest: string }[];
  /** Size of the private tmpfs on /tmp, in bytes. */
  readonly tmpfsBytes: number;
  /** The whole environment inside (after `--clearenv`). */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * The one bubblewrap argument builder of the oracle (its Python fork servers and its JavaScript engine
 * processes): new ipc, pid, network (not even the host's loopback), uts and cgroup namespaces; the
 * identity of {@link BwrapIdentity}; death with the parent and a new session; an empty root holding only
 * the read-only `mounts` and `binds`, then made read-only itself; a private size-limited tmpfs on /tmp;
 * fresh /proc and /dev; an empty environment but `env`; /tmp as the working directory.
 *
 * @example
 * bwrapArgs({ identity: { kind: 'user-namespace' }, mounts: [], tmpfsBytes: 1 << 26, env: { TZ: 'UTC' } });
 * // ['--unshare-ipc', '--unshare-pid', '--unshare-net', '--unshare-uts', '--unshare-cgroup-try',
 * //  '--unshare-user', '--disable-userns', '--die-with-parent', '--new-session', '--perms', '1777', '--size',
 * //  '67108864', '--tmpfs', '/tmp', '--proc', '/proc', '--dev', '/dev', '--remount-ro', '/', '--clearenv',
 * //  '--setenv', 'TZ', 'UTC', '--chdir', '/tmp']
 */
export function bwrapArgs(setting: BwrapSetting): string[] {
  const args = ['--unshare-ipc', '--unshare-pid', '--unshare-net', '--unshare-uts', '--unshare-cgroup-try'];
  if (setting.identity.kind === 'root') {
    args.push('--cap-drop', 'ALL');
    for (const cap of setting.identity.capabilities) args.push('--cap-add', cap);
  } else {
    args.push('--unshare-user', '--disable-userns');
  }
  args.push('--die-with-parent', '--new-session', ...mountArgs(setting.mounts));
  for (const bind of setting.binds ?? []) args.push('--ro-bind', bind.source, bind.dest);
  args.push(
    '--perms',
    '1777',
    '--size',
    String(setting.tmpfsBytes),
    '--tmpfs',
    '/tmp',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--remount-ro',
    '/',
    '--clearenv',
  );
  for (const [name, value] of Object.entries(setting.env ?? {})) args.push('--setenv', name, value);
  args.push('--chdir', '/tmp');
  return args;
}
