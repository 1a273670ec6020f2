import { ENGINE_LIMITS, type AppModel } from '@specrun/model';

/** The engine limits the API enforces, read once from section 9 (or the engine's defaults). */
export interface ApiLimits {
  pageSize: number;
  maxPageSize: number;
  maxRequestBytes: number;
}

/** A number limit of section 9, or its engine default. */
export function numberLimit(model: AppModel, name: string): number {
  const declared = model.constants.find((c) => c.name === name)?.value;
  const value = declared?.kind === 'number' ? declared : ENGINE_LIMITS[name]?.value;
  if (value?.kind !== 'number') throw new Error(`${name} is not a number`);
  return value.value;
}

/** The limits of a model. */
export function apiLimits(model: AppModel): ApiLimits {
  return {
    pageSize: numberLimit(model, 'PAGE_SIZE'),
    maxPageSize: numberLimit(model, 'MAX_PAGE_SIZE'),
    maxRequestBytes: numberLimit(model, 'MAX_REQUEST_BYTES'),
  };
}
