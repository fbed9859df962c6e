import { describe, expect, it } from 'vitest';
import { emptyBugCopiesReport, formatBugCopiesReport } from './copies-report.js';

describe('formatBugCopiesReport', () => {
  it('states the copies, the tasks, the drops by reason and the kinds', () => {
    const report = emptyBugCopiesReport(3, { probeInputs: 8, probeSteps: 100, probeRunMs: 50, spareRewrites: 2 });
    report.tasks = 5;
    report.copied = 4;
    report.leftOut = 1;
    report.dropped['probes-differ'] = 2;
    report.kinds.rename = 6;
    const text = formatBugCopiesReport(report);
    expect(text).toMatch(/^bug copies: 3 snippets of one bug per pool \(the original \+ 2 cosmetic copies\)$/mu);
    expect(text).toMatch(/^tasks: 5 tried, 4 copied, 1 left out \(too_few_copies\)$/mu);
    expect(text).toMatch(/^dropped by verification: tests-differ 0, probes-differ 2$/mu);
    expect(text).toMatch(/statement-order 0, operand-order 0, rename 6, reformat 0$/mu);
  });
});
