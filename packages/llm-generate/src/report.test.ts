import { describe, expect, it } from 'vitest';
import { formatGenerateReport, type GenerateReport } from './report.js';

const report: GenerateReport = {
  generator: '@execret/llm-generate',
  generatorVersion: '0.1.0',
  model: 'gpt-x',
  mode: 'locked',
  promptVersion: 'execret-llm-generate/1',
  promptSha256: 'abcdef0123456789'.repeat(4),
  endpoint: 'https://api.example.com/v1',
  batch: false,
  settings: {
    maxAttempts: 3,
    concurrency: 4,
    rewrites: null,
    maxEditLines: 3,
    maxEditChars: 120,
    minDistractors: 1,
    maxDistractors: 4,
    minTests: 7,
    maxTests: 10,
    responseFormat: 'json_schema',
    requestOptions: {},
  },
  registry: { entries: 3, duplicates: [] },
  entries: { total: 3, accepted: 2, rejected: 0, integrityRejected: 0, errored: 1, resumed: 0 },
  firstAttemptValidationRate: 0.5,
  finalValidationRate: 1,
  attempts: { total: 3, acceptedAt: { '1': 1, '2': 1 } },
  rejectionReasons: { 'reply/malformed_json': 1 },
  finalRejectionReasons: {},
  distractors: {
    statuses: { kept: 8, accidentally_correct: 0, invalid: 0, not_judged: 0, surplus: 0 },
    accidentalCorrectRate: 0,
  },
  tokens: {
    chat: { promptTokens: 1000, completionTokens: 500 },
    batch: { promptTokens: 0, completionTokens: 0 },
    total: 1500,
  },
  costUsd: 0.0123,
  price: { inputUsdPerMillion: 1, outputUsdPerMillion: 2 },
  dataset: { queries: 2, corpus: 10, distractors: 8 },
  datasetCheck: { ok: true, errors: 0, warnings: 0, messages: [] },
  files: ['out/data/corpus.jsonl'],
  warnings: ['batch b: x has no result'],
  perEntry: [
    {
      id: 'c',
      function_name: 'c',
      status: 'error',
      attempts: 0,
      firstAttemptOk: null,
      reasons: [],
      error: 'HTTP 503: busy',
      resumed: false,
    },
  ],
};

describe('formatGenerateReport', () => {
  it('prints rates, reasons, tokens, cost, warnings and request errors', () => {
    const text = formatGenerateReport(report);
    expect(text).toContain(
      'model gpt-x (locked, prompt execret-llm-generate/1 abcdef012345) at https://api.example.com/v1',
    );
    expect(text).toContain('entries 3: 2 accepted, 0 rejected (0 by the integrity pass), 1 errored (0 resumed)');
    expect(text).toContain('tests per entry: 7–10');
    expect(text).toContain('validation: first attempt 50.0%, final 100.0%');
    expect(text).toContain('      1  reply/malformed_json');
    expect(text).toContain('tokens: prompt 1000, completion 500 (batch 0); cost $0.0123');
    expect(text).toContain('warning: batch b: x has no result');
    expect(text).toContain('error: c: HTTP 503: busy');
  });

  it('prints n/a for rates and cost that cannot be computed', () => {
    const text = formatGenerateReport({ ...report, firstAttemptValidationRate: null, costUsd: null, price: null });
    expect(text).toContain('first attempt n/a');
    expect(text).toContain('cost n/a (no price for this model)');
  });
});
