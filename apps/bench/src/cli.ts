import { type Command, commandHelp, type Io, parseCommandArgs, UsageError } from './command.js';
import { buildCommand } from './commands/build.js';
import { compareCommand } from './commands/compare.js';
import { compareLanguagesCommand } from './commands/compare-languages.js';
import { embedCommand } from './commands/embed.js';
import { generateCommand } from './commands/generate.js';
import { mergeCommand } from './commands/merge.js';
import { modelsCommand } from './commands/models.js';
import { reportCommand } from './commands/report.js';
import { runCommand } from './commands/run.js';
import { scoreCommand } from './commands/score.js';
import { tasksCommand } from './commands/tasks.js';
import { verifyCommand } from './commands/verify.js';
import { environmentVariables, readConfig } from './config.js';
import { cliVersion } from './versions.js';

/** Every command, in help order. */
export const COMMANDS: readonly Command[] = [
  runCommand,
  verifyCommand,
  embedCommand,
  scoreCommand,
  compareCommand,
  compareLanguagesCommand,
  reportCommand,
  modelsCommand,
  mergeCommand,
  buildCommand,
  tasksCommand,
  generateCommand,
];

export function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return (
    'execret — execution-grounded evaluation of code retrieval\n\n' +
    'Usage: execret <command> [options]\n\nCommands:\n' +
    COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n') +
    '\n\nRun `execret <command> --help` for a command’s options. `execret run` with no options runs the whole\n' +
    'benchmark offline on the bundled mini dataset.\n\n' +
    `Environment: ${environmentVariables().join(', ')}.`.replace(/(.{1,110})(?:, |$)/g, '$1,\n').replace(/,\n$/, '\n')
  );
}

/**
 * Runs the CLI; returns the exit code (0 ok, 1 failure, 2 usage error, 130 interrupted). `env` (default: the
 * process environment) is read by {@link readConfig} only.
 */
export async function main(argv: readonly string[], env?: NodeJS.ProcessEnv): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(mainHelp());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`execret ${cliVersion()}\n`);
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (command === undefined) {
    process.stderr.write(
      `execret: unknown command ${JSON.stringify(name)}; commands: ${COMMANDS.map((c) => c.name).join(', ')}\n`,
    );
    return 2;
  }
  const config = readConfig(env);
  const controller = new AbortController();
  let interrupts = 0;
  const onSigint = (): void => {
    interrupts++;
    if (interrupts === 1) {
      process.stderr.write('\nexecret: interrupted; finishing the current writes (Ctrl-C again to quit at once)\n');
      controller.abort(new Error('interrupted'));
    } else {
      process.exit(130);
    }
  };
  process.on('SIGINT', onSigint);
  try {
    const { values, positionals } = parseCommandArgs(command, rest);
    if (values.help === true) {
      process.stdout.write(commandHelp(command));
      return 0;
    }
    const json = values.json === true;
    const io: Io = {
      json,
      stdout: process.stdout,
      stderr: process.stderr,
      progress: !json && process.stderr.isTTY === true,
      log: (line) => {
        if (!json) process.stderr.write(`${line}\n`);
      },
      warn: (line) => process.stderr.write(`execret: warning: ${line}\n`),
      result: (document, text) => process.stdout.write(json ? `${JSON.stringify(document, null, 2)}\n` : text()),
    };
    return await command.run({ values, positionals, config, io, signal: controller.signal });
  } catch (error) {
    if (controller.signal.aborted) {
      process.stderr.write('execret: stopped; caches hold everything finished so far, rerun to resume\n');
      return 130;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`execret ${name}: ${error.message}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`execret ${name}: ${message}\n`);
    if (config.debug && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    return 1;
  } finally {
    process.off('SIGINT', onSigint);
  }
}
