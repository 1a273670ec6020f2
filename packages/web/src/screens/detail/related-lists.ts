import { titleField, type ApiCall, type AppModel, type Entity, type Field } from '@specrun/model';
import {
  accessTo,
  fieldsOnEveryRecord,
  readableFields,
  type SessionUser,
} from '../../model/access.js';
import { lifecycleOf } from '../../model/entities.js';
import { entityWords, fieldLabel, sentence } from '../../model/names.js';
import { referringFields } from '../../model/referring-fields.js';
import { detailOf, type AppScreen } from '../../model/screens.js';
import { formFields } from '../../ui/forms/form-fields.js';
import type { ListParams } from '../../api/api.js';
import { takesEngineParameters } from '../../api/list-call.js';
import { relatedQuery } from './related-query.js';
import { createOffer, relatedForms } from './related-forms.js';
import { isNested, nestedPath } from './nested-call.js';

/** What a related record's row shows: its title, who it is about or by, its state, its date. */
export interface RelatedColumns {
  title?: Field;
  person?: Field;
  /** The person is who wrote the record (`user.id` by default), as a comment's author is. */
  author?: boolean;
  /** A required number of the record, said beside it ("Score 4"): what a review is about. */
  figure?: Field;
  state?: Field;
  created?: Field;
}

const FIGURES = new Set(['integer', 'decimal', 'money']);

/** How this reader may add a related record: the create form of section 2, or one in place. */
export type RelatedAdd =
  | { kind: 'screen'; screen: AppScreen; to: string }
  | { kind: 'inline'; label: string; fields: Field[]; path?: Record<string, string> };

/** The records of another entity that refer to this record, as one list on its page. */
export interface RelatedList {
  entity: Entity;
  /** The child's field that holds the reference to this record. */
  field: Field;
  heading: string;
  columns: RelatedColumns;
  query: Omit<ListParams, 'cursor'>;
  detailRoute?: string;
  add?: RelatedAdd;
}

/** What a related list needs to know of its surroundings: the app, the reader, the calls. */
export interface RelatedContext {
  model: AppModel;
  screens: readonly AppScreen[];
  user: SessionUser | null | undefined;
  roles: readonly string[];
  call: (kind: 'list' | 'create', entity: string) => ApiCall | undefined;
}

const TEXTUAL = new Set(['text', 'longText']);

function columnsOf(ctx: RelatedContext, child: Entity, back: Field): RelatedColumns {
  const readable = readableFields(ctx.model, ctx.roles, child);
  const may = (f: Field | undefined) => (f && readable.has(f.name) ? f : undefined);
  const own = child.fields.filter((f) => f !== back && !f.builtin && readable.has(f.name));
  const naming = titleField(child)?.name;
  const out: RelatedColumns = {};
  const title =
    own.find((f) => f.name === naming) ?? own.find((f) => TEXTUAL.has(f.type.kind) && f.required);
  if (title) out.title = title;
  const person = own.find((f) => f.type.kind === 'reference' && f.type.entity === 'User');
  if (person) out.person = person;
  if (person?.default?.kind === 'expression')
    out.author = person.default.expression.source.replace(/\s+/g, '') === 'user.id';
  const figure = own.find((f) => FIGURES.has(f.type.kind) && f.required && f !== title);
  if (figure) out.figure = figure;
  const lifecycle = lifecycleOf(ctx.model, child.name);
  const state = may(child.fields.find((f) => f.name === lifecycle?.field));
  if (state) out.state = state;
  const created = may(child.fields.find((f) => f.name === 'createdAt'));
  if (created) out.created = created;
  return out;
}

