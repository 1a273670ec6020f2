import {
  apiCalls,
  findCall,
  pathOf,
  unwrapPage,
  unwrapRecord,
  wrapPayload,
  type ApiCall,
  type ApiOperationKind,
  type AppModel,
  type Catalogue,
  type Page,
  type Shape,
} from '@specrun/model';
import { type SessionUser } from '../model/access.js';
import { handleField, handleValue } from '../model/record-handle.js';
import type { ApiRecord } from '../model/record-label.js';
import { ApiError } from './api-error.js';
import { catalogueMessage } from './catalogue-message.js';
import { declaredListQuery, listCallFor, nextOfLink, unapplied } from './list-call.js';
import { pathValues, type RecordPlace } from './path-values.js';
import { request, type Answer, type RequestOptions } from './http.js';

/** What a list asks for: the query parameters of section 7 "Lists: filter, sort and paging". */
export interface ListParams {
  /** Words to find in the text fields the reader may read (`q`). */
  q?: string;
  /** Ask how many records match (`total=true`), for the default API's lists. */
  total?: boolean;
  filter?: string;
  equals?: Record<string, string>;
  sort?: string;
  limit?: number;
  cursor?: string;
  include?: string[];
  /** Values of the call's path parameters: a nested list's parent (`slug` of `/articles/:slug/comments`). */
  path?: Record<string, string>;
  /**
   * A create of a record referring to these (`create:Booking.event`): each record's `actions`
   * then say whether the server would accept it now (the engine's lists only).
   */
  offers?: string;
}

/** A field an entry changed, with its value before and after, as the record answers it. */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/**
 * One step of a record's history: an update or a transition, by whom, when, and the fields it
 * changed that the reader may read (null on entries older than the changes kept).
 */
export interface HistoryEntry {
  id: string;
  action: string;
  fromState: string | null;
  toState: string | null;
  input: Record<string, unknown> | null;
  changes?: FieldChange[] | null;
  byUser: string | null;
  at: string;
}

/** A list's query string for the engine's own parameters (`field=value`, filter, sort...). */
export function listQuery(params: ListParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const [field, value] of Object.entries(params.equals ?? {})) query.set(field, value);
  if (params.filter) query.set('filter', params.filter);
  if (params.q) query.set('q', params.q);
  if (params.total) query.set('total', 'true');
  if (params.sort) query.set('sort', params.sort);
  if (params.limit !== undefined) query.set('limit', String(params.limit));
  if (params.cursor) query.set('cursor', params.cursor);
  if (params.include?.length) query.set('include', params.include.join(','));
  if (params.offers) query.set('offers', params.offers);
  return query;
}

/** The engine's own "who is signed in" (section 7, "Always served"). */
const SESSION_PATH = '/api/_session';

/** Whether a response shape answers the record as a projection (`{ profile: Profile }`). */
function projects(shape: Shape | undefined): boolean {
  if (!shape) return false;
  if (shape.kind === 'entity') return shape.fields !== undefined || shape.value !== undefined;
  return shape.kind === 'object' && shape.properties.some((p) => projects(p.shape));
}

/** `update, delete` as the actions it names. */
const actionsOf = (header: string): string[] =>
  header.split(',').flatMap((a) => (a.trim() ? [a.trim()] : []));

/**
 * Gives each record of a declared list's page the `actions` the server sent aside (a declared
 * shape, an existing client's, has no room for them), when the page is the one they are for.
 */
function withPageActions(page: Page<ApiRecord>, header: string | null): Page<ApiRecord> {
  if (header === null) return page;
  const each = header.split(';');
  if (each.length !== page.items.length) return page;
  const items = page.items.map((item, i) =>
    Array.isArray(item.actions) ? item : { ...item, actions: actionsOf(each[i]!) },
  );
  return { ...page, items };
}

const versionTag = (record: ApiRecord) =>
  typeof record.version === 'number' ? `"${record.version}"` : undefined;

/**
 * The one client of the API, built once per model. It finds each call (declared in section 7 or
 * the default REST API), wraps payloads in and unwraps answers out of the declared envelopes, and
 * keeps each record's ETag so that every update is sent with If-Match: a record changed by someone
 * else in the meantime is refused (412) instead of overwritten.
 */
export class Api {
  private readonly etags = new Map<string, string>();
  /** Every call the server serves for this model: the table it routes too. */
  readonly calls: readonly ApiCall[];

