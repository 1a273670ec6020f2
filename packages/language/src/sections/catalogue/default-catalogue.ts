import { ENGINE_ERRORS, ENGINE_LIMITS, type CatalogueEntry, type Constant } from '@specrun/model';

/** The engine's own error codes with their default messages. */
export function engineCatalogue(): CatalogueEntry[] {
  return Object.entries(ENGINE_ERRORS).map(([code, entry]) => ({
    code,
    status: entry.status,
    message: entry.message,
    engine: true,
  }));
}

/** The engine's limits with their default values. */
export function engineConstants(): Constant[] {
  return Object.entries(ENGINE_LIMITS).map(([name, limit]) => ({
    name,
    value: limit.value,
    meaning: limit.meaning,
    engine: true,
  }));
}
