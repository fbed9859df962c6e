import { describe, expect, it } from 'vitest';
import { readPythonExpectedValue } from '../python/expected-value.js';
import { parseChatModelId } from './chat-model-id.js';
import { parseProbeReply } from './parse-probe-reply.js';
import { parseTestsReply } from './parse-tests-reply.js';
import { probeMessages } from './probe-prompt.js';
import { replyJson } from './reply-json.js';
import { testsMessages } from './tests-prompt.js';

describe('parseTestsReply', () => {
  it.each([
    ['{"tests": ["assert f(1) == 2", 3, " assert f(0) == 0 "]}', ['assert f(1) == 2', 'assert f(0) == 0'], 'json'],
    ['Here:\n```json\n{"tests": ["assert f(1) == 2"]}\n```', ['assert f(1) == 2'], 'json'],
    ['```python\nassert f(1) == 2\nx = 1\n  assert f(2) == 4\n```', ['assert f(1) == 2', 'assert f(2) == 4'], 'lines'],
    ['I cannot help with that.', [], 'none'],
    ['{"tests": ["assert f(1) == 2", "assert f(2', [], 'none'],
    ['{"tests": [\n"assert f(1) == 2",\nassert f(2) == 4', ['assert f(2) == 4'], 'lines'],
  ])('reads %j', (content, tests, format) => {
    expect(parseTestsReply(content)).toEqual({ tests, format });
  });

  it('gives no tests when the content is null (a refusal)', () => {
    expect(parseTestsReply(null)).toEqual({ tests: [], format: 'none' });
  });
});

describe('parseProbeReply', () => {
  it('aligns answers with the questions and rejects what it cannot use', () => {
    const r = parseProbeReply(
      '{"answers": [{"id": 1, "returns": "3"}, {"id": "2", "raises": "ValueError"}, {"id": 3, "returns": "f(1)"}, {"id": 1, "returns": "4"}, {"id": 9, "returns": "1"}, {"id": 4, "returns": null}]}',
      5,
      readPythonExpectedValue,
    );
    expect(r.answers).toEqual([{ returns: '3' }, { raises: 'ValueError' }, null, { returns: 'None' }, null]);
    expect(r.rejected).toBe(3);
  });

  it('answers nothing when the reply has no JSON', () => {
    expect(parseProbeReply('sorry', 2, readPythonExpectedValue)).toEqual({ answers: [null, null], rejected: 0 });
    expect(parseProbeReply(null, 1, readPythonExpectedValue)).toEqual({ answers: [null], rejected: 0 });
  });
});

describe('replyJson', () => {
  it('finds the object between prose when there is no fence', () => {
    expect(replyJson('Sure: {"a": 1} done')).toEqual({ a: 1 });
    expect(replyJson('no json')).toBeUndefined();
  });
});

describe('parseChatModelId', () => {
  it.each([
    ['openai/gpt-5-mini', { provider: 'openai', model: 'gpt-5-mini' }],
    ['openai-compatible/Qwen/Qwen3-32B', { provider: 'openai-compatible', model: 'Qwen/Qwen3-32B' }],
    ['cohere/command', null],
    ['openai/', null],
  ])('reads %s', (id, parsed) => {
    expect(parseChatModelId(id)).toEqual(parsed);
  });
});

describe('testsMessages', () => {
  it('holds the query, the signature and the count and nothing else that varies', () => {
    const [system, user] = testsMessages('Add $& two numbers.', 'def add(a, b)', 'add', 7);
    expect(system!.role).toBe('system');
    expect(user!.content).toContain('Write 7 tests');
    expect(user!.content).toContain('Add $& two numbers.');
    expect(user!.content).toContain('def add(a, b)');
    expect(user!.content).toContain('`assert add(...) == ...`');
  });
});

describe('probeMessages', () => {
  it('numbers the calls from 1', () => {
    const user = probeMessages('Double n.', 'def double(n)', ['double(1)', 'double(-3)'])[1]!.content;
    expect(user).toContain('1. double(1)\n2. double(-3)');
  });
});
