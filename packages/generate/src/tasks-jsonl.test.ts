import { describe, expect, it } from 'vitest';
import { GenerateError } from './errors.js';
import { parseTasksJsonl } from './tasks-jsonl.js';

describe('parseTasksJsonl', () => {
  it('parses one value per line and records line numbers when blank lines, BOM and CRLF occur', () => {
    const parsed = parseTasksJsonl('\uFEFF{"id":"a"}\r\n\r\n{"id":"b"}\n');
    expect(parsed).toEqual({ tasks: [{ id: 'a' }, { id: 'b' }], lines: [1, 3] });
  });

  it('throws invalid-jsonl naming the line when a line is not JSON', () => {
    let caught: unknown;
    try {
      parseTasksJsonl('{"id":"a"}\n{oops\n');
    } catch (error) {
      caught = error;
    }
    expect(GenerateError.is(caught)).toBe(true);
    expect((caught as GenerateError).code).toBe('invalid-jsonl');
    expect((caught as Error).message).toMatch(/line 2 is not valid JSON/u);
  });
});
