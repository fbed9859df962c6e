import type { StageEvents, StageProgress } from '@execret/pipeline';
import type { CommandContext } from './command.js';

/**
 * A one-line progress bar with rate and ETA on stderr. Silent unless the stream is a TTY and the
 * command is not in `--json` mode; redraws at most every 100 ms.
 */
export interface ProgressBar {
  update(done: number, total?: number): void;
  finish(message?: string): void;
}

export function createProgressBar(label: string, total: number, options: { readonly enabled: boolean }): ProgressBar {
  const stream = process.stderr;
  const now = Date.now;
  const started = now();
  let last = 0;
  let current = 0;
  let size = total;
  const draw = (force: boolean): void => {
    if (!options.enabled) return;
    const t = now();
    if (!force && t - last < 100) return;
    last = t;
    const fraction = size > 0 ? Math.min(1, current / size) : 1;
    const width = 24;
    const filled = Math.round(fraction * width);
    const elapsed = (t - started) / 1000;
    const rate = elapsed > 0 ? current / elapsed : 0;
    const eta = rate > 0 && size > current ? (size - current) / rate : 0;
    const line =
      `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${current}/${size} ` +
      `${(fraction * 100).toFixed(0)}% ${rate.toFixed(rate < 10 ? 1 : 0)}/s ETA ${formatSeconds(eta)}`;
    stream.write(`\r${line}\x1b[K`);
  };
  return {
    update(done, newTotal) {
      current = done;
      if (newTotal !== undefined) size = newTotal;
      draw(false);
    },
    finish(message) {
      if (!options.enabled) return;
      draw(true);
      stream.write(message === undefined ? '\n' : `\r${label}: ${message}\x1b[K\n`);
    },
  };
}

function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)}s`;
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return m < 60 ? `${m}m${String(s).padStart(2, '0')}s` : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/**
 * Progress bars by label, each created on first use, for package functions that report progress as events
 * (`@execret/pipeline`'s `StageProgress`): `start` creates a label's bar (nothing is drawn yet), `update` draws it,
 * `finish` closes it with a message, `finishOpen` closes every bar still open (a step that failed).
 */
export function progressBars(enabled: boolean): StageProgress {
  const bars = new Map<string, ProgressBar>();
  const bar = (label: string, total = 0): ProgressBar =>
    bars.get(label) ?? bars.set(label, createProgressBar(label, total, { enabled })).get(label)!;
  return {
    start: (label: string, total: number) => void bar(label, total),
    update: (label: string, done: number, total?: number) => bar(label, total).update(done, total),
    finish: (label: string, message?: string) => {
      bar(label).finish(message);
      bars.delete(label);
    },
    finishOpen: (message: string) => {
      for (const open of bars.values()) open.finish(message);
      bars.clear();
    },
  };
}

/** A command's `@execret/pipeline` events: its progress bars, its warnings and its interrupt signal. */
export function stageEvents({ io, signal }: Pick<CommandContext, 'io' | 'signal'>): StageEvents {
  return { progress: progressBars(io.progress), warn: (line) => io.warn(line), signal };
}
