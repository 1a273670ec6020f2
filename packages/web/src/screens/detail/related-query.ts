import type { ApiCall } from '@specrun/model';
import type { ListParams } from '../../api/api.js';

/**
 * A query parameter a declared list call may name (section 7, "Declared list parameters"): a
 * condition on `value`, or a paging word. Read structurally so that a call without any (every
 * default one) is simply one that takes `field=value` for every readable field.
 */
interface DeclaredParameter {
  name: string;
  kind: string;
  condition?: { source: string };
}

function declaredParameters(call: ApiCall): DeclaredParameter[] | undefined {
  const parameters = (call as { parameters?: unknown }).parameters;
  return Array.isArray(parameters) ? (parameters as DeclaredParameter[]) : undefined;
}

const compact = (source: string) => source.replace(/\s+/g, '');

/** What a related list would like besides its records: an order and names for references. */
export interface RelatedWish {
  sort?: string;
  include: string[];
}

/**
 * How to ask the list call for the records whose `field` is `id`, or undefined when it cannot be
 * asked in the database. Every list takes `field=value`, `sort` and `include`, unless its call
 * declares its parameters: then only those are sent, under their declared names — a parameter
 * whose condition is that equality (`record.ticket == value`), else the call's own filter
 * parameter, and its sort parameter if it has one. A related list the call cannot narrow is not
 * shown, rather than read whole and sifted in the browser.
 */
export function relatedQuery(
  call: ApiCall,
  field: string,
  id: string,
  wish: RelatedWish,
): Omit<ListParams, 'cursor'> | undefined {
  const declared = declaredParameters(call);
  if (!declared)
    return {
      equals: { [field]: id },
      include: wish.include,
      ...(wish.sort ? { sort: wish.sort } : {}),
    };
  const equality = new Set([`record.${field}==value`, `value==record.${field}`]);
  const exact = declared.find(
    (p) => p.kind === 'condition' && p.condition && equality.has(compact(p.condition.source)),
  );
  const filter = declared.find((p) => p.kind === 'filter');
  const equals: Record<string, string> = {};
  if (exact) equals[exact.name] = id;
  else if (filter) equals[filter.name] = `record.${field} == ${JSON.stringify(id)}`;
  else return undefined;
  const sort = declared.find((p) => p.kind === 'sort');
  if (sort && wish.sort) equals[sort.name] = wish.sort;
  return { equals };
}
