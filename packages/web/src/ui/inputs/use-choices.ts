import { useDebouncedValue } from '@mantine/hooks';
import { titleField, withArticle, type AppModel } from '@specrun/model';
import { useApp } from '../../app/app-context.js';
import type { Api } from '../../api/api.js';
import { entityOf } from '../../model/entities.js';
import { entityWords } from '../../model/names.js';
import { recordLabel, type ApiRecord } from '../../model/record-label.js';
import { fieldsOnEveryRecord, readableFields } from '../../model/access.js';
import { takesEngineParameters } from '../../api/list-call.js';
import { useSession } from '../../api/use-session.js';
import { useRecordList } from '../../api/use-record-list.js';
import { titleSearch } from './choice-search.js';

/** A record offered in a choice: its id and how it is named. */
export interface Choice {
  value: string;
  label: string;
  /** Shown but not to be chosen: the server would refuse the record being created with it. */
  disabled?: boolean;
}

// How long typing pauses before the server is asked, in milliseconds.
const TYPING_PAUSE = 250;

/**
 * How the records of an entity are listed as choices: in the order of their titles when the
 * reader may sort by them, their first reference the reader may read expanded (a loan is named
 * by its book), whether the list call takes the engine's parameters (`engine`: filter, offers),
 * and whether the server can search their titles (`server`): the list call takes the engine's
 * filter, and the reader may read the title on every record.
 */
export function choiceListing(
  model: AppModel,
  api: Api,
  roles: readonly string[],
  entityName: string,
) {
  const entity = entityOf(model, entityName);
  const call = api.call('list', entityName);
  // Only a reference the reader may read: the server refuses to include any other (a requester
  // may read a colleague's name, not whom they report to).
  const somewhere = entity ? readableFields(model, roles, entity) : new Set<string>();
  const include = (entity?.fields ?? [])
    .filter((f) => f.type.kind === 'reference' && !f.builtin && somewhere.has(f.name))
    .slice(0, 1)
    .map((f) => f.name);
  // What the server lets a list be sorted and filtered by: fields on every readable record.
  const readable = entity ? fieldsOnEveryRecord(model, roles, entity) : new Set<string>();
  const title = entity ? titleField(entity)?.name : undefined;
  const byTitle = title !== undefined && readable.has(title) ? title : undefined;
  // Choices read best in the order of their titles; createdAt may not even be readable.
  const sort = byTitle ?? (readable.has('createdAt') ? undefined : 'id');
  const engine = takesEngineParameters(call);
  const server = engine && byTitle !== undefined;
  return { entity, listed: call !== undefined, include, sort, title: byTitle, server, engine };
}

/**
 * The value a choice stands for: the record's id, or where the call sends the reference as one
 * of its fields (`{ job: job.slug }`), that field's value, which the server finds the record by.
 */
export const choiceValue = (record: ApiRecord, pick?: string): string => {
  const picked = pick === undefined ? undefined : record[pick];
  return typeof picked === 'string' ? picked : record.id;
};

/**
 * The records as choices; two with the same name are told apart by the end of their ids. With
 * `refused`, a record whose actions lack the create asked about is shown as not to be chosen,
 * saying why in the words given. With `pick`, each stands for its value of that field.
 */
export function choicesOf(
  model: AppModel,
  entityName: string,
  records: readonly ApiRecord[],
  refused?: { offer: string; why: string },
  pick?: string,
) {
  const entity = entityOf(model, entityName);
  if (!entity) return [];
  const seen = new Map<string, number>();
  return records.map((r): Choice => {
    const label = recordLabel(model, entity, r);
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    const named = n > 1 ? `${label} (${r.id.slice(-4)})` : label;
    // A declared shape without `actions` (Hiring's JobView) says nothing: every record is offered.
    const value = choiceValue(r, pick);
    if (refused && Array.isArray(r.actions) && !r.actions.includes(refused.offer))
      return { value, label: `${named} (${refused.why})`, disabled: true };
    return { value, label: named };
  });
}

/**
 * The records of an entity the caller may read, as choices for a reference (see choiceListing).
 * What is typed (`search`) is looked for by the server in the titles of every record the caller
 * may read, when it can be; else the first page is offered and searched in place. `failed` when
 * the caller may not list them. With `creating` (a create form's reference), the server says of
 * each record whether the record being created may refer to it: the others are shown disabled,
 * so that nobody fills a form in for a choice the server then refuses. With `pick`, choices stand
 * for that field's values (see choiceValue).
 */
export function useChoices(
  entityName: string,
  search = '',
  creating?: CreatingWith,
  pick?: string,
) {
  const { model, api, limits } = useApp();
  const { roles } = useSession();
  const listing = choiceListing(model, api, roles, entityName);
  const { server, title, sort, include } = listing;
  const [typed] = useDebouncedValue(server ? search : '', TYPING_PAUSE);
  const filter = server && title ? titleSearch(title, typed) : undefined;
  const refused = askedOffer(model, listing, creating);
  const list = useRecordList(
    entityName,
    {
      limit: limits.maxPageSize,
      include,
      ...(sort ? { sort } : {}),
      ...(filter ? { filter } : {}),
      ...(refused ? { offers: refused.offer } : {}),
    },
    listing.listed && listing.entity !== undefined,
    true,
  );
  const records = list.data?.pages.flatMap((p) => p.items) ?? [];
  return {
    choices: choicesOf(model, entityName, records, refused, pick),
    server,
    loading: listing.listed && list.isPending,
    failed: !listing.listed || list.isError,
    more: list.hasNextPage === true,
  };
}

/** The record a create form makes, and its reference a picker chooses for. */
export interface CreatingWith {
  entity: string;
  field: string;
}

/** The create a picker asks the server about, and why a record it refuses cannot be chosen. */
function refusedChoice(model: AppModel, { entity, field }: CreatingWith) {
  const words = entityWords(entityOf(model, entity)?.name ?? entity);
  return { offer: `create:${entity}.${field}`, why: `you cannot add ${withArticle(words)} to it` };
}

/**
 * The create a picker asks the server about, and how a refused record reads: asked of every list
 * that takes the engine's parameters (`offers` among them), whether or not the server can search
 * the records' titles. A tenancy, named by its plot, has no title of its own to search, yet an
 * ended one refuses a payment.
 */
export function askedOffer(
  model: AppModel,
  listing: { engine: boolean },
  creating: CreatingWith | undefined,
): { offer: string; why: string } | undefined {
  return listing.engine && creating ? refusedChoice(model, creating) : undefined;
}
