import type { Entity, Field } from '@specrun/model';
import { useQueryClient } from '@tanstack/react-query';
import { useApp } from '../../app/app-context.js';
import { entityWords } from '../../model/names.js';
import type { ApiRecord } from '../../model/record-label.js';
import { Dialog } from '../../ui/dialog.js';
import { editValues } from '../../ui/forms/initial-values.js';
import { RecordForm } from '../../ui/forms/record-form.js';
import { useToast } from '../../ui/toasts.js';

/**
 * Edits a record in place, on its page, when section 2 has no edit form for its entity but the
 * reader may change it (a member's note on their booking): the fields they may set, the changed
 * ones sent, the record read again. Its form is its own: React carries a submit through portals.
 */
export function EditDialog({
  entity,
  handle,
  record,
  fields,
  onClose,
}: {
  entity: Entity;
  handle: string;
  record: ApiRecord;
  fields: Field[];
  onClose: () => void;
}) {
  const { api, locale } = useApp();
  const client = useQueryClient();
  const toast = useToast();
  const what = entityWords(entity.name);
  return (
    <Dialog title={`Edit this ${what}`} opened onClose={onClose}>
      <div onSubmit={(e) => e.stopPropagation()}>
        <RecordForm
          fields={fields}
          initial={editValues(fields, record, locale.timeZone)}
          action="update"
          submitLabel="Save changes"
          onCancel={onClose}
          onSubmit={async (values) => {
            await api.update(entity.name, handle, values, { record });
            await client.invalidateQueries({ queryKey: ['record', entity.name] });
            await client.invalidateQueries({ queryKey: ['list'] });
            toast({ title: 'Changes saved', message: `The ${what} is up to date.` });
            onClose();
          }}
        />
      </div>
    </Dialog>
  );
}
