import { describe, expect, it } from 'vitest';
import { DatasetError } from '../errors.js';
import { loadHubClient } from './client.js';

describe('loadHubClient', () => {
  it('loads the Hub client when it is installed', async () => {
    expect(typeof (await loadHubClient()).listFiles).toBe('function');
  });

  it('names the package to install when it is missing, and passes other failures through', async () => {
    const missing = Object.assign(new Error("Cannot find package '@huggingface/hub' imported from x"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    const error = await loadHubClient(() => Promise.reject(missing)).catch((e: unknown) => e);
    expect(DatasetError.is(error) && error.code).toBe('missing-dependency');
    expect((error as Error).message).toMatch(/^@execret\/dataset: hf: sources need .*pnpm add @huggingface\/hub@2/);
    expect((error as Error).message.split('@execret/dataset').length - 1).toBe(1);
    const other = new Error('boom');
    await expect(loadHubClient(() => Promise.reject(other))).rejects.toBe(other);
  });
});
