import { readFileSync } from 'node:fs';
import type { JsLanguage } from '../src/index.js';

/** One row of `fixtures/mini-js-tasks/tasks.jsonl` (the fields this package reads). */
export interface MiniJsTask {
  id: string;
  domain: string;
  language: JsLanguage;
  function_name: string;
  canonical: string;
  tests: string[];
}

/** The path of the mini-js source tasks, relative to this package. */
export const MINI_JS_TASKS = new URL('../../../fixtures/mini-js-tasks/tasks.jsonl', import.meta.url);

/** Reads the mini-js source tasks (written by fixtures/mini-js-tasks/build.mjs). */
export function readMiniJsTasks(): MiniJsTask[] {
  return readFileSync(MINI_JS_TASKS, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as MiniJsTask);
}
