import { defineConfig } from 'vitest/config';

// One vitest project per workspace package. Cross-package imports resolve to sources through the
// `@execret/source` export condition, so tests never depend on a stale build.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
  },
});