  constructor(
    readonly model: AppModel,
    private readonly catalogue: Catalogue,
  ) {
    this.calls = apiCalls(model);
  }

  private readonly handleFields = new Map<string, string>();

  /** The field records of an entity are addressed by in paths and routes (see handleField). */
  handleField(entity: string): string {
    let field = this.handleFields.get(entity);
    if (field === undefined) {
      field = handleField(this.model, this.calls, entity);
      this.handleFields.set(entity, field);
    }
    return field;
  }

  /**
   * A record's handle: its value of the entity's handle field (`slug`), which screens put in
   * routes and this client in paths; undefined when the record does not carry it.
   */
  handle(entity: string, record: unknown): string | undefined {
    return handleValue(record, this.handleField(entity)) ?? handleValue(record, 'id');
  }

  /** The call for an operation, or undefined when the API does not serve it. */
  call(kind: ApiOperationKind, entity?: string, action?: string): ApiCall | undefined {
    return findCall(this.calls, kind, entity, action);
  }

  private readonly messageOf = (code: string) => catalogueMessage(this.catalogue, code);

  /** Sends a call, its path's parameters filled from `values` by name (a parent's too). */
  private send(
    call: ApiCall,
    values: Readonly<Record<string, unknown>> | undefined,
    options: RequestOptions = {},
  ): Promise<Answer> {
    return request(call.method, pathOf(call, values), options, this.messageOf);
  }

  /**
   * Sends a call on one record: its handle fills the path's last parameter (`:number`), and a
   * nested call's parents (`:slug`) are filled from where the record is (see pathValues).
   */
  private sendTo(
    call: ApiCall,
    handle: string,
    place: RecordPlace | undefined,
    options: RequestOptions = {},
  ): Promise<Answer> {
    return this.send(call, pathValues(this.model, call, handle, place), options);
  }

  private need(kind: ApiOperationKind, entity?: string, action?: string): ApiCall {
    const call = this.call(kind, entity, action);
    if (!call) {
      const what = [kind, entity, action].filter(Boolean).join(' ');
      throw new ApiError(
        404,
        'NOT_FOUND',
        'This application’s API does not offer that.',
        `No call does ${what}.`,
      );
    }
    return call;
  }

  private remember(entity: string, record: ApiRecord, etag: string | null): ApiRecord {
    const tag = etag ?? versionTag(record);
    const handle = this.handle(entity, record);
    if (tag && handle !== undefined) this.etags.set(`${entity}/${handle}`, tag);
    return record;
  }

  private record(entity: string, call: ApiCall, answer: Answer): ApiRecord {
    const record = unwrapRecord(call.response, answer.body) as ApiRecord;
    // A declared shape (an existing client's) has no `actions`: the server sends them aside.
    if (!Array.isArray(record.actions) && answer.actions !== null)
      record.actions = actionsOf(answer.actions);
    return this.remember(entity, record, answer.etag);
  }

  /** The list call a screen with this filter reads through (see list-call.ts). */
  listCall(entity: string, filter?: string): ApiCall | undefined {
    return listCallFor(this.calls, entity, filter);
  }

  async list(entity: string, params: ListParams = {}): Promise<Page<ApiRecord>> {
    const call = this.listCall(entity, params.filter) ?? this.need('list', entity);
    if (!call.parameters) {
      const answer = await this.send(call, params.path, {
        query: listQuery(unapplied(call, params)),
      });
      const page = unwrapPage<ApiRecord>(call.response, answer.body, answer.link);
      return withPageActions(page, answer.pageActions);
    }
    const answer = await this.send(call, params.path, {
      query: declaredListQuery(call, params),
    });
    const page = withPageActions(
      unwrapPage<ApiRecord>(call.response, answer.body, answer.link),
      answer.pageActions,
    );
    // Paged by the call's own names: the next page is in its Link header (or its cursor).
    const next = nextOfLink(call, answer.link) ?? page.nextCursor;
    const rest = { ...page };
    delete rest.nextCursor;
    return next === undefined ? rest : { ...rest, nextCursor: next };
  }

  /**
   * One record. With `offers`, its `actions` also name the creates of records referring to it
   * that the server would accept now (`create:Booking.event`): what a record's page offers.
   */
  async get(
    entity: string,
    id: string,
    include: string[] = [],
    offers = false,
    place?: RecordPlace,
  ): Promise<ApiRecord> {
    const call = this.need('get', entity);
    // A projection renders the references it wants as objects itself: nothing to expand.
    if (projects(call.response)) include = [];
    const query = new URLSearchParams();
    if (include.length) query.set('include', include.join(','));
    if (offers) query.set('offers', 'create');
    const options = query.size ? { query } : {};
    return this.record(entity, call, await this.sendTo(call, id, place, options));
  }

