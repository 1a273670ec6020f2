import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built `specrun` command, as `npx specrun` runs it. */
export const SPECRUN = fileURLToPath(new URL('../bin/specrun.js', import.meta.url));

/** Runs `specrun ARGS` to completion. */
export function runSpecrun(
  args: string[],
  cwd?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SPECRUN, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts `specrun start ARGS` and resolves with its URL once it says it is serving. */
export function startSpecrun(
  args: string[],
  cwd?: string,
): Promise<{ url: string; child: ChildProcess; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SPECRUN, 'start', ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`specrun did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /served at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1]!, child, output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`specrun exited with ${code}:\n${output}`));
    });
  });
}
