import { describe, expect, it } from 'vitest';
import { firstPhase, trackJob, type WireTest, type WithheldPart } from './engine-job.js';

const VALUE = { k: 'v', v: '["d","1"]', m: null } as const;
const WITH_MESSAGE: WireTest = { k: 'p', src: 'f()', m: true, a: false };
const WITHOUT_MESSAGE: WireTest = { k: 'p', src: 'f()', m: false, a: false };
const CHILD: WireTest = { k: 'w' };
const MESSAGE_0: WithheldPart = { i: 0, msg: '`m`' };

describe('trackJob', () => {
  it('merges the message report, after the job is sealed, into the value report of a split test with a message', () => {
    const tracker = trackJob(7, [WITH_MESSAGE, WITHOUT_MESSAGE], [MESSAGE_0]);
    expect(tracker.accept({ t: 'test', id: 7, i: 0, r: VALUE })).toBe('more');
    expect(tracker.accept({ t: 'test', id: 7, i: 1, r: VALUE })).toBe('more');
    expect(tracker.reports).toEqual([undefined, VALUE]);
    expect(tracker.accept({ t: 'sealed', id: 7 })).toBe('sealed');
    expect(tracker.accept({ t: 'msg', id: 7, i: 0, r: { k: 'm', m: '{"text":"m"}' } })).toBe('more');
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
    const tracker = trackJob(1, [WITH_MESSAGE], [MESSAGE_0]);
    tracker.accept({ t: 'test', id: 1, i: 0, r: VALUE });
    tracker.accept({ t: 'sealed', id: 1 });
    tracker.accept({ t: 'msg', id: 1, i: 0, r: message });
    expect(tracker.reports).toEqual([merged]);
  });

  it('takes child tests only once sealed, and every first-phase report before it', () => {
    const tracker = trackJob(3, [WITH_MESSAGE, CHILD, WITHOUT_MESSAGE], [MESSAGE_0, { i: 1, src: 'assert(f())' }]);
    expect(tracker.accept({ t: 'test', id: 3, i: 0, r: VALUE })).toBe('more');
    expect(tracker.accept({ t: 'sealed', id: 3 })).toEqual({ violation: expect.stringContaining('1 of 2') });
  });

  it('accepts the second phase in any order once sealed', () => {
    const tracker = trackJob(3, [WITH_MESSAGE, CHILD, WITHOUT_MESSAGE], [MESSAGE_0, { i: 1, src: 'assert(f())' }]);
    expect(tracker.accept({ t: 'test', id: 3, i: 2, r: VALUE })).toBe('more');
    expect(tracker.accept({ t: 'test', id: 3, i: 0, r: VALUE })).toBe('more');
    expect(tracker.accept({ t: 'sealed', id: 3 })).toBe('sealed');
    expect(tracker.accept({ t: 'test', id: 3, i: 1, r: { k: 'ok' } })).toBe('more');
    expect(tracker.accept({ t: 'done', id: 3 })).toEqual({ violation: expect.any(String) });
    expect(tracker.accept({ t: 'msg', id: 3, i: 0, r: { k: 'm', m: '{"absent":true}' } })).toBe('more');
    expect(tracker.accept({ t: 'done', id: 3 })).toBe('done');
    expect(tracker.reports).toEqual([{ k: 'v', v: '["d","1"]', m: '{"absent":true}' }, { k: 'ok' }, VALUE]);
  });

  it('expects no message report after a test with a message whose probe threw', () => {
    const tracker = trackJob(1, [WITH_MESSAGE], [MESSAGE_0]);
    expect(tracker.accept({ t: 'test', id: 1, i: 0, r: { k: 'e', e: '{}' } })).toBe('more');
    expect(tracker.accept({ t: 'sealed', id: 1 })).toBe('sealed');
    expect(tracker.accept({ t: 'done', id: 1 })).toBe('done');
  });

  it('goes from the first phase to done when nothing is withheld', () => {
    const tracker = trackJob(1, [WITHOUT_MESSAGE, { k: 'r' }, { k: 's' }], []);
    tracker.accept({ t: 'test', id: 1, i: 0, r: VALUE });
    tracker.accept({ t: 'test', id: 1, i: 1, r: { k: 'ok' } });
    tracker.accept({ t: 'test', id: 1, i: 2, r: { k: 'ok' } });
    expect(tracker.accept({ t: 'done', id: 1 })).toBe('done');
  });

  it.each([
    [
      'a value report that carries its message',
      [WITH_MESSAGE],
      [MESSAGE_0],
      [{ t: 'test', id: 1, i: 0, r: { ...VALUE, m: '{}' } }],
    ],
    [
      'a message report with no value before it',
      [WITH_MESSAGE],
      [MESSAGE_0],
      [{ t: 'msg', id: 1, i: 0, r: { k: 'm', m: '{}' } }],
    ],
    [
      'a message report before the job was sealed',
      [WITH_MESSAGE],
      [MESSAGE_0],
      [
        { t: 'test', id: 1, i: 0, r: VALUE },
        { t: 'msg', id: 1, i: 0, r: { k: 'm', m: '{}' } },
      ],
    ],
    [
      'a child test reported before the job was sealed',
      [WITHOUT_MESSAGE, CHILD],
      [{ i: 1, src: 'assert(1)' }],
      [
        { t: 'test', id: 1, i: 0, r: VALUE },
        { t: 'test', id: 1, i: 1, r: { k: 'ok' } },
      ],
    ],
    [
      'sealed twice',
      [WITH_MESSAGE],
      [MESSAGE_0],
      [
        { t: 'test', id: 1, i: 0, r: VALUE },
        { t: 'sealed', id: 1 },
        { t: 'sealed', id: 1 },
      ],
    ],
    [
      'sealed with nothing withheld',
      [WITHOUT_MESSAGE],
      [],
      [
        { t: 'test', id: 1, i: 0, r: VALUE },
        { t: 'sealed', id: 1 },
      ],
    ],
    [
      'a second report of a test whose value was reported',
      [WITH_MESSAGE],
      [MESSAGE_0],
      [
        { t: 'test', id: 1, i: 0, r: VALUE },
        { t: 'test', id: 1, i: 0, r: VALUE },
      ],
    ],
    [
      'done while a message is owed',
      [WITH_MESSAGE],
      [MESSAGE_0],
      [
        { t: 'test', id: 1, i: 0, r: VALUE },
        { t: 'sealed', id: 1 },
        { t: 'done', id: 1 },
      ],
    ],
    [
      'a message report of a test without a message',
      [WITHOUT_MESSAGE],
      [],
      [
        { t: 'test', id: 1, i: 0, r: VALUE },
        { t: 'msg', id: 1, i: 0, r: { k: 'm', m: '{}' } },
      ],
    ],
    ['a report for another job', [WITHOUT_MESSAGE], [], [{ t: 'test', id: 2, i: 0, r: VALUE }]],
    ['a report for a test the job does not have', [WITHOUT_MESSAGE], [], [{ t: 'test', id: 1, i: 1, r: VALUE }]],
  ] as [string, WireTest[], WithheldPart[], Record<string, unknown>[]][])(
    'rejects %s as a protocol violation',
    (_, tests, withheld, messages) => {
      const tracker = trackJob(1, tests, withheld);
      const verdicts = messages.map((message) => tracker.accept(message));
      expect(verdicts.at(-1)).toEqual({ violation: expect.any(String) });
      expect(verdicts.slice(0, -1).every((v) => v === 'more' || v === 'sealed')).toBe(true);
    },
  );
});

describe('firstPhase', () => {
  it('sends everything of a job but its withheld parts', () => {
    const job = {
      code: 'f = () => 1',
      tests: [WITH_MESSAGE, CHILD],
      budgetMs: 100,
      withheld: [MESSAGE_0, { i: 1, src: 'assert.strictEqual(f(), 4)' }],
    };
    const line = JSON.stringify(firstPhase(3, job));
    expect(JSON.parse(line)).toEqual({ id: 3, code: 'f = () => 1', tests: [WITH_MESSAGE, CHILD], budgetMs: 100 });
    expect(line).not.toContain('`m`');
    expect(line).not.toContain('strictEqual');
  });
});
