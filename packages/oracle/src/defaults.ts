/** Defaults of `createOracle`, exported so that reports can record them. */

/** Wall-clock budget of one suite (all its tests together), in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 5000;

/** Address-space limit (`RLIMIT_AS`) of each sandboxed child, in MiB; the forked interpreter counts. */
export const DEFAULT_MEMORY_MB = 1024;

/** Requested isolation: bubblewrap when it passes its self-test, rlimits only otherwise. */
export const DEFAULT_ISOLATION = 'auto' as const;

/**
 * Judging: comparison and truthiness asserts are judged by the fork server from the values the child
 * reports, rebuilt out of the server's own types (the child never sees the expected value, and no code of
 * the snippet takes part in the verdict); other tests inside the child.
 */
export const DEFAULT_JUDGING = 'split' as const;

/**
 * Processes and threads (`RLIMIT_NPROC`) the sandbox uid may have at once. When the oracle does not run
 * as root (no uid to drop to), the limit is this many *on top of* the processes the user already had
 * when the server started.
 */
export const DEFAULT_MAX_PROCESSES = 64;

/** Largest file a child may write (`RLIMIT_FSIZE`), in bytes. */
export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

/** Open file descriptors per child (`RLIMIT_NOFILE`). */
export const DEFAULT_MAX_OPEN_FILES = 256;

/** Longest message kept in a `FAIL: <msg>` or `ERROR:<Type>: <msg>` outcome, in UTF-8 bytes. */
export const DEFAULT_MAX_MESSAGE_BYTES = 300;

/** Size of the private tmpfs mounted on /tmp under bubblewrap, in bytes (cleaned after every job). */
export const DEFAULT_TMPFS_BYTES = 64 * 1024 * 1024;

/**
 * Highest uid (and gid) the children drop to when the oracle runs as root. Each server takes a uid of its
 * own at or below it, leased host-wide for the oracle's lifetime (skipping uids another oracle holds or
 * any process runs as, such as a daemon running as `nobody`), so concurrent jobs never share a uid, even
 * across oracles: they cannot signal or trace each other, and each has its own `RLIMIT_NPROC` count.
 * 65534 is `nobody`; the uids below it fall in the range Debian reserves (65000–65533) and are not
 * expected to own anything.
 */
export const DEFAULT_SANDBOX_UID = 65534;

/** Snippets larger than this (UTF-8 bytes) are not executed: every test gets `ERROR:OracleLimit: …`. */
export const DEFAULT_MAX_CODE_BYTES = 1024 * 1024;

/**
 * Most tests in one job: a job with more is not executed, and every one of its tests gets
 * `ERROR:OracleLimit: …` (an error result, not a rejected call).
 */
export const DEFAULT_MAX_TESTS = 1000;

/**
 * Most UTF-8 bytes of a job's tests, all of them together: a job with more is not executed, and every one
 * of its tests gets `ERROR:OracleLimit: …`. Bounds what the judge parses and compiles per job (test suites
 * are untrusted too: a pathological test of this size costs the judge up to about a second, see the
 * README).
 */
export const DEFAULT_MAX_SUITE_BYTES = 64 * 1024;

/** Interpreter start plus hello, per fork server, in milliseconds. */
export const DEFAULT_START_TIMEOUT_MS = 30_000;

/**
 * Extra time past a suite's budget before a fork server that has not answered is presumed stuck and
 * killed (its job then gets `ERROR:OracleServerLost`), in milliseconds.
 */
export const DEFAULT_WATCHDOG_GRACE_MS = 5000;

/**
 * Standard-library modules imported once by every fork server before it forks: a snippet that imports
 * them pays nothing, and they stay importable even where the sandbox uid cannot read the interpreter's
 * files. Others are imported on demand inside the child as usual.
 */
export const DEFAULT_PRELOAD_MODULES: readonly string[] = [
  'abc',
  'array',
  'base64',
  'binascii',
  'bisect',
  'calendar',
  'cmath',
  'codecs',
  'collections',
  'collections.abc',
  'contextlib',
  'copy',
  'csv',
  'dataclasses',
  'datetime',
  'decimal',
  'difflib',
  'enum',
  'fnmatch',
  'fractions',
  'functools',
  'hashlib',
  'heapq',
  'html',
  'io',
  'ipaddress',
  'itertools',
  'json',
  'math',
  'numbers',
  'operator',
  'pprint',
  'queue',
  'random',
  're',
  'secrets',
  'statistics',
  'string',
  'struct',
  'textwrap',
  'threading',
  'time',
  'types',
  'typing',
  'unicodedata',
  'urllib.parse',
  'uuid',
  'weakref',
  'zlib',
  'zoneinfo',
];
