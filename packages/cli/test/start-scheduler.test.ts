import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { runSpecrun, startSpecrun } from './run-binary.js';

// A reminder is due as soon as it is made: the system marks it sent, with nobody asking.
const SPEC = `# Specification: Reminders

## 3. Entities and their fields

### Reminder

| Field  | Type  | Required | Default | Rules |
| ------ | ----- | -------- | ------- | ----- |
| text   | text  | yes      |         |       |
| status | state |          |         |       |

## 4. States and transitions

### Reminder

- States: waiting, sent
- Initial: waiting

| From    | Action | To   | Who    | When                        | Sets |
| ------- | ------ | ---- | ------ | --------------------------- | ---- |
| waiting | send   | sent | system | \`now >= record.createdAt\` |      |

## 6. Roles and permissions

| Role   | Entity   | Actions      | Allowed | Fields |
| ------ | -------- | ------------ | ------- | ------ |
| anyone | Reminder | read, create | yes     | all    |
`;

describe('specrun start and the automatic transitions', () => {
  const dir = mkdtempSync(join(tmpdir(), 'specrun-scheduler-'));
  const file = join(dir, 'reminders.spec.md');
  writeFileSync(file, SPEC);
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('moves a due record by itself, every --tick', async () => {
    const started = await startSpecrun(
      [file, '--port', '0', '--data', 'data', '--tick', '0.2'],
      dir,
    );
    child = started.child;
    const made = await fetch(`${started.url}/api/reminders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Water the plants' }),
    });
    expect(made.status).toBe(201);
    const { id, status } = (await made.json()) as { id: string; status: string };
    expect(status).toBe('waiting');
    const read = async () =>
      ((await (await fetch(`${started.url}/api/reminders/${id}`)).json()) as { status: string })
        .status;
    await expect.poll(read, { timeout: 10_000, interval: 100 }).toBe('sent');
  });

  it('explains a bad --tick, exit 1', async () => {
    const result = await runSpecrun(['start', file, '--tick', '0']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--tick takes a number of seconds from 0.1 to 86400');
  });
});
