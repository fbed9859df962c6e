// `pnpm --filter @execret/release-check check [--keep]`: packs every publishable package, prints each tarball's files
// and sizes and any problem, then installs the tarballs into an unrelated npm project and uses them from ESM,
// CommonJS and strict TypeScript. Exit code 1 when anything fails. Build first (`pnpm build`).
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { formatPackReport, packWorkspace } from '../src/check-release.js';
import { packedInstall } from '../src/packed-install.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const started = performance.now();
const { folder, reports } = await packWorkspace(root);
try {
  process.stdout.write(`${formatPackReport(reports)}\n`);
  if (reports.some((r) => r.problems.length > 0)) {
    process.exitCode = 1;
  } else {
    await packedInstall(
      reports.map((r) => r.packed.tarball),
      reports.map((r) => r.packed.name),
      {
        keep: process.argv.includes('--keep'),
        onStep: (step) => process.stdout.write(`\n${step.name} (${step.seconds.toFixed(1)} s)\n${step.output}\n`),
      },
    );
    process.stdout.write(`\nrelease check passed in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
} finally {
  await rm(folder, { recursive: true, force: true });
}
