import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LlmGenerateError } from './errors.js';
import { openProgressStore, PROGRESS_FORMAT, parseProgress, progressKey } from './progress.js';

const header = `${JSON.stringify({ type: 'header', format: PROGRESS_FORMAT, version: 1 })}\n`;
const done = (id: string) => ({ type: 'batch_done' as const, batch_id: id, status: 'completed' });

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'progress-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('parseProgress', () => {
  it('ignores a torn final line even when it parses', () => {
    const out = parseProgress(`${header}${JSON.stringify(done('a'))}\n${JSON.stringify(done('b'))}`);
    expect(out.records.map((r) => r.type)).toEqual(['header', 'batch_done']);
    expect(out.torn).toBe(true);
    expect(out.warnings).toEqual(['line 3: torn final line (no newline) ignored']);
  });

  it('skips unparseable lines and unknown record types with a warning', () => {
    const out = parseProgress(`${header}{oops\n{"type":"mystery"}\n\n${JSON.stringify(done('a'))}\n`);
    expect(out.records).toHaveLength(2);
    expect(out.warnings).toEqual(['line 2: not JSON, skipped', 'line 3: unknown record type "mystery", skipped']);
  });

  it('reads a file that starts with a byte-order mark or ends its lines in \\r\\n', () => {
    const out = parseProgress(`\uFEFF${header.replace('\n', '\r\n')}${JSON.stringify(done('a'))}\r\n`);
    expect(out.records.map((r) => r.type)).toEqual(['header', 'batch_done']);
    expect(out.warnings).toEqual([]);
    expect(out.torn).toBe(false);
  });

  it('throws progress-io when the header belongs to another format or a newer version', () => {
    for (const bad of [
      { type: 'header', format: 'other', version: 1 },
      { type: 'header', format: PROGRESS_FORMAT, version: 99 },
    ]) {
      const error = (() => {
        try {
          parseProgress(`${JSON.stringify(bad)}\n`);
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(LlmGenerateError.is(error) && error.code).toBe('progress-io');
    }
  });
});

describe('openProgressStore', () => {
  it('writes a header to a new file and appends whole lines in call order when called concurrently', async () => {
    const file = join(dir, 'p.jsonl');
    const store = await openProgressStore(file);
    await Promise.all(Array.from({ length: 50 }, (_, i) => store.append(done(`b${i}`), done(`c${i}`))));
    await store.close();
    const parsed = parseProgress(await readFile(file, 'utf8'));
    expect(parsed.warnings).toEqual([]);
    expect(parsed.records[0]).toEqual({ type: 'header', format: PROGRESS_FORMAT, version: 1 });
    expect(parsed.records.slice(1).map((r) => (r.type === 'batch_done' ? r.batch_id : ''))).toEqual(
      Array.from({ length: 50 }, (_, i) => [`b${i}`, `c${i}`]).flat(),
    );
  });

  it('terminates a torn last line so that later appends start on their own line', async () => {
    const file = join(dir, 'p.jsonl');
    await writeFile(file, `${header}${JSON.stringify(done('a'))}\n{"type":"batch_do`);
    const store = await openProgressStore(file);
    expect(store.records).toHaveLength(2);
    expect(store.warnings).toHaveLength(1);
    await store.append(done('z'));
    await store.close();
    const reread = parseProgress(await readFile(file, 'utf8'));
    expect(reread.records.map((r) => (r.type === 'batch_done' ? r.batch_id : r.type))).toEqual(['header', 'a', 'z']);
    expect(reread.warnings).toEqual(['line 3: not JSON, skipped']);
  });

  it('creates the directory of a new progress file', async () => {
    const file = join(dir, 'a', 'b', 'p.jsonl');
    const store = await openProgressStore(file);
    await store.append(done('a'));
    await store.close();
    expect(parseProgress(await readFile(file, 'utf8')).records.map((r) => r.type)).toEqual(['header', 'batch_done']);
  });

  it('rejects appends after close', async () => {
    const store = await openProgressStore(join(dir, 'p.jsonl'));
    await store.close();
    await expect(store.append(done('x'))).rejects.toMatchObject({ code: 'progress-io' });
  });
});

describe('progressKey', () => {
  it('depends on the entry, the prompt hash and the model', () => {
    const entry = { id: 'a', function_name: 'f', query: 'q', domain: 'd' };
    const key = progressKey(entry, 'p', 'm');
    expect(progressKey({ ...entry }, 'p', 'm')).toBe(key);
    expect(progressKey({ ...entry, query: 'q2' }, 'p', 'm')).not.toBe(key);
    expect(progressKey(entry, 'p2', 'm')).not.toBe(key);
    expect(progressKey(entry, 'p', 'm2')).not.toBe(key);
  });
});
