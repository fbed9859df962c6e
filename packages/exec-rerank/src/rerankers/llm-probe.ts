import { sha256Hex } from '@execret/formats';
import { askChat } from '../chat/ask-chat.js';
import { lazyChatEndpoint } from '../chat/chat-endpoint.js';
import type { ChatModelId } from '../chat/chat-model-id.js';
import { chatParams } from '../chat/chat-params.js';
import { parseProbeReply } from '../chat/parse-probe-reply.js';
import { PROBE_PROMPT_VERSION, PROBE_SYSTEM_PROMPT, PROBE_USER_TEMPLATE, probeMessages } from '../chat/probe-prompt.js';
import { DEFAULT_MAX_QUESTIONS } from '../defaults.js';
import { disagreeingInputs } from '../disagreeing-inputs.js';
import { buildExecReranker } from '../exec-reranker.js';
import { executeSuites } from '../execute-suites.js';
import type { Expectation } from '../expectation.js';
import { majorityAgreement } from '../majority-agreement.js';
import { requireCount, requireOracle } from '../option-checks.js';
import { probeGroup } from '../probe-group.js';
import { probeOptions, probeParams } from '../probe-options.js';
import { PYTHON_LANGUAGE } from '../python/language.js';
import type { ExecReranker, ExecRerankerOptions } from '../types.js';
import { execRerankerSettings } from './exec-reranker-settings.js';

const MBR_EXEC = 'https://arxiv.org/abs/2204.11454';

/**
 * `exec/probe@<chat model>`: the top candidate's near-clone group runs on model-free generated inputs (as in
 * `exec/consensus`); the inputs on which the members' outputs disagree (`disagreeingInputs`, at most
 * `maxQuestions`) are sent to the chat model with the query text and the signature, which answers the expected
 * return value (a literal) or exception of each call; each answer becomes a test (`expectationTest`), every member
 * runs them, and scores `agreed / answered` (raw score `agreed`). Members first (ties in first-stage order), then
 * the other candidates in first-stage order (`-1`). No disagreement, a group of one, or no usable answer: no
 * question is asked or the answers change nothing, and first-stage order stands.
 *
 * @throws {ExecRerankError} `oracle-missing` without `options.oracle`
 * @example
 * const reranker = createLlmProbeReranker({ provider: 'openai-compatible', model: 'Qwen/Qwen3-32B' },
 *   { oracle, baseURL: 'http://127.0.0.1:8000/v1', apiKey: 'none' });
 */
export function createLlmProbeReranker(chat: ChatModelId, options: ExecRerankerOptions): ExecReranker {
  const id = `exec/probe@${chat.provider}/${chat.model}`;
  const where = `@execret/exec-rerank ${id}`;
  const oracle = requireOracle(options, id);
  const language = options.language ?? PYTHON_LANGUAGE;
  const probing = probeOptions(options, where);
  const maxQuestions = options.maxQuestions ?? DEFAULT_MAX_QUESTIONS;
  requireCount(maxQuestions, 'maxQuestions', where);
  const getEndpoint = lazyChatEndpoint(chat, options);
  const settings = execRerankerSettings({
    id,
    method: 'exec-probe',
    model: chat.model,
    instruction: `${PROBE_SYSTEM_PROMPT}\n\n${PROBE_USER_TEMPLATE}`,
    params: {
      language: language.id,
      chatProvider: chat.provider,
      prompt: PROBE_PROMPT_VERSION,
      ...probeParams(probing),
      maxQuestions,
      group: 'top-signature',
      ...chatParams(options),
    },
    sources: { inputs: MBR_EXEC },
    notes:
      'Dollars are computed from options.price and reported in costs(); the model sees the query, one signature and the disagreeing calls only.',
  });
  return buildExecReranker(settings, language, options.price, probing.seed, async (ctx) => {
    const n = ctx.candidates.length;
    const querySha256 = sha256Hex(ctx.query);
    const scores = new Float64Array(n).fill(-1);
    const raw = new Float64Array(n).fill(-1);
    for (const c of ctx.group) {
      scores[c] = 0;
      raw[c] = 0;
    }
    if (ctx.group.length < 2) return { scores, rawScores: raw, audit: {}, querySha256 };
    const probe = await probeGroup(ctx, { oracle, cache: options.cache, language, ...probing });
    const outputs: (string[] | null)[] = ctx.candidates.map(() => null);
    ctx.group.forEach((c, k) => {
      outputs[c] = (probe.outputs[k] ?? []).map((o) => o.key);
    });
    const agreement = majorityAgreement(probe.outputs);
    const inputs = {
      calls: probe.callSources,
      outputs,
      retained: agreement.retained,
      plurality: agreement.plurality,
    };
    const asked = disagreeingInputs(probe.outputs, maxQuestions);
    if (asked.length === 0) return { scores, rawScores: raw, audit: { inputs }, querySha256 };
    const messages = probeMessages(
      ctx.query,
      probe.target.header,
      asked.map((i) => probe.callSources[i] as string),
    );
    const { reply, audit: chatAudit } = await askChat(
      'probe',
      chat.model,
      messages,
      getEndpoint,
      options.cache,
      ctx.meter,
      ctx.signal,
    );
    const parsed = parseProbeReply(reply.content, asked.length, language.readExpectedValue);
    const answered = asked.flatMap((i, q) => {
      const a = parsed.answers[q];
      return a === null || a === undefined ? [] : [{ i, expected: a as Expectation }];
    });
    const agreed: (number[] | null)[] = ctx.candidates.map(() => null);
    if (answered.length > 0) {
      const tests = answered.map((a) => language.expectationTest(probe.callSources[a.i] as string, a.expected));
      const results = await executeSuites(
        ctx.group.map((c) => ({ code: ctx.candidates[c] as string, tests })),
        oracle,
        options.cache,
        ctx.meter,
        ctx.signal,
      );
      ctx.group.forEach((c, k) => {
        const row = (results[k] ?? []).map((o) => (o === 'pass' ? 1 : 0));
        agreed[c] = row;
        const sum = row.reduce((a: number, b) => a + b, 0);
        scores[c] = sum / answered.length;
        raw[c] = sum;
      });
    } else for (const c of ctx.group) agreed[c] = [];
    return {
      scores,
      rawScores: raw,
      audit: {
        inputs,
        chat: chatAudit,
        questions: { asked, answers: parsed.answers, rejected: parsed.rejected, agreed },
      },
      querySha256,
    };
  });
}
