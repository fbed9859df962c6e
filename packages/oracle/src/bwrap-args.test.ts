import { describe, expect, it } from 'vitest';
import { bwrapArgs } from './bwrap-args.js';

describe('bwrapArgs', () => {
  it('gives a user namespace, the mounts, binds and environment in order when not keeping root', () => {
    expect(
      bwrapArgs({
        identity: { kind: 'user-namespace' },
        mounts: [{ kind: 'bind', path: '/usr' }],
        binds: [{ source: '/opt/node/bin/node', dest: '/execret/bin/node' }],
        tmpfsBytes: 4096,
        env: { TZ: 'UTC' },
      }).join(' '),
    ).toBe(
      '--unshare-ipc --unshare-pid --unshare-net --unshare-uts --unshare-cgroup-try --unshare-user --disable-userns ' +
        '--die-with-parent --new-session --ro-bind /usr /usr --ro-bind /opt/node/bin/node /execret/bin/node ' +
        '--perms 1777 --size 4096 --tmpfs /tmp --proc /proc --dev /dev --remount-ro / --clearenv --setenv TZ UTC --chdir /tmp',
    );
  });

  it('keeps real root with only the given capabilities, and no user namespace, when asked', () => {
    const args = bwrapArgs({ identity: { kind: 'root', capabilities: ['CAP_KILL'] }, mounts: [], tmpfsBytes: 4096 });
    expect(args.join(' ')).toContain('--cap-drop ALL --cap-add CAP_KILL --die-with-parent');
    expect(args).not.toContain('--unshare-user');
    expect(args).not.toContain('--setenv');
  });
});
