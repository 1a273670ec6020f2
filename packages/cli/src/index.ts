export { runCli, USAGE } from './run-cli.js';
export type { Io } from './io.js';