  /** Creates a record; `path` fills a nested call's parent parameters (`/articles/:slug/comments`). */
  async create(
    entity: string,
    fields: Record<string, unknown>,
    path?: Record<string, string>,
  ): Promise<ApiRecord | undefined> {
    const call = this.need('create', entity);
    const answer = await this.send(call, path, { body: wrapPayload(call.payload, fields) });
    return answer.body === undefined ? undefined : this.record(entity, call, answer);
  }

  /** Sends the changed fields with If-Match: the version this client last saw of the record. */
  async update(
    entity: string,
    id: string,
    fields: Record<string, unknown>,
    place?: RecordPlace,
  ): Promise<ApiRecord | undefined> {
    const call = this.need('update', entity);
    const options: RequestOptions = { body: wrapPayload(call.payload, fields) };
    const tag = this.etags.get(`${entity}/${id}`);
    if (tag) options.ifMatch = tag;
    const answer = await this.sendTo(call, id, place, options);
    if (answer.body === undefined) {
      if (answer.etag) this.etags.set(`${entity}/${id}`, answer.etag);
      return undefined;
    }
    return this.record(entity, call, answer);
  }

  async remove(entity: string, id: string, place?: RecordPlace): Promise<void> {
    const call = this.need('delete', entity);
    const tag = this.etags.get(`${entity}/${id}`);
    await this.sendTo(call, id, place, tag ? { ifMatch: tag } : {});
    this.etags.delete(`${entity}/${id}`);
  }

  async transition(
    entity: string,
    id: string,
    action: string,
    input: Record<string, unknown>,
    place?: RecordPlace,
  ) {
    const call = this.need('transition', entity, action);
    const hasInput = Object.keys(input).length > 0 || call.payload !== undefined;
    const options = hasInput ? { body: wrapPayload(call.payload, input) } : {};
    const answer = await this.sendTo(call, id, place, options);
    return answer.body === undefined ? undefined : this.record(entity, call, answer);
  }

  /** Adds the caller to, or removes them from, a record's list (`add me to E.field`). */
  async membership(
    call: ApiCall,
    entity: string,
    handle: string,
    place?: RecordPlace,
  ): Promise<ApiRecord | undefined> {
    const answer = await this.sendTo(call, handle, place);
    return answer.body === undefined ? undefined : this.record(entity, call, answer);
  }

  async history(
    entity: string,
    id: string,
    cursor?: string,
    place?: RecordPlace,
  ): Promise<Page<HistoryEntry>> {
    const call = this.need('history', entity);
    const query = new URLSearchParams();
    if (cursor) query.set('cursor', cursor);
    const answer = await this.sendTo(call, id, place, { query });
    return unwrapPage<HistoryEntry>(undefined, answer.body, null);
  }

  /**
   * The signed-in user, or null when nobody is: from the engine's GET /api/_session, which answers
   * the id and roles the web app needs whatever shape a declared `me` answers in.
   */
  async me(): Promise<SessionUser | null> {
    try {
      const answer = await request('GET', SESSION_PATH, {}, this.messageOf);
      return answer.body as SessionUser;
    } catch (error) {
      // 401: nobody is signed in. 404: this server keeps no accounts (it serves the model only).
      if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return null;
      throw error;
    }
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.send(this.need('sign-in'), undefined, {
      body: this.accountBody('sign-in', { email, password }),
    });
  }

  async signUp(fields: Record<string, unknown>): Promise<void> {
    await this.send(this.need('sign-up'), undefined, { body: this.accountBody('sign-up', fields) });
  }

  async signOut(): Promise<void> {
    await this.send(this.need('sign-out'), undefined);
  }

  /** Changes the signed-in user's own record, email and password (`update me`). */
  async updateMe(fields: Record<string, unknown>): Promise<void> {
    await this.send(this.need('update-me'), undefined, {
      body: this.accountBody('update-me', fields),
    });
  }

  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    const body = this.accountBody('change-password', { currentPassword, newPassword });
    await this.send(this.need('change-password'), undefined, { body });
  }

  private accountBody(kind: ApiOperationKind, fields: Record<string, unknown>) {
    return wrapPayload(this.call(kind)?.payload, fields);
  }
}
