import { pathOf, type ApiCall } from '@specrun/model';
import { listQuery, type ListParams } from './api.js';
import { download, type MessageOf } from './http.js';
import { unapplied } from './list-call.js';

/**
 * The query of a list's CSV export (`format=csv`, see docs/api.md "Exporting a list"): the list's
 * own filters, search and sort, and the columns shown; never a page's `limit`, `cursor`,
 * `include` or `total` (the export is every page, its references written by their titles).
 */
export function exportQuery(
  call: ApiCall,
  params: Omit<ListParams, 'limit' | 'cursor' | 'include' | 'total'>,
  columns: readonly string[],
): URLSearchParams {
  const query = listQuery(unapplied(call, params));
  query.set('format', 'csv');
  if (columns.length > 0) query.set('columns', columns.join(','));
  return query;
}

/** Downloads a list as CSV through its call (one that takes the engine's parameters). */
export function exportList(
  call: ApiCall,
  params: Omit<ListParams, 'limit' | 'cursor' | 'include' | 'total'>,
  columns: readonly string[],
  messageOf: MessageOf,
): Promise<Blob> {
  return download(pathOf(call, params.path), exportQuery(call, params, columns), messageOf);
}
