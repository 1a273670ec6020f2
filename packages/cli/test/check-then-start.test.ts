import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSpecrun, startSpecrun } from './run-binary.js';

// A maintenance job is given to a contractor named in the payload, who must be a user: the
// guard counts users with a condition that reads `input`. Such a specification once checked
// clean and then stopped `specrun start` with exit 2 (issue 20).
const SPEC = `# Specification: Maintenance

## 1. What the product does and for whom

Maintenance lets a property manager hand repair jobs to contractors.

- Name: Maintenance

## 2. Screens and routes

| Route | Screen | Kind | Entity | Who | Shows |
|---|---|---|---|---|---|
| / | Jobs | list | Job | signed-in | columns title, contractor, status |
| /jobs/:id | Job | detail | Job | signed-in | |
| /sign-in | Sign in | sign-in | | anyone | |

## 3. Entities and their fields

### Job

| Field | Type | Required | Default | Rules |
|---|---|---|---|---|
| title | text | yes | | 3..80 chars |
| contractor | → User | no | | read-only |
| status | state | | | |

## 4. States and transitions

### Job

- States: open, assigned
- Initial: open

| From | Action | To | Who | When | Sets | Error |
|---|---|---|---|---|---|---|
| open | assign | assigned | manager | \`count(User, u, u.id == input.contractor) == 1\` | contractor = \`input.contractor\` | NO_SUCH_CONTRACTOR |

## 5. Validation rules

| Entity | Rule | Error | On |
|---|---|---|---|
| Job | \`count(Job, j, j.title == record.title && j.createdBy == user.id) == 0\` | SAME_TITLE | create |

## 6. Roles and permissions

| Role | Description | Sign-up |
|---|---|---|
| manager | Hands out the jobs | default |

| Role | Entity | Actions | Allowed | Fields |
|---|---|---|---|---|
| manager | Job | read, create, assign | yes | all |
| manager | User | read | \`count(Job, j, j.contractor == record.id && j.createdBy == user.id) >= 0\` | name, email |

## 7. The calls it makes

The calls are not specified: the default REST API serves them.

## 8. The error catalogue

| Code | Status | Message |
|---|---|---|
| NO_SUCH_CONTRACTOR | 422 | The contractor must be a user. |
| SAME_TITLE | 409 | You already have a job with this title. |

## 9. Business constants and limits

Nothing is limited.
`;

/** A signed-in client of a running server: fetch with its session cookie. */
async function signUp(url: string, email: string) {
  const response = await fetch(`${url}/api/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, name: email, password: 'a long enough password 1' }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  const me = (await response.json()) as { id: string };
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${url}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };
  return { id: me.id, call };
}

describe('what specrun check passes, specrun start runs', { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'specrun-check-start-'));
  const file = join(dir, 'maintenance.spec.md');
  writeFileSync(file, SPEC);
  let child: ChildProcess | undefined;
  afterAll(() => child?.kill('SIGTERM'));

  it('checks a guard, a rule and a condition counting with input and user without errors', async () => {
    const result = await runSpecrun(['check', file, '--json']);
    const { diagnostics } = JSON.parse(result.stdout) as {
      diagnostics: { severity: string; code: string }[];
    };
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.code).toBe(0);
  });

  it('starts, and runs the guard counting with input both ways', async () => {
    const started = await startSpecrun([file, '--port', '0', '--data', join(dir, 'data')]);
    child = started.child;
    const manager = await signUp(started.url, 'manager@example.com');
    const contractor = await signUp(started.url, 'contractor@example.com');
    const job = await manager.call('POST', '/api/jobs', { title: 'Fix the roof' });
    expect(job.status).toBe(201);
    expect((await manager.call('POST', '/api/jobs', { title: 'Fix the roof' })).body).toMatchObject(
      { code: 'SAME_TITLE' },
    );
    const assign = (to: unknown) =>
      manager.call('POST', `/api/jobs/${String(job.body.id)}/assign`, { contractor: to });
    const refused = await assign('nobody');
    expect(refused).toMatchObject({ status: 422, body: { code: 'NO_SUCH_CONTRACTOR' } });
    const assigned = await assign(contractor.id);
    expect(assigned).toMatchObject({
      status: 200,
      body: { status: 'assigned', contractor: contractor.id },
    });
    // The Allowed condition counting with `user`, on one record (a list would sort by createdAt,
    // which the row does not let the manager read: a separate bug of issue 20).
    const seen = await manager.call('GET', `/api/users/${contractor.id}`);
    expect(seen).toMatchObject({ status: 200, body: { email: 'contractor@example.com' } });
  });
});
