import { describe, expect, it } from 'vitest';
import { DatasetError, type DatasetIssue, formatIssue, formatIssuePath, formatIssues } from './errors.js';

const issue = (line: number): DatasetIssue => ({
  severity: 'error',
  code: 'schema-invalid-type',
  message: 'expected string, received number 3',
  file: 'data/corpus.jsonl',
  line,
  path: ['corpus_id'],
});

describe('formatIssuePath', () => {
  it.each([
    [[], '(root)'],
    [['label'], 'label'],
    [['test_suite', 3], 'test_suite[3]'],
    [['metadata', 'batch_usage', 'total_tokens'], 'metadata.batch_usage.total_tokens'],
    [['a vs b', 'exec@1', 'a_only'], '["a vs b"]["exec@1"].a_only'],
  ] as const)('renders %j as %s', (path, expected) => {
    expect(formatIssuePath(path)).toBe(expected);
  });
});

describe('formatIssue', () => {
  it('prints file:line path: message [code]', () => {
    expect(formatIssue(issue(7))).toBe(
      'error data/corpus.jsonl:7 corpus_id: expected string, received number 3 [schema-invalid-type]',
    );
  });

  it('names the query and snippet when there is no path', () => {
    expect(formatIssue({ severity: 'warning', code: 'x', message: 'm', queryId: 'q_1', corpusId: 'c_2' })).toBe(
      'warning q_1/c_2: m [x]',
    );
  });
});

describe('formatIssues', () => {
  it('prints at most max issues and says how many more there are', () => {
    const text = formatIssues([issue(1), issue(2), issue(3)], 2);
    expect(text.split('\n')).toHaveLength(3);
    expect(text).toContain('... and 1 more issue');
  });
});

describe('DatasetError', () => {
  it('lists its issues in the message when issues are attached', () => {
    const error = new DatasetError('schema', 'bad rows:', { issues: [issue(4), issue(9)], omittedIssues: 5 });
    expect(error.message).toMatch(/^@execret\/dataset: bad rows:/);
    expect(error.message).toContain('data/corpus.jsonl:4 corpus_id');
    expect(error.message).toContain('data/corpus.jsonl:9 corpus_id');
    expect(error.message).toContain('5 further issues not collected');
    expect(error.code).toBe('schema');
    expect(error.issues).toHaveLength(2);
  });

  it('is recognised by DatasetError.is without instanceof and keeps its cause', () => {
    const cause = new Error('disk');
    const error = new DatasetError('io', 'x', { cause });
    expect(DatasetError.is(error)).toBe(true);
    expect(DatasetError.is({ name: 'DatasetError', code: 'io', message: 'x' })).toBe(false);
    expect(DatasetError.is(new Error('x'))).toBe(false);
    expect(DatasetError.is(null)).toBe(false);
    expect(error.cause).toBe(cause);
  });
});
