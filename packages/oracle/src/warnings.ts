import type { OracleJudging } from './judging.js';
import type { SandboxView } from './sandbox-view.js';
import type { OracleIsolation } from './types.js';

/**
 * Plain-language statements of what a configuration does *not* contain (`oracle.info.warnings`): no
 * bubblewrap, `sys.path` entries the sandbox does not show, `sandboxPaths`, no root, `judging: 'child'`.
 *
 * @example
 * oracleWarnings({ isolation: 'bwrap', view, sandboxPaths: [], root: true, uid: 0, judging: 'split', scratchDirs: [] }); // []
 * @internal
 */
export function oracleWarnings(setting: {
  isolation: OracleIsolation;
  view: SandboxView | undefined;
  sandboxPaths: readonly string[];
  root: boolean;
  /** The calling user's uid (for the message when not root). */
  uid: number | undefined;
  judging: OracleJudging;
  /** Directories each job child covers with a private tmpfs (rlimit as root; see scratch.py). */
  scratchDirs: readonly string[];
  /** Why the servers have no control groups of their own, when they have none. */
  noCgroup?: { reason: string; memoryMb: number; maxProcesses: number };
}): string[] {
  const { isolation, view, sandboxPaths, root, judging } = setting;
  const warnings: string[] = [];
  if (isolation === 'rlimit') {
    warnings.push(
      `no bubblewrap: snippets can open network connections, read every file the sandbox uid can read (the whole host filesystem: a dataset, test suite or execution cache in a world-readable file gives a snippet the expected values, so it can forge split-judged passes; keep them unreadable by others, e.g. chmod o-r, and run as root so the children drop to the sandbox uid), and write to world-writable host directories (${setting.scratchDirs.length > 0 ? `each job has private, empty ${setting.scratchDirs.join(', ')} that disappear with it; others stay writable` : 'top-level entries of the sandbox uid are removed after each job'})${sandboxPaths.length > 0 ? '; sandboxPaths has no effect' : ''}`,
    );
  } else if (view) {
    if (view.leftOut.length > 0) {
      warnings.push(
        `sys.path entries outside the interpreter's installation are not visible in the sandbox, so imports from them fail: ${view.leftOut.join(', ')}; add them to sandboxPaths if snippets need them (everything below them becomes readable)`,
      );
    }
    if (sandboxPaths.length > 0)
      warnings.push(`sandboxPaths: every snippet can read everything below ${sandboxPaths.join(', ')}`);
  }
  if (!root && isolation === 'rlimit') {
    warnings.push(
      `not running as root: children run as the calling user (uid ${setting.uid ?? '?'}), so they can read and write its files, read the environment of its processes and signal them (this Node process included), and RLIMIT_NPROC counts all its processes; unless the kernel forbids it (yama ptrace_scope >= 1) they can also read the memory of its processes, this Node process and its job queue included, so split judging guarantees nothing against a hostile snippet here`,
    );
  } else if (!root) {
    warnings.push(
      'not running as root: children have the uid of their fork server inside the sandbox, so a snippet can kill its server (the job is blamed and the server replaced)',
    );
  }
  if (setting.noCgroup) {
    const { reason, memoryMb, maxProcesses } = setting.noCgroup;
    warnings.push(
      `no control group per server (${reason}): memoryMb limits each process of a job, so a job of ${maxProcesses} processes can hold up to ${maxProcesses} × ${memoryMb} MiB`,
    );
  }
  if (judging === 'child') {
    warnings.push(
      "judging 'child': every verdict is decided inside the sandboxed child, so a snippet written against this oracle can forge a pass for any test (see the README's threat model)",
    );
  }
  return warnings;
}
