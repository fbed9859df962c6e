import { parseArgs } from 'node:util';
import type { Config } from './config.js';

/** How a command reports: human text on stderr/stdout, or one JSON document on stdout. */
export interface Io {
  readonly json: boolean;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WriteStream;
  /** Progress bars are drawn only on a TTY and never in `--json` mode. */
  readonly progress: boolean;
  /** A human line on stderr (suppressed in --json mode unless it is a warning). */
  log(line: string): void;
  warn(line: string): void;
  /** The command's result on stdout: `document` as indented JSON in --json mode, else `text` (made only then). */
  result(document: unknown, text: () => string): void;
}

export type OptionSpec = {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  readonly multiple?: boolean;
  readonly description: string;
  readonly default?: string | boolean;
  readonly placeholder?: string;
};

export interface CommandContext {
  readonly values: Record<string, string | boolean | string[] | undefined>;
  readonly positionals: string[];
  readonly config: Config;
  readonly io: Io;
  readonly signal: AbortSignal;
}

export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly usage: string;
  readonly options: Readonly<Record<string, OptionSpec>>;
  readonly examples?: readonly string[];
  /** Returns the process exit code. */
  run(context: CommandContext): Promise<number>;
}

/** Options every command accepts. */
const COMMON_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  json: { type: 'boolean', description: 'print one JSON document on stdout instead of text; no progress bars' },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
};

/** An error the user can fix (bad flag, missing file): printed without a stack trace, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function parseCommandArgs(
  command: Command,
  argv: readonly string[],
): { values: Record<string, string | boolean | string[] | undefined>; positionals: string[] } {
  const options = { ...COMMON_OPTIONS, ...command.options };
  const spec: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = {};
  for (const [name, option] of Object.entries(options)) {
    spec[name] = {
      type: option.type,
      ...(option.short ? { short: option.short } : {}),
      ...(option.multiple ? { multiple: true } : {}),
    };
  }
  try {
    const parsed = parseArgs({ args: [...argv], options: spec, allowPositionals: true, strict: true });
    const values: Record<string, string | boolean | string[] | undefined> = {};
    for (const [name, option] of Object.entries(options)) {
      values[name] = (parsed.values as Record<string, string | boolean | string[] | undefined>)[name] ?? option.default;
    }
    return { values, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\nRun \`execret ${command.name} --help\` for the options.`);
  }
}

export function commandHelp(command: Command): string {
  const options = { ...command.options, ...COMMON_OPTIONS };
  const lines = Object.entries(options).map(([name, option]) => {
    const flag = `${option.short ? `-${option.short}, ` : '    '}--${name}${option.type === 'string' ? ` <${option.placeholder ?? 'value'}>` : ''}`;
    const def = option.default !== undefined && option.default !== false ? ` (default: ${String(option.default)})` : '';
    return `  ${flag.padEnd(34)} ${option.description}${def}`;
  });
  const examples = command.examples?.length ? `\nExamples:\n${command.examples.map((e) => `  ${e}`).join('\n')}\n` : '';
  return `execret ${command.name} — ${command.summary}\n\nUsage: ${command.usage}\n\nOptions:\n${lines.join('\n')}\n${examples}`;
}

export function stringOption(values: CommandContext['values'], name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}

export function listOption(values: CommandContext['values'], name: string): string[] {
  const v = values[name];
  const items = Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
  return items
    .flatMap((item) => item.split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * A string option that must be one of `choices` (its spec's default when absent), e.g. `--mode`.
 *
 * @throws {UsageError} naming the option and the choices (`--mode must be locked or free-form, got "x"`)
 */
export function choiceOption<T extends string>(
  values: CommandContext['values'],
  name: string,
  choices: readonly T[],
): T {
  const value = stringOption(values, name);
  if ((choices as readonly (string | undefined)[]).includes(value)) return value as T;
  const allowed = `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;
  throw new UsageError(`--${name} must be ${allowed}, got ${JSON.stringify(value)}`);
}

/** `{ [key]: n }` when the integer option `name` was given, else `{}`, so that the library's own default applies. */
export function givenInt(values: CommandContext['values'], name: string, key: string): Record<string, number> {
  return values[name] === undefined ? {} : { [key]: intOption(values, name, 0) };
}

export function intOption(values: CommandContext['values'], name: string, fallback: number): number {
  const v = stringOption(values, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n)) throw new UsageError(`--${name} expects an integer, got ${JSON.stringify(v)}`);
  return n;
}

/** A non-negative number option (a price), `undefined` when absent. */
export function nonNegativeNumberOption(values: CommandContext['values'], name: string): number | undefined {
  const v = stringOption(values, name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0)
    throw new UsageError(`--${name} expects a non-negative number, got ${JSON.stringify(v)}`);
  return n;
}
