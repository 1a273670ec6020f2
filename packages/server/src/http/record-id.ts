import { AppError } from '../catalogue/app-error.js';
import { isRecordId } from '../calls/record-id-form.js';

/** The `:id` of a request, or NOT_FOUND when it cannot be a record's id. */
export function recordId(entity: string, id: string | undefined): string {
  if (id === undefined || !isRecordId(id))
    throw new AppError('NOT_FOUND', `No ${entity} with that id.`);
  return id;
}