function addOf(
  ctx: RelatedContext,
  child: Entity,
  back: Field,
  id: string,
  parent: string,
  values: Readonly<Record<string, unknown>>,
): RelatedAdd | undefined {
  const create = ctx.call('create', child.name);
  if (!create) return undefined;
  // A create nested under this record (`POST /api/articles/:slug/comments`) takes the parent
  // from its path: the form asks for the rest.
  const path = nestedPath(ctx.model, create, back.name, values);
  // The server says whether it would accept this create now, for this reader and this record.
  const actions = Array.isArray(values.actions) ? (values.actions as string[]) : undefined;
  if (!actions?.includes(createOffer(child.name, back.name))) return undefined;
  const viaScreen = relatedForms(
    ctx.model,
    ctx.screens,
    parent,
    id,
    ctx.user,
    ctx.roles,
    (e) => ctx.call('create', e),
    actions,
  ).find((r) => r.screen.entity === child.name && r.field === back.name);
  if (viaScreen) return { kind: 'screen', screen: viaScreen.screen, to: viaScreen.to };
  // Section 2 decides who may use its create forms: where it has one, the page adds no other.
  const hasForm = ctx.screens.some(
    (s) => s.kind === 'form' && s.entity === child.name && !s.route.includes(':id'),
  );
  if (hasForm) return undefined;
  // No form of section 2 creates it: the page offers one in place, with the fields this reader
  // may set, the reference to this record already given.
  if (accessTo(ctx.model, ctx.roles, child.name, 'create') === 'no') return undefined;
  // The reference must be the reader's to set, and the create call's payload must carry it.
  const all = formFields(ctx.model, child, {}, ctx.roles, 'create', create);
  const label = `Add ${entityWords(child.name)}`;
  if (path) return { kind: 'inline', label, fields: all.filter((f) => f !== back), path };
  if (!all.includes(back)) return undefined;
  return { kind: 'inline', label, fields: all.filter((f) => f !== back) };
}

/** A nested list's query: its path, and the engine's sort and include when it takes them. */
function nestedQuery(
  call: ApiCall,
  path: Record<string, string>,
  wish: { sort: string; include: string[] },
): Omit<ListParams, 'cursor'> {
  return takesEngineParameters(call) ? { path, sort: wish.sort, include: wish.include } : { path };
}

/**
 * The lists of related records a record's page shows this reader: for each field of another
 * entity that refers to this one, when the reader may read those records and that field, and the
 * entity's list call can be narrowed to this record in the database. Each says how the reader
 * may add one, if they may: section 2's create form with the reference filled in, else a form in
 * place. The server decides in the end, as everywhere.
 */
export function relatedLists(
  ctx: RelatedContext,
  parent: string,
  id: string,
  values: Readonly<Record<string, unknown>> = { id },
): RelatedList[] {
  const fields = referringFields(ctx.model, parent);
  const out: RelatedList[] = [];
  for (const { entity: child, field } of fields) {
    if (accessTo(ctx.model, ctx.roles, child.name, 'read') === 'no') continue;
    const readable = readableFields(ctx.model, ctx.roles, child);
    const list = ctx.call('list', child.name);
    if (!list || !readable.has(field.name)) continue;
    const columns = columnsOf(ctx, child, field);
    const include = columns.person ? [columns.person.name] : [];
    // Oldest first, as a conversation reads; by creation order when the date is not theirs to
    // see on every such record (the server sorts only by what every listed record shows).
    const dated = fieldsOnEveryRecord(ctx.model, ctx.roles, child).has('createdAt');
    const wish = { sort: dated ? 'createdAt' : 'id', include };
    // A list nested under this record (`GET /api/articles/:slug/comments`) is narrowed by its path.
    const path = nestedPath(ctx.model, list, field.name, values);
    // Nested under another parent, it cannot list this record's children.
    if (!path && isNested(ctx.model, list)) continue;
    const query = path ? nestedQuery(list, path, wish) : relatedQuery(list, field.name, id, wish);
    if (!query) continue;
    const several = fields.filter((f) => f.entity === child).length > 1;
    const plural = sentence(entityWords(child.plural));
    const item: RelatedList = {
      entity: child,
      field,
      heading: several ? `${plural}: ${fieldLabel(field.name)}` : plural,
      columns,
      query,
    };
    const detail = detailOf(ctx.screens, child.name, ctx.user);
    if (detail) item.detailRoute = detail.route;
    const add = addOf(ctx, child, field, id, parent, values);
    if (add) item.add = add;
    out.push(item);
  }
  return out;
}
