// Packs every publishable package as `pnpm publish` would and checks what a user gets. Needs the builds (`pnpm test`
// builds first), npm, and npm's cache or registry for third-party dependencies.
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PackedReport, packWorkspace } from '../src/check-release.js';
import { packedInstall } from '../src/packed-install.js';
import { publishablePackages } from '../src/workspace-packages.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const names = (await publishablePackages(root)).map((p) => p.name);
let folder: string;
let reports: PackedReport[];

beforeAll(async () => {
  ({ folder, reports } = await packWorkspace(root));
}, 300_000);

afterAll(async () => {
  if (folder !== undefined) await rm(folder, { recursive: true, force: true });
});

describe('the published tarballs', () => {
  it.each(names)('%s holds what running and type-checking it needs, and nothing else', (name) => {
    const report = reports.find((r) => r.packed.name === name);
    expect(report?.problems.map((p) => p.message)).toEqual([]);
  });

  it('install from the tarballs into an unrelated npm project and work from ESM, CommonJS and strict TypeScript', async () => {
    const steps = await packedInstall(
      reports.map((r) => r.packed.tarball),
      reports.map((r) => r.packed.name),
    );
    expect(steps.map((s) => s.name)).toEqual(['npm install', 'ESM and CommonJS', 'types, NodeNext', 'types, Bundler']);
    const smoke = steps[1]!.output;
    for (const system of ['esm', 'cjs']) {
      expect(smoke).toContain(`${system} ok McNemar exact p for 3/12 discordant pairs = 0.03515625`);
      expect(smoke).toContain(`${system} ok BM25 and top-k answer`);
      expect(smoke).toMatch(new RegExp(`${system} ok the oracle runs a job: pass`));
    }
  }, 900_000);
});
