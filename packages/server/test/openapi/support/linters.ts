import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

/** One problem a linter reports, reduced to what a failing test needs to print. */
export interface LintProblem {
  file: string;
  rule: string;
  severity: 'error' | 'warning';
  message: string;
  where: string;
}

/** Runs a CLI of the workspace; its exit code only says whether it found problems. */
function run(bin: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      join(ROOT, 'node_modules', '.bin', bin),
      args,
      {
        cwd: ROOT,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
      (_error, stdout, stderr) => resolve({ stdout, stderr }),
    );
  });
}

function parsed<T>(text: string, tool: string, stderr: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`${tool} did not report as JSON; it said:\n${stderr.slice(0, 2000)}`);
  }
}

/** `spectral lint` with the repository's .spectral.yaml (which extends spectral:oas). */
export async function spectralLint(files: string[], outDir: string): Promise<LintProblem[]> {
  const out = join(outDir, 'spectral.json');
  const ruleset = join(ROOT, '.spectral.yaml');
  const { stderr } = await run('spectral', [
    'lint',
    '--ruleset',
    ruleset,
    '--format',
    'json',
    '--output',
    out,
    ...files,
  ]);
  type Result = { code: string; severity: number; message: string; path: string[]; source: string };
  const results = parsed<Result[]>(readFileSync(out, 'utf8'), 'spectral', stderr);
  return results
    .filter((r) => r.severity <= 1)
    .map((r) => ({
      file: r.source,
      rule: r.code,
      severity: r.severity === 0 ? 'error' : 'warning',
      message: r.message,
      where: r.path.join('.'),
    }));
}

/** `redocly lint` with the repository's redocly.yaml (which extends the recommended ruleset). */
export async function redoclyLint(files: string[]): Promise<LintProblem[]> {
  const config = join(ROOT, 'redocly.yaml');
  const { stdout, stderr } = await run('redocly', [
    'lint',
    '--config',
    config,
    '--format',
    'codeclimate',
    ...files,
  ]);
  // Code Climate's format: one array for every file; nothing at all when there is no problem.
  type Issue = {
    description: string;
    severity: string;
    fingerprint: string;
    location: { path: string };
  };
  const issues = stdout.trim() === '' ? [] : parsed<Issue[]>(stdout, 'redocly', stderr);
  return issues.map((i) => {
    const dash = i.fingerprint.indexOf('-#');
    return {
      file: i.location.path,
      rule: dash > 0 ? i.fingerprint.slice(0, dash) : i.fingerprint,
      severity: i.severity === 'critical' || i.severity === 'major' ? 'error' : 'warning',
      message: i.description,
      where: dash > 0 ? i.fingerprint.slice(dash + 1) : '',
    };
  });
}
