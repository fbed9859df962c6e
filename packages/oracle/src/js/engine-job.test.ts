import { describe, expect, it } from 'vitest';
import { trackJob, type WireTest } from './engine-job.js';

const VALUE = { k: 'v', v: '["d","1"]', m: null } as const;
const WITH_MESSAGE: WireTest = { k: 'p', src: 'f()', msg: '`m`', a: false };
const WITHOUT_MESSAGE: WireTest = { k: 'p', src: 'f()', msg: null, a: false };

describe('trackJob', () => {
  it('merges the message report into the value report of a split test with a message expression', () => {
    const tracker = trackJob(7, [WITH_MESSAGE, WITHOUT_MESSAGE]);
    expect(tracker.accept({ t: 'test', id: 7, i: 0, r: VALUE })).toBe('more');
    expect(tracker.reports).toEqual([undefined, undefined]);
    expect(tracker.accept({ t: 'msg', id: 7, i: 0, r: { k: 'm', m: '{"text":"m"}' } })).toBe('more');
    expect(tracker.accept({ t: 'test', id: 7, i: 1, r: VALUE })).toBe('more');
    expect(tracker.accept({ t: 'done', id: 7 })).toBe('done');
    expect(tracker.reports).toEqual([{ k: 'v', v: '["d","1"]', m: '{"text":"m"}' }, VALUE]);
  });

  it.each([
    [
      { k: 'e', e: '{}' },
      { k: 'e', e: '{}' },
    ],
    [{ k: 'to' }, { k: 'to' }],
  ])('makes a throwing or timed-out message the outcome of its test (%j)', (message, merged) => {
    const tracker = trackJob(1, [WITH_MESSAGE]);
    tracker.accept({ t: 'test', id: 1, i: 0, r: VALUE });
    tracker.accept({ t: 'msg', id: 1, i: 0, r: message });
    expect(tracker.reports).toEqual([merged]);
  });

  it('accepts reports in any order, a message after its value and before done (the node engine sends every value first)', () => {
    const tracker = trackJob(3, [WITH_MESSAGE, { k: 'w', src: 'assert(f())' }, WITHOUT_MESSAGE]);
    expect(tracker.accept({ t: 'test', id: 3, i: 0, r: VALUE })).toBe('more');
    expect(tracker.accept({ t: 'test', id: 3, i: 2, r: VALUE })).toBe('more');
    expect(tracker.accept({ t: 'msg', id: 3, i: 0, r: { k: 'm', m: '{"absent":true}' } })).toBe('more');
    expect(tracker.reports).toEqual([{ k: 'v', v: '["d","1"]', m: '{"absent":true}' }, undefined, VALUE]);
    expect(tracker.accept({ t: 'done', id: 3 })).toEqual({ violation: expect.any(String) });
    expect(tracker.accept({ t: 'test', id: 3, i: 1, r: { k: 'ok' } })).toBe('more');
    expect(tracker.accept({ t: 'done', id: 3 })).toBe('done');
  });

  it('expects no message report after a test with a message whose probe threw', () => {
    const tracker = trackJob(1, [WITH_MESSAGE]);
    expect(tracker.accept({ t: 'test', id: 1, i: 0, r: { k: 'e', e: '{}' } })).toBe('more');
    expect(tracker.accept({ t: 'done', id: 1 })).toBe('done');
  });

  it.each([
    ['a value report that carries its message', [WITH_MESSAGE], [{ t: 'test', id: 1, i: 0, r: { ...VALUE, m: '{}' } }]],
    ['a message report with no value before it', [WITH_MESSAGE], [{ t: 'msg', id: 1, i: 0, r: { k: 'm', m: '{}' } }]],
    [
      'a second report of a test whose value was reported',
      [WITH_MESSAGE],
      [
        { t: 'test', id: 1, i: 0, r: VALUE },
        { t: 'test', id: 1, i: 0, r: VALUE },
      ],
    ],
    [
      'done while a message is owed',
      [WITH_MESSAGE],
      [
        { t: 'test', id: 1, i: 0, r: VALUE },
        { t: 'done', id: 1 },
      ],
    ],
    [
      'a message report of a test without a message',
      [WITHOUT_MESSAGE],
      [
        { t: 'test', id: 1, i: 0, r: VALUE },
        { t: 'msg', id: 1, i: 0, r: { k: 'm', m: '{}' } },
      ],
    ],
    ['a report for another job', [WITHOUT_MESSAGE], [{ t: 'test', id: 2, i: 0, r: VALUE }]],
    ['a report for a test the job does not have', [WITHOUT_MESSAGE], [{ t: 'test', id: 1, i: 1, r: VALUE }]],
  ] as [string, WireTest[], Record<string, unknown>[]][])(
    'rejects %s as a protocol violation',
    (_, tests, messages) => {
      const tracker = trackJob(1, tests);
      const verdicts = messages.map((message) => tracker.accept(message));
      expect(verdicts.at(-1)).toEqual({ violation: expect.any(String) });
      expect(verdicts.slice(0, -1).every((v) => v === 'more')).toBe(true);
    },
  );
});
