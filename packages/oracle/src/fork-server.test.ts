import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_CAPABILITIES, SERVER_ROLE, type ServerConfig, serverBwrapArgs, serverCommand } from './fork-server.js';
import { PYTHON_DIR } from './python-files.js';

const CONFIG: ServerConfig = {
  python: '/usr/bin/python3',
  isolation: 'bwrap',
  bwrap: 'bwrap',
  uid: 65534,
  gid: 65534,
  root: true,
  view: [{ kind: 'bind', path: '/usr' }],
  memoryBytes: 1 << 30,
  maxProcesses: 64,
  maxFileBytes: 1 << 20,
  maxOpenFiles: 256,
  maxMessageBytes: 300,
  tmpfsBytes: 1 << 26,
  preloadModules: ['math'],
  startTimeoutMs: 1000,
  watchdogGraceMs: 1000,
};

function pairs(args: string[]): string[] {
  return args.map((a, i) => `${a} ${args[i + 1] ?? ''}`);
}

describe('serverBwrapArgs', () => {
  it('unshares everything but the user namespace and keeps only the needed capabilities when root', () => {
    const args = serverBwrapArgs({ root: true, tmpfsBytes: 4096, view: [] });
    for (const flag of [
      '--unshare-pid',
      '--unshare-net',
      '--unshare-ipc',
      '--unshare-uts',
      '--die-with-parent',
      '--new-session',
      '--clearenv',
    ]) {
      expect(args).toContain(flag);
    }
    expect(args).not.toContain('--unshare-user');
    expect(args).not.toContain('--unshare-all');
    expect(pairs(args)).toContain('--cap-drop ALL');
    expect(args.filter((_a, i) => args[i - 1] === '--cap-add')).toEqual([...SERVER_CAPABILITIES]);
    expect(args.join(' ')).toContain(
      '--new-session --perms 1777 --size 4096 --tmpfs /tmp --proc /proc --dev /dev --remount-ro / --clearenv',
    );
  });

  it('shows only the mounts of its view, before its own /tmp, /proc and /dev, and never the host root', () => {
    const args = serverBwrapArgs({
      root: true,
      tmpfsBytes: 4096,
      view: [
        { kind: 'dir', path: '/root', mode: 0o700 },
        { kind: 'bind', path: '/usr' },
        { kind: 'bind', path: '/root/py/lib' },
        { kind: 'symlink', path: '/bin', target: 'usr/bin' },
      ],
    });
    const text = args.join(' ');
    expect(text).toContain(
      '--new-session --perms 0700 --dir /root --ro-bind /usr /usr --ro-bind /root/py/lib /root/py/lib --symlink usr/bin /bin --perms 1777',
    );
    expect(pairs(args).filter((p) => p.startsWith('--ro-bind') || p.startsWith('--bind'))).toEqual([
      '--ro-bind /usr',
      '--ro-bind /root/py/lib',
    ]);
    expect(text).not.toMatch(/--ro-bind \/ \//);
  });

  it('uses a user namespace and no capabilities when not root', () => {
    const args = serverBwrapArgs({ root: false, tmpfsBytes: 4096, view: [] });
    expect(args).toContain('--unshare-user');
    expect(args).toContain('--disable-userns');
    expect(args).not.toContain('--cap-add');
  });
});

describe('serverCommand', () => {
  it('runs the interpreter isolated (-I) with the role marker, under bwrap or directly', () => {
    const bwrap = serverCommand(CONFIG, 42);
    expect(bwrap.command).toBe('bwrap');
    const dash = bwrap.args.indexOf('--');
    expect(bwrap.args.slice(dash + 1, dash + 3)).toEqual(['/usr/bin/python3', '-I']);
    const direct = serverCommand({ ...CONFIG, isolation: 'rlimit' }, 42);
    expect(direct.command).toBe('/usr/bin/python3');
    const settings = JSON.parse(direct.args[direct.args.length - 1] as string) as Record<string, unknown>;
    expect(settings).toMatchObject({ role: SERVER_ROLE, uid: 65534, parent_pid: 42, isolation: 'rlimit', nproc: 64 });
  });

  it('starts the entry script by path through the descriptor of the Python sources, never with -c', () => {
    for (const isolation of ['bwrap', 'rlimit'] as const) {
      const { args } = serverCommand({ ...CONFIG, isolation }, 42);
      expect(args).not.toContain('-c');
      const at = args.indexOf('-I');
      expect(args[at + 1]).toBe('/proc/self/fd/3/fork_server.py');
      expect(args).toHaveLength(at + 3);
    }
  });
});

describe('PYTHON_DIR', () => {
  it('holds Python files that are valid for the interpreter in use', () => {
    const python = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
    const files = [
      ...readdirSync(PYTHON_DIR).filter((f) => f.endsWith('.py')),
      ...readdirSync(join(PYTHON_DIR, 'execret_fork_server'))
        .filter((f) => f.endsWith('.py'))
        .map((f) => join('execret_fork_server', f)),
    ];
    expect(files).toEqual(expect.arrayContaining(['fork_server.py', 'probe.py', 'execret_fork_server/judge.py']));
    const out = execFileSync(
      python,
      [
        '-I',
        '-c',
        'import sys\nfor f in sys.argv[1:]:\n    compile(open(f, encoding="utf-8").read(), f, "exec")\nprint("ok")',
        ...files.map((f) => join(PYTHON_DIR, f)),
      ],
      { encoding: 'utf8' },
    );
    expect(out.trim()).toBe('ok');
  });
});
