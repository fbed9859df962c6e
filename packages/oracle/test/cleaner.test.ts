// The cleaner's removal kernel (python/execret_fork_server/cleaner.py), driven directly with the real
// interpreter on trees a hostile job could leave: deeper than any recursion limit, locked, full of symlinks
// to a host directory; and, run as another uid, a tree it has no right to.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PYTHON_DIR } from '../src/python-files.js';

const ROOT = process.getuid?.() === 0;
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync('/var/tmp/execret-cleaner-');
  made.push(dir);
  return dir;
}

/** Runs `body` (Python, with `cleaner` imported) and returns what it prints, parsed as JSON. */
function python(body: string): unknown {
  const script = [
    'import sys',
    'sys.dont_write_bytecode = True',
    'import json, os',
    `sys.path.insert(0, ${JSON.stringify(PYTHON_DIR)})`,
    'from execret_fork_server import cleaner',
    body,
  ].join('\n');
  return JSON.parse(execFileSync('python3', ['-I', '-c', script], { encoding: 'utf8' }));
}

describe('cleaner.clean', () => {
  it('removes a tree 20,000 levels deep, with locked directories and files on the way, without recursion', () => {
    const litter = scratch();
    const out = python(
      [
        `os.chdir(${JSON.stringify(litter)})`,
        'os.mkdir("top")',
        'os.chdir("top")',
        'for i in range(20000):',
        '    os.mkdir("d")',
        '    if i % 1000 == 0:',
        '        open("f", "w").close()',
        '        os.mkdir("locked")',
        '        os.chmod("locked", 0)',
        '    os.chdir("d")',
        'os.chmod(".", 0)',
        'os.chdir("/")',
        `print(json.dumps(cleaner.clean([${JSON.stringify(litter)}], True, os.getuid())))`,
      ].join('\n'),
    ) as [number, number];
    expect(out[1]).toBe(0);
    expect(out[0]).toBe(20000 + 1 + 2 * 20);
    expect(readdirSync(litter)).toEqual([]);
  }, 120_000); // ~1 s here when the machine is quiet; 40,000 mkdir/rmdir calls take far longer on a loaded disk

  it('never follows a symlink: a host directory the tree links to keeps its files and mode', () => {
    const litter = scratch();
    const host = scratch();
    mkdirSync(join(host, 'sub'));
    writeFileSync(join(host, 'keep'), 'keep');
    chmodSync(host, 0o755);
    const out = python(
      [
        `os.chdir(${JSON.stringify(litter)})`,
        `os.symlink(${JSON.stringify(host)}, "top-link")`,
        'os.mkdir("t")',
        `os.symlink(${JSON.stringify(host)}, "t/link")`,
        `os.symlink(${JSON.stringify(join(host, 'sub'))}, "t/sub")`,
        'os.mkdir("t/locked")',
        `os.symlink(${JSON.stringify(host)}, "t/locked/link")`,
        'os.chmod("t/locked", 0)',
        'os.chdir("/")',
        `print(json.dumps(cleaner.clean([${JSON.stringify(litter)}], True, os.getuid())))`,
      ].join('\n'),
    ) as [number, number];
    expect(out).toEqual([6, 0]);
    expect(readdirSync(litter)).toEqual([]);
    expect(readdirSync(host).sort()).toEqual(['keep', 'sub']);
    expect((statSync(host).mode & 0o7777).toString(8)).toBe('755');
    expect((statSync(join(host, 'sub')).mode & 0o7777).toString(8)).toBe('755');
  });

  it.skipIf(!ROOT)('as the job uid, leaves what that uid may not remove and counts it as left', () => {
    const litter = scratch();
    chmodSync(litter, 0o1777);
    // A root-owned, locked directory with a file: a job of another uid could not have made it, and the
    // cleaner, having taken the job's uid, cannot touch it.
    mkdirSync(join(litter, 'roots'));
    writeFileSync(join(litter, 'roots', 'keep'), 'keep');
    chmodSync(join(litter, 'roots'), 0o700);
    const out = python(
      [
        'os.setgroups([])',
        'os.setgid(65010)',
        'os.setuid(65010)',
        `os.mkdir(${JSON.stringify(join(litter, 'mine'))})`,
        `print(json.dumps(cleaner.clean([${JSON.stringify(litter)}], True, 65010)))`,
      ].join('\n'),
    ) as [number, number];
    expect(out).toEqual([1, 1]);
    expect(existsSync(join(litter, 'roots', 'keep'))).toBe(true);
    expect(existsSync(join(litter, 'mine'))).toBe(false);
  });
});
