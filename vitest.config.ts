import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One vitest project per workspace package. Cross-package imports resolve to sources through the
// `@execret/source` export condition, so tests never depend on a stale build.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    // Two test files at a time even on two cores (vitest's default there is one): most of the slow files wait on
    // sandboxes, child processes and the scheduler, not on a core. The whole suite: 12 min with one, 7 with two,
    // every test passing under the load of both (tests that spawn processes carry bounds sized for a busy machine).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
