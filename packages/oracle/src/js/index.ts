export {
  DEFAULT_JS_ENGINE,
  DEFAULT_JS_JOBS_PER_INSTANCE,
  DEFAULT_JS_MAX_CONCURRENCY,
  DEFAULT_JS_MAX_PROCESSES,
  DEFAULT_JS_MAX_SUITE_BYTES,
  DEFAULT_JS_MEMORY_MB,
  DEFAULT_JS_PROCESS_OVERHEAD_MB,
  DEFAULT_JS_SANDBOX_UID,
  DEFAULT_JS_STACK_BYTES,
  DEFAULT_JS_STAGING_DIR,
  DEFAULT_JS_WASM_HEADROOM_MB,
  DEFAULT_JS_WATCHDOG_GRACE_MS,
  JS_VALUE_LIMITS,
} from './defaults.js';
export { createJsRunner } from './js-runner.js';
export type {
  JsEngine,
  JsIsolation,
  JsJob,
  JsProgress,
  JsResult,
  JsRunManyOptions,
  JsRunner,
  JsRunnerInfo,
  JsRunnerOptions,
  JsRunnerStats,
  JsRunOptions,
} from './types.js';
