import { examplePath } from '../../../tests/support/examples.js';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { runSpecrun, startSpecrun } from './run-binary.js';

const SEED = examplePath('unspecified');

describe('specrun start', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGTERM');
    child = undefined;
  });

  it('serves a specification and its web app, keeping data in --data', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'specrun-start-'));
    const started = await startSpecrun([SEED, '--port', '0', '--data', 'store'], cwd);
    child = started.child;
    const model = (await (await fetch(`${started.url}/api/_model`)).json()) as { name: string };
    expect(model.name).toBe('web application with an unidentified purpose');
    const page = await fetch(`${started.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(existsSync(join(cwd, 'store', 'specrun.sqlite'))).toBe(true);
  });

  it('serves the bundled example when given no file', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'specrun-start-'));
    const started = await startSpecrun(['--port', '0'], cwd);
    child = started.child;
    const model = (await (await fetch(`${started.url}/api/_model`)).json()) as {
      sections: { status: string }[];
    };
    expect(model.sections.map((s) => s.status)).toEqual(Array(9).fill('unspecified'));
    expect(existsSync(join(cwd, 'data', 'specrun.sqlite'))).toBe(true);
  });

  it('refuses to serve a specification with errors, exit 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'specrun-start-'));
    const file = join(dir, 'bad.md');
    writeFileSync(
      file,
      '# X\n\n## 2. Screens and routes\n\nNot shown.\n\n## 1. What the product does and for whom\n\nNot shown.\n',
    );
    const result = await runSpecrun(['start', file, '--port', '0', '--data', join(dir, 'data')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('section-out-of-order');
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  it('explains a bad port, exit 1', async () => {
    const result = await runSpecrun(['start', SEED, '--port', 'eighty']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--port takes a number from 0 to 65535');
  });
});
