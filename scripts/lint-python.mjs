// Lints every Python file the repository ships or uses (shipped sources under packages/*/python, fixture and
// reference scripts, bench harnesses) with pyflakes: undefined names, unused imports, redefinitions.
// Usage: node scripts/lint-python.mjs   (CI installs Debian's pyflakes3; `pip install pyflakes` works too)
import { execFileSync, spawnSync } from 'node:child_process';

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.py'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f !== '');
const candidates = [
  ['pyflakes3', []],
  ['pyflakes', []],
  ['python3', ['-m', 'pyflakes']],
];
for (const [command, prefix] of candidates) {
  const probe = spawnSync(command, [...prefix, '--version'], { encoding: 'utf8' });
  if (probe.status !== 0) continue;
  const result = spawnSync(command, [...prefix, ...files], { stdio: 'inherit' });
  if (result.status === 0)
    console.log(`lint:py: ${files.length} Python files clean (${command} ${prefix.join(' ')})`.trim());
  process.exit(result.status ?? 1);
}
console.error(
  'lint:py: pyflakes is not installed; install it with `apt-get install pyflakes3` (Debian) or `pip install pyflakes`',
);
process.exit(1);
