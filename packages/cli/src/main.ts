import { runCommand } from './run-command.js';

await runCommand();
