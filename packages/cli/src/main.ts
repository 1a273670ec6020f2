import { runCli } from './run-cli.js';
import { processIo } from './io.js';

// The exit code is set, not forced: a running server keeps the process alive.
process.exitCode = await runCli(process.argv.slice(2), processIo());
