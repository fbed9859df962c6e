/**
 * The chat phase of `generateDataset`: every unfinished entry goes through chat completions, `concurrency`
 * entries at a time, attempt after attempt until it is accepted or runs out of attempts.
 */

import { runConcurrently } from '@execret/formats';
import {
  type CompletionResult,
  describeRequestError,
  isAbortError,
  type OpenAICompatibleClient,
  readCompletion,
} from './client.js';
import { LlmGenerateError } from './errors.js';
import { cancelled, type GenerationRun, rejectEntry } from './generation-run.js';
import { judgeAnswers } from './judge-answers.js';
import { requestBody } from './request-body.js';

/**
 * Runs the chat attempts of every unfinished entry. A request failing with a fatal status (400/401/403/404/422)
 * stops the run (`request-failed`); any other failure (after the SDK's retries) leaves that entry unfinished,
 * with its error, for the next run.
 *
 * @example
 * await runChatPhase(run, client);
 * run.states.filter((s) => s.final === null).map((s) => s.error); // entries left for the next run
 */
export async function runChatPhase(run: GenerationRun, client: OpenAICompatibleClient): Promise<void> {
  const { settings, signal } = run;
  const pending = run.states.filter((s) => s.final === null);
  await runConcurrently(
    pending.length,
    settings.concurrency,
    async (index) => {
      const state = pending[index]!;
      while (state.final === null) {
        if (signal?.aborted) throw cancelled();
        if (state.attempts.length >= settings.maxAttempts) {
          await rejectEntry(run, state);
          break;
        }
        let completion: CompletionResult;
        try {
          completion = readCompletion(
            await client.chat.completions.create(
              requestBody(settings, run.options.requestOptions, state),
              signal ? { signal } : {},
            ),
          );
        } catch (cause) {
          if (isAbortError(cause, signal)) throw cancelled(cause);
          const failure = describeRequestError(cause);
          if (failure.fatal) {
            const endpoint = settings.endpointLabel;
            throw new LlmGenerateError(
              'request-failed',
              `@execret/llm-generate chat: the endpoint${endpoint ? ` ${endpoint}` : ''} answered ${failure.message}; expected 200. Check the model id, the API key and the endpoint's support for response_format ${settings.responseFormat}`,
              { cause },
            );
          }
          state.error = failure.message;
          run.emit({
            kind: 'entry',
            entryId: state.entry.id,
            status: 'error',
            attempts: state.attempts.length,
            done: run.done,
            total: run.states.length,
            error: failure.message,
          });
          return;
        }
        await judgeAnswers(run, [{ state, completion, via: 'chat' }]);
      }
    },
    signal,
  );
  if (signal?.aborted) throw cancelled();
}
