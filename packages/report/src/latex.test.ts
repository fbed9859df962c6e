import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeLatex, leaderboardLatex, significanceLatex } from './latex.js';

function hasPdflatex(): boolean {
  try {
    execFileSync('pdflatex', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const ROWS = [
  {
    model: 'bm25>>exec/consensus',
    metrics: { 'exec@1': 0.38, 'exec@3': 0.67, 'exec@5': 0.72, 'exec@10': 0.82, 'ndcg@1': 0.38, 'ndcg@10': 0.59155 },
  },
  {
    model: 'my_model #2 & 50%',
    metrics: { 'exec@1': 0.02, 'exec@3': 0.25, 'exec@5': 0.71, 'exec@10': 0.82, 'ndcg@1': 0.02 },
  },
];
const INTERVALS = {
  'bm25>>exec/consensus': { 'exec@1': { ci95_low: 0.29, ci95_high: 0.470_25 } },
  'my_model #2 & 50%': { 'exec@1': { ci95_low: 0, ci95_high: 0.05 } },
};
const PAIRWISE = {
  'bm25>>exec/consensus vs my_model #2 & 50%': {
    'exec@1': {
      a_only: 37,
      b_only: 1,
      both: 1,
      neither: 61,
      a_rate: 0.38,
      b_rate: 0.02,
      delta: 0.36,
      mcnemar_exact_p: 2.8e-10,
      mcnemar_exact_p_holm: 2.8e-10,
      bootstrap_ci_95: [0.27, 0.45],
    },
  },
};

describe('escapeLatex', () => {
  it.each([
    ['bm25>>exec/consensus', 'bm25\\textgreater{}\\textgreater{}exec/consensus'],
    ['a_b & c % d # e $ f', 'a\\_b \\& c \\% d \\# e \\$ f'],
    ['{x}~^\\|<', '\\{x\\}\\textasciitilde{}\\textasciicircum{}\\textbackslash{}\\textbar{}\\textless{}'],
    ['openai/text-embedding-3-large', 'openai/text-embedding-3-large'],
  ])('escapes %s', (text, expected) => {
    expect(escapeLatex(text)).toBe(expected);
  });
});

describe('leaderboardLatex', () => {
  it('formats means and intervals with 4 decimals, as leaderboard.md, intervals on the line below', () => {
    const tex = leaderboardLatex(ROWS, INTERVALS, { queries: 100, resamples: 5000 });
    expect(tex).toContain('\\toprule');
    expect(tex).toContain(
      'bm25\\textgreater{}\\textgreater{}exec/consensus & 0.3800 & 0.6700 & 0.7200 & 0.8200 & 0.5916 \\\\\n & {\\tiny [0.2900, 0.4703]} &  &  &  &  \\\\[2pt]',
    );
    expect(tex).toContain('my\\_model \\#2 \\& 50\\% & 0.0200 & 0.2500 & 0.7100 & 0.8200 & -- \\\\');
    expect(tex).toContain('mean over 100 queries');
  });

  it('has one line per system when there are no intervals', () => {
    const tex = leaderboardLatex(ROWS.slice(0, 1), {}, { queries: 100, resamples: 5000 });
    expect(tex).not.toContain('\\tiny');
  });
});

describe('significanceLatex', () => {
  it('gives the difference, discordant counts, exact and corrected p, and marks what survives the correction', () => {
    const tex = significanceLatex(PAIRWISE);
    expect(tex).toContain(
      'bm25\\textgreater{}\\textgreater{}exec/consensus & my\\_model \\#2 \\& 50\\% & +0.3600 & 37/1 & $<$0.0001 & $<$0.0001$^{*}$ \\\\\n & & {\\tiny [0.2700, 0.4500]} & & & \\\\[2pt]',
    );
    expect(tex).toContain("after Holm's correction over all pairs");
  });

  it('says so when the comparison used no correction, and when there is no pair', () => {
    const plain = { 'a vs b': { 'exec@1': { a_only: 3, b_only: 2, delta: 0.01, mcnemar_exact_p: 1 } } };
    const tex = significanceLatex(plain);
    expect(tex).toContain('without correction');
    expect(tex).toContain('a & b & +0.0100 & 3/2 & 1.0000 \\\\');
    expect(significanceLatex({})).toContain('(one system: no pairs)');
  });
});

describe('the LaTeX tables in a minimal document', () => {
  it.skipIf(!hasPdflatex())(
    'compile with pdflatex and only booktabs',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'execret-latex-'));
      try {
        writeFileSync(
          join(dir, 'leaderboard.tex'),
          leaderboardLatex(ROWS, INTERVALS, { queries: 100, resamples: 5000 }),
        );
        writeFileSync(join(dir, 'significance.tex'), significanceLatex(PAIRWISE));
        writeFileSync(
          join(dir, 'paper.tex'),
          '\\documentclass{article}\n\\usepackage{booktabs}\n\\begin{document}\n\\input{leaderboard}\n\\input{significance}\n\\end{document}\n',
        );
        execFileSync('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'paper.tex'], {
          cwd: dir,
          stdio: 'pipe',
          env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir },
        });
        expect(readFileSync(join(dir, 'paper.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
        const log = readFileSync(join(dir, 'paper.log'), 'utf8');
        expect(log).not.toMatch(/^! /m);
        expect(log).not.toMatch(/Undefined control sequence|Missing \$ inserted/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
