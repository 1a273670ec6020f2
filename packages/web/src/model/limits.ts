import type { AppModel } from '@specrun/model';

/** A numeric constant of section 9 (or engine limit), or its fallback. */
export function numberConstant(model: AppModel, name: string, fallback: number): number {
  const value = model.constants.find((c) => c.name === name)?.value;
  return value?.kind === 'number' ? value.value : fallback;
}

/** The most records one list request may ask for: the size of a choice list. */
export const maxPageSize = (model: AppModel) => numberConstant(model, 'MAX_PAGE_SIZE', 100);

/** The largest request body the server takes, which bounds an uploaded file. */
export const maxRequestBytes = (model: AppModel) =>
  numberConstant(model, 'MAX_REQUEST_BYTES', 1_000_000);
