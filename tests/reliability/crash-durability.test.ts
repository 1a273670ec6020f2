import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { addUser, signIn } from './support/accounts.js';
import { COUNTS, report } from './support/counts.js';
import { killUnderWrites, type CrashTarget } from './support/crash-harness.js';
import { freePort } from './support/free-port.js';
import { HELPDESK, freshData } from './support/helpdesk.js';
import { startSpecrun } from './support/specrun-process.js';
import { integrityCheck, openReadOnly } from './support/sqlite-snapshot.js';

const CONTROL = fileURLToPath(new URL('./support/ack-before-commit-server.mjs', import.meta.url));

const postName = async (base: string, name: string, cookie?: string) => {
  const response = await fetch(`${base}/api/products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ name }),
  });
  await response.arrayBuffer();
  return response.status === 201;
};

/** specrun on SQLite: an admin creates products (unique names) until the process is killed. */
async function specrunTarget(): Promise<CrashTarget> {
  const storage = freshData();
  await addUser(HELPDESK, storage, 'admin@crash.test', 'admin');
  const first = await startSpecrun(HELPDESK, storage);
  const { cookie } = await signIn(first.base, 'admin@crash.test');
  await first.stop();
  const names = () => {
    const db = openReadOnly(storage.data);
    try {
      return new Set(
        (db.prepare('SELECT name FROM products').all() as { name: string }[]).map((r) => r.name),
      );
    } finally {
      db.close();
    }
  };
  return {
    start: () => startSpecrun(HELPDESK, storage),
    write: (base, name) => postName(base, name, cookie),
    stored: names,
    integrity: () => integrityCheck(storage.data),
  };
}

/** The broken control: acknowledges first, writes a little later. */
function controlTarget(): CrashTarget {
  const dir = freshData().data;
  const file = join(dir, 'control.sqlite');
  return {
    async start() {
      const port = await freePort();
      const child = spawn(process.execPath, [CONTROL, dir, String(port)], { stdio: 'ignore' });
      const base = `http://127.0.0.1:${port}`;
      while (
        !(await fetch(`${base}/api/_health`).then(
          (r) => r.ok,
          () => false,
        ))
      )
        await new Promise((r) => setTimeout(r, 10));
      return {
        base,
        kill: () =>
          new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
      };
    },
    write: (base, name) => postName(base, name),
    stored() {
      const db = new Database(file, { readonly: true });
      try {
        return new Set(
          (db.prepare('SELECT name FROM products').all() as { name: string }[]).map((r) => r.name),
        );
      } finally {
        db.close();
      }
    },
    integrity() {
      const db = new Database(file, { readonly: true });
      try {
        return (db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[])[0]!
          .integrity_check;
      } finally {
        db.close();
      }
    },
  };
}

describe('crash durability', () => {
  it(`keeps every acknowledged write through ${COUNTS.kills} SIGKILLs under concurrent writes`, async () => {
    const findings = await killUnderWrites(await specrunTarget(), COUNTS.kills);
    report(
      `crash durability: ${findings.kills} kills, ${findings.attempted} writes tried, ${findings.acknowledged} acknowledged and checked, ${findings.lost.length} lost`,
    );
    expect(findings.acknowledged).toBeGreaterThanOrEqual(findings.kills);
    expect(findings.damaged).toEqual([]);
    expect(findings.lost).toEqual([]);
    // Each kill restarts the CLI (about 2-3 s): 200 kills need more than the default 10 minutes.
  }, 3_600_000);

  it('catches a server that acknowledges before it commits', async () => {
    const findings = await killUnderWrites(controlTarget(), COUNTS.controlKills, true);
    report(
      `crash durability control: caught after ${findings.kills} kill(s), ${findings.lost.length} acknowledged writes lost`,
    );
    expect(findings.lost.length).toBeGreaterThan(0);
  });
});
