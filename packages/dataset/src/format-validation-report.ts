/**
 * `formatValidationReport`: a validation report as plain text for the command line.
 */

import { formatIssues } from './errors.js';
import type { ValidationReport } from './validation-report.js';

function table(header: string[], rows: (string | number)[][], rightAlign: boolean[]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  return cells
    .map((r) =>
      r
        .map((cell, i) => (rightAlign[i] ? cell.padStart(widths[i] as number) : cell.padEnd(widths[i] as number)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/**
 * Renders a validation report as plain text: a headline, the counts per domain and per bug type, execution
 * verdicts, the table of checks, and the first `maxIssues` issues.
 *
 * @example
 * console.log(formatValidationReport(validationReport(benchmark)));
 * // ExecRetrieval validation: OK (0 errors, 0 warnings) — 939 queries, 4694 snippets (939 canonicals, 3755 distractors)
 * // domain            queries  canonicals  distractors
 * // ...
 */
export function formatValidationReport(report: ValidationReport, maxIssues = 20): string {
  const s = report.summary;
  const errors = report.checks.reduce((n, c) => n + c.errors, 0);
  const warnings = report.checks.reduce((n, c) => n + c.warnings, 0);
  const out: string[] = [];
  out.push(
    `ExecRetrieval validation: ${report.ok ? 'OK' : 'FAILED'} (${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}) — ${s.queries} queries, ${s.snippets} snippets (${s.canonicals} canonicals, ${s.distractors} distractors)`,
  );
  out.push('');
  out.push(
    table(
      ['domain', 'queries', 'canonicals', 'distractors'],
      [
        ...s.perDomain.map((d) => [d.domain ?? '(none)', d.queries, d.canonicals, d.distractors]),
        ['total', s.queries, s.perDomain.reduce((n, d) => n + d.canonicals, 0), s.distractors],
      ],
      [false, true, true, true],
    ),
  );
  out.push('');
  out.push(
    table(
      ['bug type', 'distractors', 'documented'],
      s.perBugType.map((t) => [t.bugType ?? '(none)', t.distractors, t.documented ? 'yes' : 'no']),
      [false, true, false],
    ),
  );
  out.push('');
  out.push(
    `distractors per query: ${
      s.distractorsPerQuery
        .map((n, k) => (n > 0 ? `${k}×${n}` : ''))
        .filter(Boolean)
        .join(', ') || '-'
    }`,
  );
  out.push(
    `tests per query: ${
      s.testsPerQuery
        .map((n, k) => (n > 0 ? `${k}×${n}` : ''))
        .filter(Boolean)
        .join(', ') || '-'
    }`,
  );
  if (s.execution) {
    const e = s.execution;
    out.push(
      `execution: canonicals pass ${e.canonicalsPass}, fail ${e.canonicalsFail}, not cached ${e.canonicalsMissing}; distractors fail ${e.distractorsFail}, pass ${e.distractorsPass}, not cached ${e.distractorsMissing}`,
    );
  } else out.push('execution: no execution cache, verdict checks skipped');
  out.push('');
  out.push(
    table(
      ['check', 'status', 'checked', 'errors', 'warnings'],
      report.checks.map((c) => [c.id, c.status, c.checked, c.errors, c.warnings]),
      [false, false, true, true, true],
    ),
  );
  if (report.issues.length > 0) {
    out.push('');
    out.push(formatIssues(report.issues, maxIssues));
    if (report.omittedIssues > 0) out.push(`(${report.omittedIssues} further issues not stored)`);
  }
  return out.join('\n');
}
