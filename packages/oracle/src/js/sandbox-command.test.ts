import { describe, expect, it } from 'vitest';
import {
  type EngineCommandConfig,
  engineCommand,
  type MountFs,
  SANDBOX_NODE,
  systemMounts,
} from './sandbox-command.js';

const config = (overrides: Partial<EngineCommandConfig> = {}): EngineCommandConfig => ({
  isolation: 'bwrap',
  bwrap: 'bwrap',
  node: '/usr/bin/node',
  nodeArgs: ['--no-warnings'],
  script: '/execret/js/quickjs-host.mjs',
  scriptArgs: ['{}'],
  binds: [{ source: '/work/pkg/js', dest: '/execret/js' }],
  uid: 65400,
  limits: { dataBytes: 1024, openFiles: 64, fileBytes: 2048, processes: 64, cpuSeconds: null, stackBytes: 4096 },
  tmpfsBytes: 8192,
  system: [{ kind: 'bind', path: '/usr' }],
  ...overrides,
});

describe('engineCommand', () => {
  it('sets the limits first, then drops to the sandbox uid, then enters bubblewrap when running as root', () => {
    const { command, args, env, cwd } = engineCommand(config());
    expect(command).toBe('prlimit');
    expect(args.slice(0, 7)).toEqual([
      '--data=1024',
      '--nofile=64',
      '--fsize=2048',
      '--core=0',
      '--nproc=64',
      '--stack=4096',
      '--',
    ]);
    const setpriv = args.indexOf('setpriv');
    const bwrap = args.indexOf('bwrap');
    expect(setpriv).toBeGreaterThan(0);
    expect(bwrap).toBeGreaterThan(setpriv);
    expect(args.slice(setpriv, bwrap)).toEqual([
      'setpriv',
      '--reuid=65400',
      '--regid=65400',
      '--clear-groups',
      '--inh-caps=-all',
      '--bounding-set=-all',
      '--no-new-privs',
      '--',
    ]);
    expect(env).toEqual({ PATH: expect.any(String), TZ: 'UTC' });
    expect(cwd).toBe('/');
  });

  it('isolates network, pids and the environment and shows the host only through read-only binds under bwrap', () => {
    const { args } = engineCommand(config());
    for (const flag of [
      '--unshare-user',
      '--disable-userns',
      '--unshare-net',
      '--unshare-pid',
      '--unshare-ipc',
      '--die-with-parent',
      '--new-session',
      '--clearenv',
    ]) {
      expect(args).toContain(flag);
    }
    expect(args.join(' ')).toContain('--ro-bind /usr/bin/node /execret/bin/node');
    expect(args.join(' ')).toContain('--ro-bind /work/pkg/js /execret/js');
    expect(args.join(' ')).toContain('--remount-ro /');
    expect(args).not.toContain('--bind');
    expect(args.join(' ')).not.toMatch(/--ro-bind \/ \//);
    const end = args.lastIndexOf('--');
    expect(args.slice(end + 1)).toEqual([SANDBOX_NODE, '--no-warnings', '/execret/js/quickjs-host.mjs', '{}']);
  });

  it('runs node directly without setpriv when isolation is rlimit and there is no uid to drop to', () => {
    const { args } = engineCommand(
      config({
        isolation: 'rlimit',
        uid: null,
        script: '/work/pkg/js/node-job.mjs',
        limits: { dataBytes: 1, openFiles: 2, fileBytes: 3, processes: null, cpuSeconds: 7, stackBytes: null },
      }),
    );
    expect(args).toEqual([
      '--data=1',
      '--nofile=2',
      '--fsize=3',
      '--core=0',
      '--cpu=7',
      '--',
      '/usr/bin/node',
      '--no-warnings',
      '/work/pkg/js/node-job.mjs',
      '{}',
    ]);
  });
});

describe('systemMounts', () => {
  it('binds existing system paths, reproduces their symlinks and masks /usr/local/etc when it exists', () => {
    const kinds: Record<string, 'dir' | 'file' | 'symlink'> = {
      '/usr': 'dir',
      '/bin': 'symlink',
      '/lib64': 'symlink',
      '/etc/ld.so.cache': 'file',
      '/usr/local/etc': 'dir',
    };
    const fs: MountFs = {
      kind: (path) => kinds[path],
      readlink: (path) => (path === '/bin' ? 'usr/bin' : '/opt/elsewhere/lib64'),
    };
    expect(systemMounts(fs)).toEqual([
      { kind: 'dir', path: '/etc', mode: 0o755 },
      { kind: 'bind', path: '/usr' },
      { kind: 'bind', path: '/etc/ld.so.cache' },
      { kind: 'mask', path: '/usr/local/etc' },
      { kind: 'symlink', path: '/bin', target: 'usr/bin' },
    ]);
  });
});
