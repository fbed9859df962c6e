import { resolve } from 'node:path';
import { DEFAULT_OPENAI_BASE_URL } from '@execret/http';
import {
  DEFAULT_ENDPOINT_MAX_RETRIES,
  DEFAULT_ENTRY_CONCURRENCY,
  DEFAULT_FREE_FORM_REWRITES,
  DEFAULT_GENERATION_MODE,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_PROGRESS_FILE,
  DEFAULT_RESPONSE_FORMAT,
  formatGenerateReport,
  GENERATION_MODES,
  generateDataset,
  RESPONSE_FORMATS,
  readRegistry,
} from '@execret/llm-generate';
import { DEFAULT_TIMEOUT_MS } from '@execret/oracle';
import { type Command, choiceOption, givenInt, nonNegativeNumberOption, stringOption, UsageError } from '../command.js';
import { createProgressBar } from '../progress.js';
import { requireSandbox, startOracle } from '../sandbox.js';
import { SANDBOX_OPTIONS, TEST_BOUNDS_OPTIONS } from './options.js';

export const generateCommand: Command = {
  name: 'generate',
  summary:
    'generate a benchmark with an LLM: registry → canonical, tests, distractors → execution-verified gates → release format',
  usage: 'execret generate --registry registry.jsonl --out dir --model id --base-url url --api-key-env NAME [options]',
  options: {
    registry: {
      type: 'string',
      placeholder: 'file',
      description: 'registry JSONL: function_name, query, domain (duplicates reported)',
    },
    out: {
      type: 'string',
      short: 'o',
      placeholder: 'dir',
      description: 'output directory (data/*.jsonl, tasks.jsonl, generation-report.json, progress)',
    },
    model: { type: 'string', placeholder: 'id', description: 'chat model id sent to the endpoint' },
    'base-url': {
      type: 'string',
      placeholder: 'url',
      default: DEFAULT_OPENAI_BASE_URL,
      description: 'any OpenAI-compatible chat endpoint',
    },
    'api-key-env': {
      type: 'string',
      placeholder: 'NAME',
      default: 'OPENAI_API_KEY',
      description: 'environment variable holding the API key (never written anywhere)',
    },
    'max-retries': {
      type: 'string',
      placeholder: 'n',
      description: `SDK retries of 429/5xx (default ${DEFAULT_ENDPOINT_MAX_RETRIES})`,
    },
    'timeout-ms': { type: 'string', placeholder: 'ms', description: 'request timeout' },
    mode: {
      type: 'string',
      placeholder: 'mode',
      default: DEFAULT_GENERATION_MODE,
      description:
        "'locked' (six bug types, single edits) or 'free-form' (natural buggy rewrites kept when tests catch them)",
    },
    rewrites: {
      type: 'string',
      placeholder: 'n',
      description: `free-form: rewrites asked per entry (default ${DEFAULT_FREE_FORM_REWRITES})`,
    },
    'max-attempts': {
      type: 'string',
      placeholder: 'n',
      description: `attempts per entry, validation failures fed back (default ${DEFAULT_MAX_ATTEMPTS})`,
    },
    concurrency: {
      type: 'string',
      placeholder: 'n',
      description: `entries in flight (default ${DEFAULT_ENTRY_CONCURRENCY})`,
    },
    batch: { type: 'boolean', description: "send first attempts through the provider's Batch API" },
    'poll-interval-ms': { type: 'string', placeholder: 'ms', description: 'Batch API polling interval' },
    'price-in': { type: 'string', placeholder: 'usd', description: 'USD per 1M input tokens (cost estimate)' },
    'price-out': { type: 'string', placeholder: 'usd', description: 'USD per 1M output tokens (cost estimate)' },
    request: {
      type: 'string',
      placeholder: 'json',
      description: 'extra request body, e.g. {"reasoning_effort":"high"}',
    },
    'response-format': {
      type: 'string',
      placeholder: 'kind',
      default: DEFAULT_RESPONSE_FORMAT,
      description: RESPONSE_FORMATS.join(' | '),
    },
    progress: {
      type: 'string',
      placeholder: 'file',
      description: `progress file (default <out>/${DEFAULT_PROGRESS_FILE}); rerun to resume`,
    },
    'oracle-timeout-ms': {
      type: 'string',
      placeholder: 'ms',
      description: `per-suite time limit of the validation oracle (default ${DEFAULT_TIMEOUT_MS})`,
    },
    ...TEST_BOUNDS_OPTIONS,
    ...SANDBOX_OPTIONS,
  },
  examples: [
    'OPENAI_API_KEY=... execret generate --registry registry.jsonl --out out/llm --model gpt-5-mini --batch --price-in 0.25 --price-out 2',
    'execret generate --registry registry.jsonl --out out/llm --base-url http://127.0.0.1:8000/v1 --api-key-env NONE --model Qwen/Qwen3-32B --response-format json_object',
  ],
  async run({ values, config, io, signal }) {
    const registryFile = stringOption(values, 'registry');
    const out = stringOption(values, 'out');
    const model = stringOption(values, 'model');
    if (registryFile === undefined || out === undefined || model === undefined)
      throw new UsageError('--registry, --out and --model are required');
    const mode = choiceOption(values, 'mode', GENERATION_MODES);
    const responseFormat = choiceOption(values, 'response-format', RESPONSE_FORMATS);
    let requestOptions: Record<string, unknown> | undefined;
    const request = stringOption(values, 'request');
    if (request !== undefined) {
      try {
        requestOptions = JSON.parse(request) as Record<string, unknown>;
      } catch (error) {
        throw new UsageError(`--request is not valid JSON: ${(error as Error).message}`);
      }
    }
    const keyName = stringOption(values, 'api-key-env') ?? 'OPENAI_API_KEY';
    const apiKey = config.secret(keyName);
    if (apiKey === undefined) throw new UsageError(`the environment variable ${keyName} (--api-key-env) is not set`);
    const registry = await readRegistry(registryFile);
    if (registry.issues.length > 0) {
      for (const issue of registry.issues) io.warn(issue.message);
      return 1;
    }
    const priceIn = nonNegativeNumberOption(values, 'price-in');
    const priceOut = nonNegativeNumberOption(values, 'price-out');
    const isolation = stringOption(values, 'isolation');
    const oracle = await startOracle(config, io, {
      ...givenInt(values, 'oracle-timeout-ms', 'timeoutMs'),
      ...(isolation !== undefined ? { isolation } : {}),
      signal,
    });
    try {
      requireSandbox(oracle.info.isolation, 'execret generate', values['allow-unsandboxed'] === true);
    } catch (error) {
      await oracle.close();
      throw error;
    }
    const bar = createProgressBar(`generate ${model}`, registry.entries.length, { enabled: io.progress });
    try {
      const { report } = await generateDataset(registry, {
        model,
        endpoint: {
          // The option's default applies when --base-url is absent, so the URL is written once (above).
          baseURL: stringOption(values, 'base-url') as string,
          apiKey: apiKey.reveal(),
          ...givenInt(values, 'max-retries', 'maxRetries'),
          ...givenInt(values, 'timeout-ms', 'timeoutMs'),
        },
        mode,
        outDir: resolve(out),
        oracle,
        responseFormat,
        generatedAt: new Date().toISOString(),
        ...givenInt(values, 'min-tests', 'minTests'),
        ...givenInt(values, 'max-tests', 'maxTests'),
        ...givenInt(values, 'rewrites', 'rewrites'),
        ...givenInt(values, 'max-attempts', 'maxAttempts'),
        ...givenInt(values, 'concurrency', 'concurrency'),
        ...(values.batch === true ? { batch: givenInt(values, 'poll-interval-ms', 'pollIntervalMs') } : {}),
        ...(priceIn !== undefined && priceOut !== undefined
          ? { prices: { [model]: { inputUsdPerMillion: priceIn, outputUsdPerMillion: priceOut } } }
          : {}),
        ...(requestOptions ? { requestOptions } : {}),
        ...(stringOption(values, 'progress') ? { progressFile: resolve(stringOption(values, 'progress')!) } : {}),
        ...(config.python ? { python: config.python } : {}),
        onProgress: (event) => {
          if (event.kind === 'entry') bar.update(event.done, event.total);
        },
        signal,
      });
      bar.finish();
      io.result(report, () => `${formatGenerateReport(report)}\n`);
      return 0;
    } finally {
      await oracle.close();
    }
  },
};
