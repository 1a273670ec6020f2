// Lint and format beside typecheck and build: each is one single-threaded process, so on the
// 2-core machines the suite runs on, running them side by side takes the time of the longer
// (the typecheck and build) rather than of both. Each one's output is printed whole when it
// ends, so the two never interleave; the first failure's exit code is the run's.
import { spawn } from 'node:child_process';

const lanes = [
  ['lint', 'npm run lint'],
  ['typecheck and build', 'npm run typecheck && npm run build'],
];

function run([name, command]) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(`\n── ${name} (exit ${code}) ──\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(lanes.map(run));
process.exitCode = codes.find((code) => code !== 0) ?? 0;
