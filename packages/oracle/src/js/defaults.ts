/**
 * Defaults of `createJsRunner` that differ from the Python oracle's (those it shares, such as
 * `DEFAULT_TIMEOUT_MS` and `DEFAULT_MAX_MESSAGE_BYTES`, come from `../defaults.ts`). Exported so that
 * reports can record them.
 */

/**
 * Engine: QuickJS in WebAssembly in a sandboxed host process (measured 20× less CPU and 32–74× less wall
 * time per job than a node per job in the same sandbox; see README-js.md).
 */
export const DEFAULT_JS_ENGINE = 'quickjs' as const;

/** Memory of one job in MiB: QuickJS heap limit, or V8 old-space limit under the `node` engine. */
export const DEFAULT_JS_MEMORY_MB = 512;

/**
 * What an engine process may use besides the job's memory (node itself, V8, compiled WebAssembly), in
 * MiB; `RLIMIT_DATA` is `memoryMb` plus this (plus the WebAssembly headroom under QuickJS).
 */
export const DEFAULT_JS_PROCESS_OVERHEAD_MB = 512;

/** Headroom of the WebAssembly memory over the QuickJS heap limit (QuickJS's 5 MiB stack, static data, fragmentation), in MiB. */
export const DEFAULT_JS_WASM_HEADROOM_MB = 64;

/** QuickJS's own stack limit, in bytes (the WebAssembly module's stack is 5 MiB; the host runs with a 64 MiB native stack). */
export const DEFAULT_JS_STACK_BYTES = 2 * 1024 * 1024;

/** Jobs a QuickJS WebAssembly instance serves before it is replaced (each test always gets a fresh runtime). */
export const DEFAULT_JS_JOBS_PER_INSTANCE = 64;

/** Time past a job's budget before its engine process is killed and the unfinished tests get `TIMEOUT`, in ms. */
export const DEFAULT_JS_WATCHDOG_GRACE_MS = 1000;

/**
 * Most UTF-8 bytes of a job's tests, all together; a job with more is not run and every test gets
 * `ERROR:OracleLimit: …`.
 */
export const DEFAULT_JS_MAX_SUITE_BYTES = 64 * 1024;

/** `RLIMIT_NPROC` of an engine process's uid when running as root (node itself needs ~11 threads). */
export const DEFAULT_JS_MAX_PROCESSES = 64;

/**
 * First sandbox uid when running as root; engine process slot i uses `DEFAULT_JS_SANDBOX_UID - i`. Below
 * the Python oracle's range (65534 downwards, one per fork server), inside Debian's reserved 65000–65533.
 */
export const DEFAULT_JS_SANDBOX_UID = 65400;

/** Most engine processes a runner uses by default (`concurrency` defaults to the cores, up to this). */
export const DEFAULT_JS_MAX_CONCURRENCY = 4;

/** Limits of a value the sandbox reports for a split test (beyond them the test is `ERROR:Unjudgeable`). */
export const JS_VALUE_LIMITS = Object.freeze({ maxNodes: 100_000, maxDepth: 100, maxChars: 1024 * 1024 });

/**
 * Folder in which a runner makes its private copy of the engine files (its `js/` scripts and the QuickJS
 * packages) when it starts, removed when it closes: engine processes run as an unprivileged uid and open only
 * that copy, so the checkout may be in a folder they cannot enter (mode 0700). A fixed path, never read
 * from the environment; it must be reachable by other users and safe from them (root-owned or yours, sticky
 * when writable by others), as `/tmp` is.
 */
export const DEFAULT_JS_STAGING_DIR = '/tmp';
