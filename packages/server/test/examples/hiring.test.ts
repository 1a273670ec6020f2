import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { clientCalls, exampleModel, serveApp } from './support/served-example.js';

// examples/hiring.spec.md as its existing clients call it: a Bearer token in the Authorization
// header, snake_case objects, jobs by slug, applications under their candidate, and errors in the
// clients' own body `{ "error": { key: [message] } }`.
const model = exampleModel('hiring');

type Body = Record<string, unknown>;

const PASSWORD = 'correct horse battery staple';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const CANDIDATE_KEYS = [
  'id',
  'first_name',
  'last_name',
  'company',
  'email_address',
  'notes',
  'application_count',
  'created_at',
  'updated_at',
];
const APPLICATION_KEYS = [
  'id',
  'candidate_id',
  'job',
  'status',
  'source',
  'rejection_reason',
  'applied_at',
  'rejected_at',
  'hired_at',
  'watchers',
  'watching',
];

/** Someone signed up through the client: their id, email and the token it keeps. */
interface Person {
  id: string;
  email: string;
  name: string;
  token: string;
}

let people = 0;

/** The clients' error body: only `error`, and under it this key holding this message. */
function expectError(
  response: LightMyRequestResponse,
  status: number,
  key: string,
  message?: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = response.json<Body>();
  expect(Object.keys(body), response.body).toEqual(['error']);
  const messages = (body.error as Record<string, string[]>)[key];
  expect(messages, response.body).toBeDefined();
  if (message !== undefined) expect(messages, response.body).toContain(message);
  return body.error as Record<string, string[]>;
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'the applicant-tracking API of examples/hiring.spec.md', (databases) => {
    const served = serveApp(databases, model);
    // Each request from an address of its own: suites sign up more people an hour than one
    // address may (SIGN_UP_ATTEMPTS_PER_HOUR).
    const call = clientCalls(served, 'Bearer', () => `10.30.${people >> 8}.${people & 255}`);
    const ok = (response: LightMyRequestResponse, status = 200): Body => {
      expect(response.statusCode, response.body).toBe(status);
      if (status === 204) return {};
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      return response.json<Body>();
    };

    const signUp = async (role: string, extra: Body = {}): Promise<Person> => {
      const email = `${role}${++people}.${dialect}@hiring.test`;
      const user = { email, password: PASSWORD, name: `${role} ${people}`, roles: [role] };
      const body = ok(await call('POST', '/v1/users', { user: { ...user, ...extra } }), 201);
      const answered = body.user as Body;
      return { id: answered.id as string, email, name: user.name, token: answered.token as string };
    };
    const newCandidate = async (by: Person, fields: Body = {}) =>
      ok(
        await call(
          'POST',
          '/v1/candidates',
          { first_name: 'Ada', last_name: `Lovelace ${++people}`, ...fields },
          by.token,
        ),
        201,
      );
    const newJob = async (by: Person, fields: Body = {}) =>
      ok(
        await call('POST', '/v1/jobs', { title: `Engineer ${++people}`, ...fields }, by.token),
        201,
      );
    const apply = async (by: Person, candidate: Body, job: Body, fields: Body = {}) =>
      ok(
        await call(
          'POST',
          `/v1/candidates/${candidate.id as string}/applications`,
          { job: job.slug, ...fields },
          by.token,
        ),
        201,
      );

    describe('accounts and tokens', () => {
      it('signs up with roles and a job title, answering the Me object with a token', async () => {
        const email = `Mixed.Case.${dialect}@Hiring.test`;
        const response = await call('POST', '/v1/users', {
          user: {
            email,
            password: PASSWORD,
            name: 'Rita',
            job_title: 'Recruiter',
            roles: ['recruiter'],
          },
        });
        const user = ok(response, 201).user as Body;
        expect(Object.keys(user)).toEqual(['id', 'email', 'name', 'job_title', 'token']);
        expect(user).toMatchObject({
          email: email.toLowerCase(),
          name: 'Rita',
          job_title: 'Recruiter',
        });
        expect(typeof user.token).toBe('string');
        const me = ok(await call('GET', '/v1/me', undefined, user.token as string)).user as Body;
        expect(me).toEqual(user);
      });

      it('refuses a taken email with 409, blanks with 422 under each field, no role with 422', async () => {
        const taken = await signUp('interviewer');
        const again = {
          email: taken.email,
          password: PASSWORD,
          name: 'Again',
          roles: ['interviewer'],
        };
        expectError(
          await call('POST', '/v1/users', { user: again }),
          409,
          'email',
          'has already been taken',
        );
        const blanks = expectError(
          await call('POST', '/v1/users', {
            user: { email: '', password: PASSWORD, name: '', roles: ['interviewer'] },
          }),
          422,
          'email',
          "can't be blank",
        );
        expect(blanks.name).toEqual(["can't be blank"]);
        expectError(
          await call('POST', '/v1/users', {
            user: {
              email: `noroles${dialect}@hiring.test`,
              password: PASSWORD,
              name: 'N',
              roles: [],
            },
          }),
          422,
          'roles',
        );
      });

      it('signs in with a fresh token, refuses a wrong password under credentials', async () => {
        const person = await signUp('recruiter');
        const user = ok(
          await call('POST', '/v1/sessions', { email: person.email, password: PASSWORD }),
        ).user as Body;
        expect(user.token).not.toBe(person.token);
        expect(user.id).toBe(person.id);
        expectError(
          await call('POST', '/v1/sessions', {
            email: person.email,
            password: 'not the password at all',
          }),
          401,
          'credentials',
          'are not right',
        );
      });

      it('answers 401 under auth with no token, a garbage one, or another scheme', async () => {
        const person = await signUp('recruiter');
        expectError(await call('GET', '/v1/me'), 401, 'auth', 'needs a valid Bearer token');
        expectError(await call('GET', '/v1/me', undefined, 'garbage'), 401, 'auth');
        expectError(
          await call('GET', '/v1/me', undefined, undefined, {
            authorization: `Token ${person.token}`,
          }),
          401,
          'auth',
        );
        expectError(await call('GET', '/v1/candidates'), 401, 'auth');
      });

      it('updates me: the job title and name, never roles; a new password ends the old token', async () => {
        const person = await signUp('interviewer');
        const user = ok(
          await call(
            'PATCH',
            '/v1/me',
            { user: { job_title: 'Staff engineer', name: 'Ivan' } },
            person.token,
          ),
        ).user as Body;
        expect(user).toMatchObject({ id: person.id, name: 'Ivan', job_title: 'Staff engineer' });
        expectError(
          await call('PATCH', '/v1/me', { user: { roles: ['recruiter'] } }, person.token),
          400,
          'bad_request',
        );
        const renewed = ok(
          await call(
            'PATCH',
            '/v1/me',
            { user: { password: 'another long enough passphrase' } },
            person.token,
          ),
        ).user as Body;
        expect(renewed.token).not.toBe(person.token);
        expectError(await call('GET', '/v1/me', undefined, person.token), 401, 'auth');
        ok(await call('GET', '/v1/me', undefined, renewed.token as string));
      });

      it('signs out: the token no longer works', async () => {
        const person = await signUp('recruiter');
        ok(await call('DELETE', '/v1/sessions', undefined, person.token), 204);
        expectError(await call('GET', '/v1/me', undefined, person.token), 401, 'auth');
      });
    });

    describe('candidates', () => {
      it('creates a candidate from snake_case names, answering every key, empty ones null', async () => {
        const recruiter = await signUp('recruiter');
        const candidate = await newCandidate(recruiter, {
          email_address: `ada${people}.${dialect}@example.test`,
        });
        expect(Object.keys(candidate)).toEqual(CANDIDATE_KEYS);
        expect(candidate).toMatchObject({
          first_name: 'Ada',
          company: null,
          notes: null,
          application_count: 0,
        });
        expect(candidate.created_at).toMatch(ISO);
        expect(candidate.updated_at).toBe(candidate.created_at);
        const read = ok(
          await call('GET', `/v1/candidates/${candidate.id as string}`, undefined, recruiter.token),
        );
        expect(read).toEqual(candidate);
      });

      it('leaves notes out (absent, not null) for an interviewer, who may not read them', async () => {
        const recruiter = await signUp('recruiter');
        const interviewer = await signUp('interviewer');
        const candidate = await newCandidate(recruiter, { notes: 'Strong referral' });
        expect(candidate.notes).toBe('Strong referral');
        const read = ok(
          await call(
            'GET',
            `/v1/candidates/${candidate.id as string}`,
            undefined,
            interviewer.token,
          ),
        );
        expect(Object.keys(read)).toEqual(CANDIDATE_KEYS.filter((k) => k !== 'notes'));
      });

      it('updates by the client names, refuses the engine names, and keys problems by the names sent', async () => {
        const recruiter = await signUp('recruiter');
        const email = `grace${people}.${dialect}@example.test`;
        const first = await newCandidate(recruiter, { email_address: email });
        const second = await newCandidate(recruiter);
        const path = `/v1/candidates/${second.id as string}`;
        const changed = ok(
          await call(
            'PATCH',
            path,
            { company: 'Analytical Engines', first_name: 'Grace' },
            recruiter.token,
          ),
        );
        expect(changed).toMatchObject({ company: 'Analytical Engines', first_name: 'Grace' });
        expect(changed.updated_at).not.toBe(changed.created_at);
        expectError(
          await call('PATCH', path, { firstName: 'G' }, recruiter.token),
          400,
          'bad_request',
        );
        expectError(
          await call('PATCH', path, { email_address: email }, recruiter.token),
          409,
          'email_address',
          'has already been taken',
        );
        const both = expectError(
          await call('PATCH', path, { first_name: '', email_address: email }, recruiter.token),
          422,
          'first_name',
          "can't be blank",
        );
        expect(both.email_address).toEqual(['has already been taken']);
        expectError(
          await call('PATCH', path, { email_address: 'not an address' }, recruiter.token),
          422,
          'email_address',
        );
        expect(first.email_address).toBe(email);
      });

      it('checks 401, then 404, then 403', async () => {
        const recruiter = await signUp('recruiter');
        const interviewer = await signUp('interviewer');
        const candidate = await newCandidate(recruiter);
        const missing = '/v1/candidates/01a00000-0000-7000-8000-000000000000';
        expectError(await call('PATCH', missing, { company: 'X' }), 401, 'auth');
        expectError(
          await call('PATCH', missing, { company: 'X' }, interviewer.token),
          404,
          'candidate',
          'not found',
        );
        expectError(
          await call(
            'PATCH',
            `/v1/candidates/${candidate.id as string}`,
            { company: 'X' },
            interviewer.token,
          ),
          403,
          'candidate',
          'is not yours to change',
        );
        expectError(await call('DELETE', missing), 401, 'auth');
        expectError(await call('DELETE', missing, undefined, recruiter.token), 404, 'candidate');
        expectError(
          await call(
            'POST',
            '/v1/candidates',
            { first_name: 'A', last_name: 'B' },
            interviewer.token,
          ),
          403,
          'forbidden',
        );
      });

      it('lists candidates with the total under total, paged by per_page and skip with a Link', async () => {
        const recruiter = await signUp('recruiter');
        for (let i = 0; i < 3; i++) await newCandidate(recruiter);
        const all = ok(await call('GET', '/v1/candidates', undefined, recruiter.token));
        expect(Object.keys(all)).toEqual(['candidates', 'total']);
        const total = all.total as number;
        expect(total).toBeGreaterThanOrEqual(3);
        const page = await call(
          'GET',
          '/v1/candidates?per_page=2&skip=1',
          undefined,
          recruiter.token,
        );
        const body = ok(page);
        expect((body.candidates as Body[]).map((c) => c.id)).toEqual(
          (all.candidates as Body[]).slice(1, 3).map((c) => c.id),
        );
        expect(body.total).toBe(total);
        expect(page.headers.link).toBe('</v1/candidates?per_page=2&skip=3>; rel="next"');
        expectError(
          await call('GET', '/v1/candidates?limit=2', undefined, recruiter.token),
          400,
          'bad_request',
        );
      });

      it('deletes a candidate with no application; one with an application is a conflict', async () => {
        const recruiter = await signUp('recruiter');
        const lone = await newCandidate(recruiter);
        ok(
          await call('DELETE', `/v1/candidates/${lone.id as string}`, undefined, recruiter.token),
          204,
        );
        expectError(
          await call('GET', `/v1/candidates/${lone.id as string}`, undefined, recruiter.token),
          404,
          'candidate',
        );
        const applied = await newCandidate(recruiter);
        await apply(recruiter, applied, await newJob(recruiter));
        expectError(
          await call(
            'DELETE',
            `/v1/candidates/${applied.id as string}`,
            undefined,
            recruiter.token,
          ),
          409,
          'in_use',
        );
      });
    });

    describe('jobs', () => {
      it('makes the slug from the title, the next free one on a clash, and keeps it when the title changes', async () => {
        const recruiter = await signUp('recruiter');
        const title = `Señor Engineer — Platform ${dialect}`;
        const first = await newJob(recruiter, { title, department: 'Platform' });
        expect(Object.keys(first)).toEqual([
          'id',
          'slug',
          'title',
          'department',
          'status',
          'openings',
          'hiring_manager',
          'created_at',
        ]);
        expect(first).toMatchObject({
          slug: `senor-engineer-platform-${dialect}`,
          status: 'open',
          openings: 1,
          hiring_manager: null,
        });
        const second = await newJob(recruiter, { title });
        expect(second.slug).toBe(`senor-engineer-platform-${dialect}-2`);
        const path = `/v1/jobs/${first.slug as string}`;
        const read = await call('GET', path, undefined, recruiter.token);
        expect(ok(read)).toEqual(first);
        const renamed = ok(
          await call('PATCH', path, { title: 'Principal engineer' }, recruiter.token),
        );
        expect(renamed).toMatchObject({ slug: first.slug, title: 'Principal engineer' });
        expectError(
          await call('PATCH', path, { slug: 'mine' }, recruiter.token),
          400,
          'bad_request',
        );
        expectError(
          await call('GET', '/v1/jobs/no-such-job', undefined, recruiter.token),
          404,
          'job',
          'not found',
        );
      });

      it('takes the hiring manager by id under its client name and answers it as a UserSummary, refusing one that does not exist', async () => {
        const recruiter = await signUp('recruiter');
        const interviewer = await signUp('interviewer');
        const manager = { id: interviewer.id, name: interviewer.name };
        const job = await newJob(recruiter, { hiring_manager: interviewer.id });
        expect(job.hiring_manager).toEqual(manager);
        expect(Object.keys(job.hiring_manager as Body)).toEqual(['id', 'name']);
        const path = `/v1/jobs/${job.slug as string}`;
        expect(ok(await call('GET', path, undefined, interviewer.token)).hiring_manager).toEqual(
          manager,
        );
        const jobs = ok(await call('GET', '/v1/jobs', undefined, interviewer.token));
        const listed = (jobs.jobs as Body[]).find((j) => j.id === job.id);
        expect(listed?.hiring_manager).toEqual(manager);
        const cleared = ok(await call('PATCH', path, { hiring_manager: null }, recruiter.token));
        expect(cleared.hiring_manager).toBeNull();
        expectError(
          await call(
            'POST',
            '/v1/jobs',
            { title: 'Designer', hiring_manager: 'nobody' },
            recruiter.token,
          ),
          422,
          'hiring_manager',
        );
        expectError(await call('POST', '/v1/jobs', { title: 'QA' }, recruiter.token), 422, 'title');
      });

      it('refuses a stale If-Match with 412, and updates without one', async () => {
        const recruiter = await signUp('recruiter');
        const job = await newJob(recruiter);
        const path = `/v1/jobs/${job.slug as string}`;
        ok(await call('PATCH', path, { openings: 2 }, recruiter.token));
        expectError(
          await call('PATCH', path, { openings: 3 }, recruiter.token, { 'if-match': '"1"' }),
          412,
          'conflict',
        );
        const read = await call('GET', path, undefined, recruiter.token);
        expect(read.headers.etag).toBe('"2"');
        expect(ok(read).openings).toBe(2);
      });

      it('lists jobs under jobs with the total, for interviewers too', async () => {
        const recruiter = await signUp('recruiter');
        const interviewer = await signUp('interviewer');
        await newJob(recruiter);
        const body = ok(await call('GET', '/v1/jobs', undefined, interviewer.token));
        expect(Object.keys(body)).toEqual(['jobs', 'total']);
        expect(body.total).toBe((body.jobs as Body[]).length);
      });
    });

    describe('applications', () => {
      it('creates an application under its candidate, the job by slug rendered as an object', async () => {
        const recruiter = await signUp('recruiter');
        const candidate = await newCandidate(recruiter);
        const job = await newJob(recruiter);
        const application = await apply(recruiter, candidate, job, { source: 'referral' });
        expect(Object.keys(application)).toEqual(APPLICATION_KEYS);
        expect(application).toMatchObject({
          candidate_id: candidate.id,
          job: { id: job.id, slug: job.slug, title: job.title },
          status: 'active',
          source: 'referral',
          rejection_reason: null,
          rejected_at: null,
          hired_at: null,
          watchers: [],
          watching: false,
        });
        expect(Object.keys(application.job as Body)).toEqual(['id', 'slug', 'title']);
        expect(application.applied_at).toMatch(ISO);
        const read = ok(
          await call('GET', `/v1/candidates/${candidate.id as string}`, undefined, recruiter.token),
        );
        expect(read.application_count).toBe(1);
      });

      it('refuses the candidate in the payload, a missing candidate, a missing job and a second application', async () => {
        const recruiter = await signUp('recruiter');
        const candidate = await newCandidate(recruiter);
        const other = await newCandidate(recruiter);
        const job = await newJob(recruiter);
        const path = `/v1/candidates/${candidate.id as string}/applications`;
        expectError(
          await call('POST', path, { job: job.slug, candidate: other.id }, recruiter.token),
          400,
          'bad_request',
        );
        expectError(
          await call(
            'POST',
            '/v1/candidates/01a00000-0000-7000-8000-000000000000/applications',
            { job: job.slug },
            recruiter.token,
          ),
          404,
          'candidate',
          'not found',
        );
        // A slug the engine gives cannot make a job: a missing one is a reference to no job.
        expectError(
          await call('POST', path, { job: `no-such-job-${dialect}` }, recruiter.token),
          422,
          'job',
          'Job must name an existing job.',
        );
        const jobs = ok(await call('GET', '/v1/jobs', undefined, recruiter.token));
        expect((jobs.jobs as Body[]).some((j) => j.slug === `no-such-job-${dialect}`)).toBe(false);
        await apply(recruiter, candidate, job);
        expectError(
          await call('POST', path, { job: job.slug }, recruiter.token),
          409,
          'job',
          'has already been taken',
        );
      });

      it('refuses applications and hires for a closed job', async () => {
        const recruiter = await signUp('recruiter');
        const candidate = await newCandidate(recruiter);
        const job = await newJob(recruiter);
        const application = await apply(recruiter, candidate, job);
        ok(
          await call(
            'PATCH',
            `/v1/jobs/${job.slug as string}`,
            { status: 'closed' },
            recruiter.token,
          ),
        );
        const late = await newCandidate(recruiter);
        expectError(
          await call(
            'POST',
            `/v1/candidates/${late.id as string}/applications`,
            { job: job.slug },
            recruiter.token,
          ),
          409,
          'job',
          'is closed to new applications and hires',
        );
        expectError(
          await call(
            'POST',
            `/v1/applications/${application.id as string}/hire`,
            undefined,
            recruiter.token,
          ),
          409,
          'job',
          'is closed to new applications and hires',
        );
      });

      it("lists a candidate's applications as a bare array, only theirs", async () => {
        const recruiter = await signUp('recruiter');
        const candidate = await newCandidate(recruiter);
        const other = await newCandidate(recruiter);
        const first = await apply(recruiter, candidate, await newJob(recruiter));
        const second = await apply(recruiter, candidate, await newJob(recruiter));
        await apply(recruiter, other, await newJob(recruiter));
        const list = ok(
          await call(
            'GET',
            `/v1/candidates/${candidate.id as string}/applications`,
            undefined,
            recruiter.token,
          ),
        ) as unknown as Body[];
        expect(Array.isArray(list)).toBe(true);
        expect(list.map((a) => a.id)).toEqual([second.id, first.id]);
        expectError(
          await call(
            'GET',
            '/v1/candidates/01a00000-0000-7000-8000-000000000000/applications',
            undefined,
            recruiter.token,
          ),
          404,
          'candidate',
        );
      });

      it("lists a job's applications by status and slug, paged by per_page and skip, with the total", async () => {
        const recruiter = await signUp('recruiter');
        const job = await newJob(recruiter);
        const other = await newJob(recruiter);
        const made: Body[] = [];
        for (let i = 0; i < 4; i++)
          made.push(await apply(recruiter, await newCandidate(recruiter), job));
        await apply(recruiter, await newCandidate(recruiter), other);
        ok(
          await call(
            'POST',
            `/v1/applications/${made[0]!.id as string}/reject`,
            { rejection_reason: 'No' },
            recruiter.token,
          ),
        );
        const slug = job.slug as string;
        const active = await call(
          'GET',
          `/v1/applications?job=${slug}&status=active&per_page=2`,
          undefined,
          recruiter.token,
        );
        const body = ok(active);
        expect(Object.keys(body)).toEqual(['applications', 'total']);
        expect(body.total).toBe(3);
        expect((body.applications as Body[]).map((a) => a.id)).toEqual([made[3]!.id, made[2]!.id]);
        expect(active.headers.link).toBe(
          `</v1/applications?job=${slug}&status=active&per_page=2&skip=2>; rel="next"`,
        );
        const last = await call(
          'GET',
          `/v1/applications?job=${slug}&status=active&per_page=2&skip=2`,
          undefined,
          recruiter.token,
        );
        expect((ok(last).applications as Body[]).map((a) => a.id)).toEqual([made[1]!.id]);
        expect(last.headers.link).toBeUndefined();
        const rejected = ok(
          await call(
            'GET',
            `/v1/applications?job=${slug}&status=rejected`,
            undefined,
            recruiter.token,
          ),
        );
        expect((rejected.applications as Body[]).map((a) => a.id)).toEqual([made[0]!.id]);
        const ofJob = ok(
          await call('GET', `/v1/applications?job=${slug}`, undefined, recruiter.token),
        );
        expect(ofJob.total).toBe(4);
        expectError(
          await call('GET', '/v1/applications?job_id=1', undefined, recruiter.token),
          400,
          'bad_request',
        );
        expectError(
          await call('GET', '/v1/applications?per_page=0', undefined, recruiter.token),
          400,
          'bad_request',
        );
        expectError(
          await call('GET', '/v1/applications?per_page=101', undefined, recruiter.token),
          400,
          'bad_request',
        );
        expectError(
          await call('GET', '/v1/applications?skip=-1', undefined, recruiter.token),
          400,
          'bad_request',
        );
        expectError(await call('GET', '/v1/applications'), 401, 'auth');
      });

      it('lets an interviewer read only the applications of the jobs they manage, without the rejection reason', async () => {
        const recruiter = await signUp('recruiter');
        const interviewer = await signUp('interviewer');
        const theirs = await newJob(recruiter, { hiring_manager: interviewer.id });
        const others = await newJob(recruiter);
        const mine = await apply(recruiter, await newCandidate(recruiter), theirs);
        const hidden = await apply(recruiter, await newCandidate(recruiter), others);
        const read = ok(
          await call('GET', `/v1/applications/${mine.id as string}`, undefined, interviewer.token),
        );
        expect(Object.keys(read)).toEqual(APPLICATION_KEYS.filter((k) => k !== 'rejection_reason'));
        expectError(
          await call(
            'GET',
            `/v1/applications/${hidden.id as string}`,
            undefined,
            interviewer.token,
          ),
          404,
          'application',
          'not found',
        );
        const listed = ok(
          await call(
            'GET',
            `/v1/applications?job=${others.slug as string}`,
            undefined,
            interviewer.token,
          ),
        );
        expect(listed).toEqual({ applications: [], total: 0 });
      });

      it('moves an application active → rejected → active → hired, with guards and their keys', async () => {
        const recruiter = await signUp('recruiter');
        const application = await apply(
          recruiter,
          await newCandidate(recruiter),
          await newJob(recruiter),
        );
        const path = `/v1/applications/${application.id as string}`;
        expectError(
          await call('POST', `${path}/reject`, {}, recruiter.token),
          422,
          'rejection_reason',
          'must say why the candidate is rejected',
        );
        expectError(
          await call('POST', `${path}/reject`, { rejection_reason: '' }, recruiter.token),
          422,
          'rejection_reason',
        );
        expectError(
          await call('POST', `${path}/reject`, { reason: 'x' }, recruiter.token),
          400,
          'bad_request',
        );
        const rejected = ok(
          await call('POST', `${path}/reject`, { rejection_reason: 'Not a fit' }, recruiter.token),
        );
        expect(rejected).toMatchObject({
          status: 'rejected',
          rejection_reason: 'Not a fit',
          hired_at: null,
        });
        expect(rejected.rejected_at).toMatch(ISO);
        expectError(
          await call('POST', `${path}/hire`, undefined, recruiter.token),
          409,
          'status',
          'cannot change from its current status',
        );
        const again = ok(await call('POST', `${path}/unreject`, undefined, recruiter.token));
        expect(again).toMatchObject({
          status: 'active',
          rejection_reason: null,
          rejected_at: null,
        });
        const hired = ok(await call('POST', `${path}/hire`, undefined, recruiter.token));
        expect(hired.status).toBe('hired');
        expect(hired.hired_at).toMatch(ISO);
        expectError(
          await call('POST', `${path}/reject`, { rejection_reason: 'Too late' }, recruiter.token),
          409,
          'status',
        );
        expectError(
          await call('POST', `${path}/unreject`, undefined, recruiter.token),
          409,
          'status',
        );
        expect(ok(await call('GET', path, undefined, recruiter.token)).status).toBe('hired');
      });

      it('checks a transition 401, then 404, then 403', async () => {
        const recruiter = await signUp('recruiter');
        const interviewer = await signUp('interviewer');
        const job = await newJob(recruiter, { hiring_manager: interviewer.id });
        const application = await apply(recruiter, await newCandidate(recruiter), job);
        const missing = '/v1/applications/01a00000-0000-7000-8000-000000000000/hire';
        expectError(await call('POST', missing), 401, 'auth');
        expectError(
          await call('POST', missing, undefined, recruiter.token),
          404,
          'application',
          'not found',
        );
        expectError(
          await call(
            'POST',
            `/v1/applications/${application.id as string}/hire`,
            undefined,
            interviewer.token,
          ),
          403,
          'application',
          'is not yours to change',
        );
        const hidden = await apply(
          recruiter,
          await newCandidate(recruiter),
          await newJob(recruiter),
        );
        expectError(
          await call(
            'POST',
            `/v1/applications/${hidden.id as string}/hire`,
            undefined,
            interviewer.token,
          ),
          404,
          'application',
        );
      });

      it('adds and removes the caller as a watcher, once, without changing the version', async () => {
        const recruiter = await signUp('recruiter');
        const interviewer = await signUp('interviewer', { name: 'Ivan' });
        const job = await newJob(recruiter, { hiring_manager: interviewer.id });
        const application = await apply(recruiter, await newCandidate(recruiter), job);
        const path = `/v1/applications/${application.id as string}/watchers`;
        const before = (
          await call(
            'GET',
            `/v1/applications/${application.id as string}`,
            undefined,
            recruiter.token,
          )
        ).headers.etag;
        const watched = ok(await call('POST', path, undefined, interviewer.token));
        expect(watched).toMatchObject({
          watchers: [{ id: interviewer.id, name: 'Ivan' }],
          watching: true,
        });
        expect(Object.keys((watched.watchers as Body[])[0]!)).toEqual(['id', 'name']);
        ok(await call('POST', path, undefined, interviewer.token));
        const seen = await call(
          'GET',
          `/v1/applications/${application.id as string}`,
          undefined,
          recruiter.token,
        );
        expect(ok(seen)).toMatchObject({
          watchers: [{ id: interviewer.id, name: 'Ivan' }],
          watching: false,
        });
        expect(seen.headers.etag).toBe(before);
        const both = ok(await call('POST', path, undefined, recruiter.token));
        expect((both.watchers as Body[]).map((w) => w.id).sort()).toEqual(
          [interviewer.id, recruiter.id].sort(),
        );
        const left = ok(await call('DELETE', path, undefined, interviewer.token));
        expect(left).toMatchObject({ watchers: [{ id: recruiter.id }], watching: false });
        ok(await call('DELETE', path, undefined, interviewer.token));
        expectError(await call('POST', path), 401, 'auth');
        const hidden = await apply(
          recruiter,
          await newCandidate(recruiter),
          await newJob(recruiter),
        );
        expectError(
          await call(
            'POST',
            `/v1/applications/${hidden.id as string}/watchers`,
            undefined,
            interviewer.token,
          ),
          404,
          'application',
        );
      });
    });

    describe('the wire', () => {
      it('serves the OpenAPI document of the declared calls', async () => {
        const document = ok(await call('GET', '/openapi.json'));
        const paths = Object.keys(document.paths as Body);
        for (const path of [
          '/v1/users',
          '/v1/sessions',
          '/v1/me',
          '/v1/candidates/{id}/applications',
          '/v1/jobs/{slug}',
          '/v1/applications/{id}/watchers',
        ])
          expect(paths).toContain(path);
        const schemas = Object.keys((document.components as { schemas: Body }).schemas);
        expect(schemas).toEqual(
          expect.arrayContaining(['ApplicationView', 'CandidateView', 'JobSummary', 'Me']),
        );
      });

      it('answers a path nothing serves 404 in the error body', async () => {
        const recruiter = await signUp('recruiter');
        expectError(await call('GET', '/v1/offers', undefined, recruiter.token), 404, 'not_found');
      });
    });
  });
}
