/**
 * The batch phase of `generateDataset`: every entry without an attempt gets its first attempt through the Batch
 * API. A batch recorded in the progress file but not finished is polled again instead of resubmitted.
 */

import type { BatchLike, OpenAICompatibleClient } from '@execret/http';
import { type BatchRequest, collectBatchResults, submitBatch, waitForBatch } from './batch.js';
import { readCompletion } from './client.js';
import type { BatchModeOptions } from './generate-options.js';
import type { GenerationRun } from './generation-run.js';
import { type AnsweredAttempt, judgeAnswers } from './judge-answers.js';
import type { ProgressBatch } from './progress.js';
import { requestBody } from './request-body.js';

/**
 * Submits (or resumes) one batch of first attempts, waits for it, judges the answers and records the batch as
 * done. Requests the batch failed or did not answer are left to the chat phase, with a warning.
 *
 * @example
 * if (options.batch) await runBatchPhase(run, client, options.batch === true ? {} : options.batch);
 */
export async function runBatchPhase(
  run: GenerationRun,
  client: OpenAICompatibleClient,
  batchOptions: BatchModeOptions,
): Promise<void> {
  const { store, signal, warnings } = run;
  const fresh = run.states.filter((s) => s.final === null && s.attempts.length === 0);
  if (fresh.length === 0) return;
  const freshByKey = new Map(fresh.map((s) => [s.key, s]));
  const finishedBatches = new Set(
    store.records.filter((r) => r.type === 'batch_done').map((r) => (r as { batch_id: string }).batch_id),
  );
  const open = store.records
    .filter((r): r is ProgressBatch => r.type === 'batch' && !finishedBatches.has(r.batch_id))
    .filter((r) => r.requests.length > 0 && r.requests.every((q) => freshByKey.has(q.key) && q.attempt === 1))
    .pop();
  let batchId: string;
  let requests: ProgressBatch['requests'];
  if (open) {
    batchId = open.batch_id;
    requests = open.requests;
  } else {
    const list: BatchRequest[] = fresh.map((s) => ({
      customId: `e-${s.key.slice(0, 32)}-a1`,
      body: requestBody(run.settings, run.options.requestOptions, s),
    }));
    const { batch, inputFileId } = await submitBatch(client, list, {
      ...(batchOptions.metadata ? { metadata: batchOptions.metadata } : {}),
      ...(signal ? { signal } : {}),
    });
    batchId = batch.id;
    requests = fresh.map((s, i) => ({ custom_id: list[i]!.customId, key: s.key, attempt: 1 }));
    await store.append({ type: 'batch', batch_id: batchId, input_file_id: inputFileId, requests });
  }
  const finished: BatchLike = await waitForBatch(client, batchId, {
    ...(batchOptions.pollIntervalMs !== undefined ? { pollIntervalMs: batchOptions.pollIntervalMs } : {}),
    ...(batchOptions.sleep ? { sleep: batchOptions.sleep } : {}),
    ...(signal ? { signal } : {}),
    onStatus: (b) =>
      run.emit({
        kind: 'batch',
        batchId,
        status: b.status,
        completed: b.request_counts?.completed ?? 0,
        failed: b.request_counts?.failed ?? 0,
        total: b.request_counts?.total ?? requests.length,
      }),
  });
  const collected = await collectBatchResults(client, finished, signal ? { signal } : {});
  warnings.push(...collected.issues.map((i) => `batch ${batchId} output line ${i.line}: ${i.message}`));
  const answered: AnsweredAttempt[] = [];
  for (const request of requests) {
    const state = freshByKey.get(request.key);
    const result = collected.results.get(request.custom_id);
    if (!state || state.final !== null || state.attempts.length > 0) continue;
    if (result?.ok) answered.push({ state, completion: readCompletion(result.completion), via: 'batch' });
    else
      warnings.push(
        `batch ${batchId}: ${state.entry.id} ${result ? `failed (${result.error})` : 'has no result'}; retried with a chat call`,
      );
  }
  await judgeAnswers(run, answered);
  await store.append({ type: 'batch_done', batch_id: batchId, status: finished.status });
}
