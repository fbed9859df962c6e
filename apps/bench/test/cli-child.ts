// Runs the CLI from source in a child process (used by the kill-and-resume test).
import { main } from '../src/cli.js';

process.exitCode = await main(process.argv.slice(2));
