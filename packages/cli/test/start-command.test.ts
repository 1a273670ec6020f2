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

  it('prints a one-time setup code for the first account; behind a proxy only it will do', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'specrun-start-'));
    // The plain flag, before the FILE: one proxy in front.
    const started = await startSpecrun(['--trust-proxy', SEED, '--port', '0'], cwd);
    child = started.child;
    let output = started.output;
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (let i = 0; i < 100 && !output.includes('Ctrl+C'); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const code = /setup code (\S+)/.exec(output)?.[1];
    expect(code, output).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const owner = { email: 'owner@example.com', name: 'Owner', password: 'correct horse battery' };
    const signUp = (body: Record<string, unknown>) =>
      fetch(`${started.url}/api/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
        body: JSON.stringify(body),
      });
    expect((await signUp(owner)).status).toBe(422);
    const made = await signUp({ ...owner, setupCode: code });
    expect(made.status).toBe(201);
  });

  it('explains a bad --trust-proxy or --public-host, exit 1', async () => {
    const proxy = await runSpecrun(['start', SEED, '--trust-proxy', '10.0.0.0/99']);
    expect(proxy.code).toBe(1);
    expect(proxy.stderr).toContain('--trust-proxy takes');
    const host = await runSpecrun(['start', SEED, '--public-host', 'https://app.example.com']);
    expect(host.code).toBe(1);
    expect(host.stderr).toContain('--public-host takes a host name');
  });

  it('explains a bad port, exit 1', async () => {
    const result = await runSpecrun(['start', SEED, '--port', 'eighty']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--port takes a number from 0 to 65535');
  });
});
