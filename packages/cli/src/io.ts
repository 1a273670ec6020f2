/** Where a command writes, so that commands can be run in tests without a process. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** True when standard output is a terminal that shows colour. */
  colour: boolean;
  cwd: string;
  env: Record<string, string | undefined>;
}

/** The real process's standard streams. */
export function processIo(): Io {
  // A reader that stops early (`specrun check FILE | head`) is normal, not a crash.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    colour: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
    cwd: process.cwd(),
    env: process.env,
  };
}

/** A user's mistake: the CLI prints the message and exits 1. */
export class UsageError extends Error {}
