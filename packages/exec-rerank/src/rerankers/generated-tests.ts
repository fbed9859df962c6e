import { sha256Hex } from '@execret/formats';
import { askChat } from '../chat/ask-chat.js';
import { lazyChatEndpoint } from '../chat/chat-endpoint.js';
import type { ChatModelId } from '../chat/chat-model-id.js';
import { chatParams } from '../chat/chat-params.js';
import { parseTestsReply } from '../chat/parse-tests-reply.js';
import { TESTS_PROMPT_VERSION, TESTS_SYSTEM_PROMPT, TESTS_USER_TEMPLATE, testsMessages } from '../chat/tests-prompt.js';
import { crashingTests } from '../crashing-tests.js';
import { DEFAULT_MAX_CRASH_FRACTION, DEFAULT_TEST_COUNT, DEFAULT_TESTS_SCORING } from '../defaults.js';
import { dualAgreementScores } from '../dual-agreement.js';
import { buildExecReranker } from '../exec-reranker.js';
import { executeSuites } from '../execute-suites.js';
import { mainFunction } from '../function-signature.js';
import type { GeneratedTestIssue } from '../generated-test-issue.js';
import { requireCount, requireOracle } from '../option-checks.js';
import { passFractionScores } from '../pass-fraction.js';
import { PYTHON_LANGUAGE } from '../python/language.js';
import type { ExecReranker, ExecRerankerOptions, GeneratedTestAudit } from '../types.js';
import { execRerankerSettings } from './exec-reranker-settings.js';

/** CodeT: Chen et al., "CodeT: Code Generation with Generated Tests", ICLR 2023. */
const CODET = 'https://arxiv.org/abs/2207.10397';

function noIssues(): Record<GeneratedTestIssue, number> {
  return { empty: 0, 'not-an-assert': 0, 'no-call': 0, duplicate: 0, crashes: 0 };
}

/**
 * `exec/tests@<chat model>`: the chat model writes `testCount` assert tests from the query text and the top
 * candidate's signature (never a body, never a benchmark test); tests that are empty, not one assert, never call
 * the function or repeat an earlier one are discarded before running; every candidate runs the rest, called
 * through its own top-level function (`mainFunction(…, <prompted name>)`, calls renamed); tests that crash on more
 * than `maxCrashFraction` of the top candidate's near-clone group are discarded after running. Candidates are
 * ordered by `scoring` over the kept tests (`dual-agreement`: CodeT's group size × tests passed;
 * `pass-fraction`: share passed), raw score = tests passed; ties (and the case of no kept test, or a refusal)
 * keep first-stage order.
 *
 * @throws {ExecRerankError} `oracle-missing` without `options.oracle`
 * @example
 * const reranker = createGeneratedTestsReranker({ provider: 'openai', model: 'gpt-5-mini' }, { oracle, apiKey });
 * const { hits, audit } = await reranker.rerankDetailed(query, candidates);
 * audit.tests?.discarded; // { empty: 0, 'not-an-assert': 1, 'no-call': 0, duplicate: 0, crashes: 2 }
 */
export function createGeneratedTestsReranker(chat: ChatModelId, options: ExecRerankerOptions): ExecReranker {
  const id = `exec/tests@${chat.provider}/${chat.model}`;
  const where = `@execret/exec-rerank ${id}`;
  const oracle = requireOracle(options, id);
  const language = options.language ?? PYTHON_LANGUAGE;
  const testCount = options.testCount ?? DEFAULT_TEST_COUNT;
  const scoring = options.scoring ?? DEFAULT_TESTS_SCORING;
  const maxCrash = options.maxCrashFraction ?? DEFAULT_MAX_CRASH_FRACTION;
  requireCount(testCount, 'testCount', where);
  if (!(maxCrash >= 0 && maxCrash <= 1))
    throw new RangeError(`${where}: maxCrashFraction must be in [0, 1], received ${maxCrash}`);
  if (scoring !== 'dual-agreement' && scoring !== 'pass-fraction')
    throw new RangeError(`${where}: scoring must be 'dual-agreement' or 'pass-fraction', received ${String(scoring)}`);
  const getEndpoint = lazyChatEndpoint(chat, options);
  const settings = execRerankerSettings({
    id,
    method: 'exec-tests',
    model: chat.model,
    instruction: `${TESTS_SYSTEM_PROMPT}\n\n${TESTS_USER_TEMPLATE}`,
    params: {
      language: language.id,
      chatProvider: chat.provider,
      prompt: TESTS_PROMPT_VERSION,
      testCount,
      scoring,
      maxCrashFraction: maxCrash,
      ...chatParams(options),
    },
    sources: { method: CODET },
    notes:
      'Dollars are computed from options.price and reported in costs(); the model sees the query and one signature only.',
  });
  return buildExecReranker(settings, language, options.price, null, async (ctx) => {
    const n = ctx.candidates.length;
    const querySha256 = sha256Hex(ctx.query);
    const target = ctx.mains[0] ?? null;
    if (target === null) return { scores: new Float64Array(n), rawScores: new Float64Array(n), audit: {}, querySha256 };
    const messages = testsMessages(ctx.query, target.header, target.name, testCount);
    const { reply, audit: chatAudit } = await askChat(
      'tests',
      chat.model,
      messages,
      getEndpoint,
      options.cache,
      ctx.meter,
      ctx.signal,
    );
    const parsed = parseTestsReply(reply.content);
    const discarded = noIssues();
    const seen = new Set<string>();
    const issues = parsed.tests.map((t): GeneratedTestIssue | null => {
      const issue = language.checkTest(t, target.name) ?? (seen.has(t) ? 'duplicate' : null);
      seen.add(t);
      return issue;
    });
    const runnable = parsed.tests.filter((_, i) => issues[i] === null);
    const outcomes: (string[] | null)[] = ctx.candidates.map(() => null);
    if (runnable.length > 0) {
      const runs: number[] = [];
      const jobs = ctx.candidates.flatMap((code, c) => {
        const main = mainFunction(language.functions(code), target.name);
        if (main === null) return [];
        runs.push(c);
        return [{ code, tests: runnable.map((t) => language.renameCalls(t, target.name, main.name)) }];
      });
      const results = await executeSuites(jobs, oracle, options.cache, ctx.meter, ctx.signal);
      runs.forEach((c, k) => {
        outcomes[c] = results[k] as string[];
      });
    }
    const crashes = crashingTests(
      outcomes.map((o) => o ?? []),
      ctx.group,
      maxCrash,
    );
    let r = 0;
    const tests: GeneratedTestAudit[] = parsed.tests.map((source, i) => {
      let issue = issues[i] ?? null;
      if (issue === null && crashes[r++]) issue = 'crashes';
      if (issue !== null) discarded[issue] += 1;
      return { source, kept: issue === null, issue };
    });
    const keptRunnable = crashes.map((c) => !c);
    const passed = outcomes.map((row) =>
      keptRunnable.flatMap((keep, t) => (keep ? [row !== null && row[t] === 'pass' ? 1 : 0] : [])),
    );
    const scores = scoring === 'dual-agreement' ? dualAgreementScores(passed) : passFractionScores(passed);
    const rawScores = Float64Array.from(passed, (row) => row.reduce((a, b) => a + b, 0));
    return {
      scores,
      rawScores,
      audit: {
        chat: chatAudit,
        tests: {
          prompted: { name: target.name, signature: target.header },
          tests,
          discarded,
          outcomes,
          passed,
          scoring,
        },
      },
      querySha256,
    };
  });
}
