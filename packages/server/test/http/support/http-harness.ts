import { prepareApp } from '../../../src/index.js';
import { type AppModel, type Field, apiCalls, type ApiCall } from '@specrun/model';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import {
  AppError,
  createServer,
  deriveTables,
  getRecord,
  migrate,
  prepareOperations,
  resolveTables,
  updateRecord,
  type Actor,
  type EntityOperations,
  type EntityTable,
  type Policy,
  type Store,
} from '../../../src/index.js';
import type { Harness, Overrides } from '../../operations/support/harness.js';
import { nextNumber, sampleValue } from '../../operations/support/sample-values.js';
import { TEST_COST } from '../../accounts/support/accounts-app.js';
import { allowAllPolicy } from '../../support/allow-all-policy.js';
import type { Databases } from '../../support/dialects.js';
import { ACTOR_HEADER, actAsHeader } from './test-actor.js';

/** The password of every account the harness makes over HTTP. */
export const ACCOUNT_PASSWORD = 'correct horse battery staple';
import { envelop, payloadFields, unenvelop } from './wire-shapes.js';

type Body = Record<string, unknown>;
type Kind = 'list' | 'get' | 'create' | 'update' | 'delete' | 'history';

/** A request as a test sends it: who, what, and optionally a JSON body and headers. */
export interface Send {
  method?: InjectOptions['method'];
  url: string;
  actor?: Actor | null;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The operations harness, run over HTTP: records are made and changed through the API. */
export interface HttpHarness extends Harness {
  app(): FastifyInstance;
  calls: readonly ApiCall[];
  /** The call of an operation on an entity, when the API serves one. */
  call(kind: Kind, entity: string): ApiCall | undefined;
  /** The call's path for a record id. */
  path(call: ApiCall, id?: string): string;
  send(request: Send): Promise<LightMyRequestResponse>;
  /** A fresh record's id, read straight from the database. */
  stored(entity: string, id: string): Promise<Body | undefined>;
}

/** The AppError an answer's problem document describes, as the operations would throw it. */
export function problemOf(response: LightMyRequestResponse): AppError {
  const problem = response.json() as { code: string; detail?: string; errors?: never };
  return new AppError(problem.code, problem.detail, {}, problem.errors);
}

function expectStatus(response: LightMyRequestResponse, ...statuses: number[]) {
  if (!statuses.includes(response.statusCode)) throw problemOf(response);
}

/**
 * Opens a migrated database per example and serves it with createServer and `policy` (allow-all
 * unless given). Users are made with the operations (an arrangement: accounts are not this
 * suite's subject); everything else goes through the HTTP API as a client would send it.
 */
export function useHttpHarness(
  databases: Databases,
  model: AppModel,
  overrides: Overrides,
  policyOf: (model: AppModel) => Policy = allowAllPolicy,
): HttpHarness {
  let store: Store | undefined;
  let app: FastifyInstance | undefined;
  let ops: Record<string, EntityOperations> = {};
  let tables = new Map<string, EntityTable>();
  let actors = new Map<string, Actor>();
  const policy = policyOf(model);
  const calls = apiCalls(model);
  beforeAll(async () => {
    store = await databases.open();
    const result = await migrate(store, model);
    if (result.status !== 'applied') throw new Error(`migration ${result.status}`);
    ops = { ...prepareOperations(prepareApp(model, store)) };
    tables = resolveTables(store.db, store.dialect, deriveTables(model));
    app = await createServer({ model, store, policy, passwordCost: TEST_COST });
    actors = actAsHeader(app);
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await store?.close();
  });

  const call = (kind: Kind, entity: string) =>
    calls.find(
      (c) => c.operation.kind === kind && 'entity' in c.operation && c.operation.entity === entity,
    );
  const path = (c: ApiCall, id?: string) => (id === undefined ? c.path : c.path.replace(':id', id));
  const send = ({ method = 'GET', url, actor, body, headers = {} }: Send) => {
    const all: Record<string, string> = { ...headers };
    if (actor) all[ACTOR_HEADER] = actor.id;
    const options: InjectOptions = { method, url, headers: all };
    if (body !== undefined) {
      options.payload = JSON.stringify(body);
      all['content-type'] ??= 'application/json';
    }
    return app!.inject(options);
  };

  const fieldValue = async (field: Field, actor: Actor) => {
    const t = field.type;
    if (t.kind === 'reference' && t.entity === 'User') return actor.id;
    if (t.kind === 'reference') return (await h.make(t.entity, actor)).id;
    if (t.kind === 'list') return [(await h.make(t.entity, actor)).id];
    if (t.kind === 'roles') return [model.roles[0]?.name ?? 'admin'];
    return sampleValue(field);
  };

  /** Sets fields the create call cannot carry: by the update call when it can, else in the store. */
  async function setRest(entity: string, actor: Actor, id: string, rest: Body) {
    const update = call('update', entity);
    const allowed = payloadFields(update?.payload);
    if (update && (!allowed || Object.keys(rest).every((k) => allowed.has(k)))) {
      const response = await send({
        method: update.method,
        url: path(update, id),
        actor,
        body: envelop(update.payload, rest),
      });
      expectStatus(response, 200, 204);
      return;
    }
    const stored = await getRecord(store!.db, tables.get(entity)!, id);
    await updateRecord(store!.db, tables.get(entity)!, id, stored!.version as number, rest);
  }

  function httpOperations(entity: string): EntityOperations {
    const read = async (actor: Actor | null, id: string): Promise<Body> => {
      const get = call('get', entity)!;
      const response = await send({ url: path(get, id), actor });
      expectStatus(response, 200);
      return unenvelop(get.response, response.json()) as Body;
    };
    return {
      async createRecord(ctx, body) {
        const create = call('create', entity);
        if (!create) return ops[entity]!.createRecord(ctx, body);
        const allowed = payloadFields(create.payload);
        const sent: Body = {};
        const rest: Body = {};
        for (const [k, v] of Object.entries(body as Body))
          (allowed && !allowed.has(k) ? rest : sent)[k] = v;
        // A User made over HTTP is an account, and an account needs its first password.
        if (entity === 'User') sent.password = ACCOUNT_PASSWORD;
        const response = await send({
          method: 'POST',
          url: create.path,
          actor: ctx.actor,
          body: envelop(create.payload, sent),
        });
        expectStatus(response, 201, 204);
        const id = String(response.headers.location ?? '')
          .split('/')
          .pop()!;
        const made =
          response.statusCode === 201
            ? (unenvelop(create.response, response.json()) as Body)
            : await read(ctx.actor, id);
        if (Object.keys(rest).length === 0) return made;
        await setRest(entity, ctx.actor!, made.id as string, rest);
        return read(ctx.actor, made.id as string);
      },
      getRecord: (ctx, id) => read(ctx.actor, id),
      // What only the engine's own handlers call: the engine's, as listStoredRecords.
      createStoredRecord: (ctx, body, fixed) => ops[entity]!.createStoredRecord(ctx, body, fixed),
      updateStoredRecord: (ctx, id, body, version) =>
        ops[entity]!.updateStoredRecord(ctx, id, body, version),
      showWritten: (ctx, stored) => ops[entity]!.showWritten(ctx, stored),
      listStoredRecords: (ctx, request) => ops[entity]!.listStoredRecords(ctx, request),
      async listRecords(ctx) {
        const list = call('list', entity)!;
        const response = await send({ url: list.path, actor: ctx.actor });
        expectStatus(response, 200);
        return { records: unenvelop(list.response, response.json()) as Body[] };
      },
      async updateRecord(ctx, id, body, version) {
        const update = call('update', entity)!;
        const response = await send({
          method: update.method,
          url: path(update, id),
          actor: ctx.actor,
          body: envelop(update.payload, body as Body),
          headers: { 'if-match': `"${version}"` },
        });
        expectStatus(response, 200);
        return unenvelop(update.response, response.json()) as Body;
      },
      async deleteRecord(ctx, id, version) {
        const remove = call('delete', entity)!;
        const headers: Record<string, string> =
          version === undefined ? {} : { 'if-match': `"${version}"` };
        const response = await send({
          method: 'DELETE',
          url: path(remove, id),
          actor: ctx.actor,
          headers,
        });
        expectStatus(response, 204, 200);
      },
    };
  }

  const h: HttpHarness = {
    model,
    calls,
    call,
    path,
    send,
    app: () => app!,
    store: () => store!,
    ops: (entity) => httpOperations(entity),
    ctx: (actor) => ({ actor, now: new Date(), policy }),
    async actor(roles = [model.roles[0]?.name ?? 'admin']) {
      const email = `user${nextNumber()}@example.com`;
      const body = { ...(await h.validBody('User', null as never)), roles, email };
      const user = await ops.User!.createRecord(h.ctx(null), body);
      const actor = { id: user.id as string, email, name: user.name as string, roles, fields: {} };
      actors.set(actor.id, actor);
      return actor;
    },
    async validBody(entity, actor) {
      const body: Body = {};
      const e = model.entities.find((x) => x.name === entity)!;
      const fields = e.fields.filter((f) => !f.builtin || (entity === 'User' && f.name !== 'id'));
      for (const f of fields) {
        const settable = !f.rules.some((r) =>
          ['readOnly', 'computed', 'numbered'].includes(r.kind),
        );
        if (!settable || f.default || f.type.kind === 'state') continue;
        if (['createdAt', 'updatedAt', 'createdBy', 'version'].includes(f.name)) continue;
        if (f.type.kind === 'reference' && f.type.entity === 'User' && !actor) continue;
        body[f.name] = await fieldValue(f, actor);
      }
      return { ...body, ...(await overrides[entity]?.(h, actor)) };
    },
    async make(entity, actor, extra = {}) {
      const body = { ...(await h.validBody(entity, actor)), ...extra };
      return httpOperations(entity).createRecord(h.ctx(actor), body);
    },
    async setState(entity, id, state) {
      const table = tables.get(entity)!.table;
      const field = model.lifecycles.find((l) => l.entity === entity)!.field;
      await store!.db
        .updateTable(table)
        .set({ [field]: state })
        .where('id', '=', id as string)
        .execute();
    },
    async count(entity) {
      const table = tables.get(entity)!.table;
      const row = await store!.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    stored: (entity, id) => getRecord(store!.db, tables.get(entity)!, id),
  };
  return h;
}
