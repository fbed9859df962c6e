// pnpm hooks of the workspace (pnpm reads this file itself; it is not shipped).
//
// beforePacking: the manifest `pnpm pack` and `pnpm publish` put in a tarball. Inside the workspace every package
// resolves to its TypeScript sources through the `@execret/source` export condition (vitest, tsx and tsc use it);
// `src/` is not shipped, so the published manifests leave that condition out and every `exports` target is a file
// of the tarball (checked by packages/release-check).
const SOURCE_CONDITION = '@execret/source';

function withoutSourceCondition(target) {
  if (target === null || typeof target !== 'object' || Array.isArray(target)) return target;
  const out = {};
  for (const [key, value] of Object.entries(target)) {
    if (key !== SOURCE_CONDITION) out[key] = withoutSourceCondition(value);
  }
  return out;
}

module.exports = {
  hooks: {
    beforePacking(manifest) {
      if (manifest.exports !== undefined) manifest.exports = withoutSourceCondition(manifest.exports);
      return manifest;
    },
  },
};
