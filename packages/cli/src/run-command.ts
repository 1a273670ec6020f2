import { processIo } from './io.js';
import { runCli } from './run-cli.js';

/**
 * Runs the command line this process was started with. The bundle's entry (rolldown.config.mjs)
 * and main.ts's: the bundle is CommonJS, so that bin/specrun.js can run it with V8's code cache
 * (code-cache/), and CommonJS cannot await at its top level.
 */
export async function runCommand(): Promise<void> {
  // The exit code is set, not forced: a running server keeps the process alive.
  process.exitCode = await runCli(process.argv.slice(2), processIo());
}
