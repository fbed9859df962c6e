import { existsSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { probePython } from './python.js';
import {
  type InterpreterFootprint,
  isReservedPath,
  mountArgs,
  type SandboxMount,
  sandboxView,
  type ViewFs,
} from './sandbox-view.js';

type Node = { kind: 'dir'; mode?: number } | { kind: 'file' } | { kind: 'symlink'; target: string };

/** A host filesystem made of the listed paths (ancestors are 0755 directories unless listed). */
function fakeFs(tree: Record<string, Node>): ViewFs {
  const nodes = new Map<string, Node>(Object.entries(tree));
  for (const path of Object.keys(tree)) {
    for (let p = posix.dirname(path); p !== '/'; p = posix.dirname(p)) if (!nodes.has(p)) nodes.set(p, { kind: 'dir' });
  }
  const resolve = (path: string, hops = 0): string | undefined => {
    if (hops > 40) return undefined;
    let at = '';
    const parts = path.split('/').filter(Boolean);
    for (let i = 0; i < parts.length; i++) {
      const next = `${at}/${parts[i] as string}`;
      const node = nodes.get(next);
      if (!node) return undefined;
      if (node.kind === 'symlink')
        return resolve(posix.join(posix.resolve(at || '/', node.target), ...parts.slice(i + 1)), hops + 1);
      at = next;
    }
    return at || '/';
  };
  return {
    lstat(path) {
      const node = path === '/' ? { kind: 'dir' as const } : nodes.get(path);
      if (!node) return undefined;
      return {
        kind: node.kind,
        mode: node.kind === 'dir' ? (node.mode ?? 0o755) : node.kind === 'file' ? 0o644 : 0o777,
      };
    },
    readlink(path) {
      const node = nodes.get(path);
      if (node?.kind !== 'symlink') throw new Error(`not a symlink: ${path}`);
      return node.target;
    },
    realpath: (path) => resolve(path),
  };
}

/** A merged-/usr Debian host with other people's data around it. */
const SYSTEM: Record<string, Node> = {
  '/usr/bin/true': { kind: 'file' },
  '/usr/lib/x86_64-linux-gnu/libc.so.6': { kind: 'file' },
  '/usr/share/zoneinfo/Etc/UTC': { kind: 'file' },
  '/bin': { kind: 'symlink', target: 'usr/bin' },
  '/lib': { kind: 'symlink', target: 'usr/lib' },
  '/lib64': { kind: 'symlink', target: 'usr/lib64' },
  '/usr/lib64/ld-linux-x86-64.so.2': { kind: 'file' },
  '/etc/ld.so.cache': { kind: 'file' },
  '/etc/localtime': { kind: 'symlink', target: '/usr/share/zoneinfo/Etc/UTC' },
  '/etc/passwd': { kind: 'file' },
  '/etc/ssh/ssh_config': { kind: 'file' },
  '/usr/local/etc/npmrc': { kind: 'file' },
  '/home/alice/release/queries.jsonl': { kind: 'file' },
  '/work/main/fixtures/mini-tasks/tasks.jsonl': { kind: 'file' },
  '/var/cache/execret/execution_cache.jsonl': { kind: 'file' },
  '/tmp/release/tests.jsonl': { kind: 'file' },
  '/root': { kind: 'dir', mode: 0o700 },
  '/root/.ssh/id_ed25519': { kind: 'file' },
};

/** pyenv under a 0700 /root, as on the development machine. */
const PYENV: Record<string, Node> = {
  ...SYSTEM,
  '/root/.pyenv/versions/3.11.7/bin/python3': { kind: 'symlink', target: 'python3.11' },
  '/root/.pyenv/versions/3.11.7/bin/python3.11': { kind: 'file' },
  '/root/.pyenv/versions/3.11.7/bin/pip': { kind: 'file' },
  '/root/.pyenv/versions/3.11.7/lib/libpython3.11.so.1.0': { kind: 'file' },
  '/root/.pyenv/versions/3.11.7/lib/python3.11/os.py': { kind: 'file' },
  '/root/.pyenv/versions/3.11.7/lib/python3.11/lib-dynload/math.so': { kind: 'file' },
  '/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/numpy/__init__.py': { kind: 'file' },
  '/root/.pyenv/versions/3.11.7/include/python3.11/Python.h': { kind: 'file' },
  '/root/.pyenv/shims/python3': { kind: 'file' },
};
const PREFIX = '/root/.pyenv/versions/3.11.7';
const PYENV_FOOTPRINT: InterpreterFootprint = {
  executable: `${PREFIX}/bin/python3`,
  prefixes: [PREFIX, PREFIX, PREFIX, PREFIX],
  path: [
    `${PREFIX}/lib/python311.zip`,
    `${PREFIX}/lib/python3.11`,
    `${PREFIX}/lib/python3.11/lib-dynload`,
    `${PREFIX}/lib/python3.11/site-packages`,
  ],
  site: [`${PREFIX}/lib/python3.11/site-packages`],
  tzpath: ['/usr/share/zoneinfo', '/usr/lib/zoneinfo', '/etc/zoneinfo'],
  libraries: [
    `${PREFIX}/bin/python3.11`,
    `${PREFIX}/lib/libpython3.11.so.1.0`,
    `${PREFIX}/lib/python3.11/lib-dynload/math.so`,
    '/usr/lib/x86_64-linux-gnu/libc.so.6',
    '/usr/lib/locale/C.utf8/LC_CTYPE',
  ],
};

const kinds = (mounts: readonly SandboxMount[], kind: SandboxMount['kind']): SandboxMount[] =>
  mounts.filter((m) => m.kind === kind);

describe('sandboxView', () => {
  it('shows the system, the interpreter and nothing else when the interpreter is pyenv under a 0700 /root', () => {
    const view = sandboxView(PYENV_FOOTPRINT, [], fakeFs(PYENV));
    expect(view.visible).toEqual(['/etc/ld.so.cache', `${PREFIX}/bin/python3.11`, `${PREFIX}/lib`, '/usr']);
    expect(view.leftOut).toEqual([]);
    expect(kinds(view.mounts, 'symlink')).toEqual([
      { kind: 'symlink', path: '/bin', target: 'usr/bin' },
      { kind: 'symlink', path: '/lib', target: 'usr/lib' },
      { kind: 'symlink', path: '/lib64', target: 'usr/lib64' },
      { kind: 'symlink', path: '/etc/localtime', target: '/usr/share/zoneinfo/Etc/UTC' },
      { kind: 'symlink', path: `${PREFIX}/bin/python3`, target: 'python3.11' },
    ]);
    // Ancestors keep the host's permissions: the sandbox uid can no more list /root than on the host.
    expect(kinds(view.mounts, 'dir')).toEqual([
      { kind: 'dir', path: '/etc', mode: 0o755 },
      { kind: 'dir', path: '/root', mode: 0o700 },
      { kind: 'dir', path: '/root/.pyenv', mode: 0o755 },
      { kind: 'dir', path: '/root/.pyenv/versions', mode: 0o755 },
      { kind: 'dir', path: PREFIX, mode: 0o755 },
      { kind: 'dir', path: `${PREFIX}/bin`, mode: 0o755 },
    ]);
    expect(kinds(view.mounts, 'mask')).toEqual([{ kind: 'mask', path: '/usr/local/etc' }]);
    for (const hidden of [
      '/',
      '/home',
      '/work',
      '/var',
      '/tmp',
      '/root',
      '/root/.ssh',
      '/etc',
      '/etc/passwd',
      '/root/.pyenv/shims',
      `${PREFIX}/include`,
    ]) {
      expect(
        view.visible.some((v) => v === hidden || hidden.startsWith(`${v}/`)),
        hidden,
      ).toBe(false);
    }
  });

  it('orders directories before binds before symlinks, shallowest first', () => {
    const { mounts } = sandboxView(PYENV_FOOTPRINT, [], fakeFs(PYENV));
    const rank = { dir: 0, bind: 1, mask: 2, symlink: 3 };
    for (let i = 1; i < mounts.length; i++) {
      const [a, b] = [mounts[i - 1] as SandboxMount, mounts[i] as SandboxMount];
      expect(
        rank[a.kind] < rank[b.kind] ||
          (rank[a.kind] === rank[b.kind] && a.path.split('/').length <= b.path.split('/').length),
      ).toBe(true);
    }
  });

  it('shows a virtual environment and leaves out a sys.path entry a .pth file added in a source tree', () => {
    const venv = '/work/proj/.venv';
    const tree: Record<string, Node> = {
      ...SYSTEM,
      '/usr/bin/python3.11': { kind: 'file' },
      '/usr/lib/python3.11/os.py': { kind: 'file' },
      [`${venv}/bin/python3`]: { kind: 'symlink', target: '/usr/bin/python3.11' },
      [`${venv}/bin/activate`]: { kind: 'file' },
      [`${venv}/pyvenv.cfg`]: { kind: 'file' },
      [`${venv}/lib/python3.11/site-packages/six.py`]: { kind: 'file' },
      '/work/proj/src/proj/__init__.py': { kind: 'file' },
      '/work/proj/data/tests.jsonl': { kind: 'file' },
    };
    const view = sandboxView(
      {
        executable: `${venv}/bin/python3`,
        prefixes: [venv, '/usr', venv, '/usr'],
        path: [
          '/usr/lib/python311.zip',
          '/usr/lib/python3.11',
          `${venv}/lib/python3.11/site-packages`,
          '/work/proj/src',
        ],
        site: [`${venv}/lib/python3.11/site-packages`],
        tzpath: ['/usr/share/zoneinfo'],
        libraries: ['/usr/bin/python3.11', '/usr/lib/x86_64-linux-gnu/libc.so.6'],
      },
      [],
      fakeFs(tree),
    );
    expect(view.visible).toEqual([
      '/etc/ld.so.cache',
      '/usr',
      `${venv}/lib/python3.11/site-packages`,
      `${venv}/pyvenv.cfg`,
    ]);
    expect(kinds(view.mounts, 'symlink')).toContainEqual({
      kind: 'symlink',
      path: `${venv}/bin/python3`,
      target: '/usr/bin/python3.11',
    });
    expect(view.leftOut).toEqual(['/work/proj/src']);
  });

  it('reproduces a symlinked prefix and shows what a symlink inside a bound tree points to', () => {
    const tree: Record<string, Node> = {
      ...SYSTEM,
      '/opt/python': { kind: 'symlink', target: 'python-3.12.1' },
      '/opt/python-3.12.1/bin/python3': { kind: 'file' },
      '/opt/python-3.12.1/lib/python3.12/os.py': { kind: 'file' },
      '/opt/other-vendor/secret.txt': { kind: 'file' },
      '/usr/lib/python3/dist-packages': { kind: 'symlink', target: '/srv/pkgs' },
      '/srv/pkgs/six.py': { kind: 'file' },
      '/srv/private/data.txt': { kind: 'file' },
    };
    const view = sandboxView(
      {
        executable: '/opt/python/bin/python3',
        prefixes: ['/opt/python', '/opt/python', '/opt/python', '/opt/python'],
        path: ['/opt/python/lib/python3.12', '/usr/lib/python3/dist-packages'],
        site: ['/usr/lib/python3/dist-packages'],
        tzpath: [],
        libraries: [],
      },
      [],
      fakeFs(tree),
    );
    expect(view.visible).toEqual([
      '/etc/ld.so.cache',
      '/opt/python-3.12.1/bin/python3',
      '/opt/python-3.12.1/lib/python3.12',
      '/srv/pkgs',
      '/usr',
    ]);
    expect(kinds(view.mounts, 'symlink')).toContainEqual({
      kind: 'symlink',
      path: '/opt/python',
      target: 'python-3.12.1',
    });
  });

  it('adds extra paths, without a second bind for one already shown', () => {
    const view = sandboxView(PYENV_FOOTPRINT, ['/work/main/fixtures/mini-tasks', '/usr/share/zoneinfo'], fakeFs(PYENV));
    expect(view.visible).toEqual([
      '/etc/ld.so.cache',
      `${PREFIX}/bin/python3.11`,
      `${PREFIX}/lib`,
      '/usr',
      '/work/main/fixtures/mini-tasks',
    ]);
    expect(view.visible).not.toContain('/work/main/fixtures/mini-tasks/tasks.jsonl');
  });

  it('throws when the interpreter lives under /tmp, which the sandbox replaces', () => {
    const tree: Record<string, Node> = {
      ...SYSTEM,
      '/tmp/venv/bin/python3': { kind: 'file' },
      '/tmp/venv/lib/python3.11/os.py': { kind: 'file' },
    };
    const footprint: InterpreterFootprint = {
      ...PYENV_FOOTPRINT,
      executable: '/tmp/venv/bin/python3',
      prefixes: ['/tmp/venv'],
      path: ['/tmp/venv/lib/python3.11'],
      site: [],
      libraries: [],
    };
    expect(() => sandboxView(footprint, [], fakeFs(tree))).toThrow(/\/tmp\/venv\/bin\/python3.*sandbox mounts its own/);
  });

  it('stops at a symlink loop when one is on the way', () => {
    const tree: Record<string, Node> = {
      ...PYENV,
      '/opt/a': { kind: 'symlink', target: '/opt/b' },
      '/opt/b': { kind: 'symlink', target: '/opt/a' },
    };
    const view = sandboxView({ ...PYENV_FOOTPRINT, tzpath: ['/opt/a/zoneinfo'] }, [], fakeFs(tree));
    expect(view.visible).toEqual(['/etc/ld.so.cache', `${PREFIX}/bin/python3.11`, `${PREFIX}/lib`, '/usr']);
  });

  it('shows the real interpreter of this machine and none of the repository when asked for real', async () => {
    const { footprint } = await probePython('python3');
    if (footprint instanceof Error) throw footprint;
    expect(footprint.path.length).toBeGreaterThan(0);
    const view = sandboxView(footprint, []);
    expect(view.visible).toContain('/usr');
    for (const path of view.visible) {
      expect(path.startsWith('/work') || path.startsWith('/home') || path === '/' || path === '/root', path).toBe(
        false,
      );
    }
    if (existsSync('/etc/ld.so.cache')) expect(view.visible).toContain('/etc/ld.so.cache');
  });
});

describe('isReservedPath', () => {
  it.each([
    ['/', true],
    ['/tmp', true],
    ['/tmp/x', true],
    ['/proc/self', true],
    ['/dev/shm', true],
    ['/tmpfoo', false],
    ['/usr', false],
  ])('says %s is reserved: %s', (path, reserved) => {
    expect(isReservedPath(path)).toBe(reserved);
  });
});

describe('mountArgs', () => {
  it('turns mounts into bwrap flags with octal permissions', () => {
    expect(
      mountArgs([
        { kind: 'dir', path: '/root', mode: 0o700 },
        { kind: 'bind', path: '/usr' },
        { kind: 'mask', path: '/usr/local/etc' },
        { kind: 'symlink', path: '/bin', target: 'usr/bin' },
      ]),
    ).toEqual([
      '--perms',
      '0700',
      '--dir',
      '/root',
      '--ro-bind',
      '/usr',
      '/usr',
      '--perms',
      '0555',
      '--size',
      '4096',
      '--tmpfs',
      '/usr/local/etc',
      '--remount-ro',
      '/usr/local/etc',
      '--symlink',
      'usr/bin',
      '/bin',
    ]);
  });
});
