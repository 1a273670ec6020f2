import { useQueryClient } from '@tanstack/react-query';
import { useApp } from '../../app/app-context.js';
import { entityOf } from '../../model/entities.js';
import { recordLabel, type ApiRecord } from '../../model/record-label.js';
import { Dialog } from '../dialog.js';
import { createValues } from '../forms/initial-values.js';
import { RecordForm } from '../forms/record-form.js';
import { useToast } from '../toasts.js';
import type { CreateChoice } from './create-choice.js';

/**
 * A dialog that creates the record a picker is missing, with the record form of its entity and
 * what was typed in its title; once saved, the picker chooses it. Its form is its own: a submit
 * in it never reaches the form around the picker, though React carries events through portals.
 */
export default function CreateChoiceDialog({
  offer,
  typed,
  onClose,
  onCreated,
}: {
  offer: CreateChoice;
  typed: string;
  onClose: () => void;
  onCreated: (record: ApiRecord, label: string) => void;
}) {
  const { api, model, locale } = useApp();
  const client = useQueryClient();
  const toast = useToast();
  const initial = createValues(offer.fields, locale.timeZone);
  if (offer.typedInto && typed) initial[offer.typedInto] = typed;
  const title = `New ${offer.kind.toLowerCase()}`;
  return (
    <Dialog title={title} opened onClose={onClose}>
      <div onSubmit={(e) => e.stopPropagation()}>
        <RecordForm
          fields={offer.fields}
          initial={initial}
          action="create"
          entity={offer.entity}
          submitLabel={`Create ${offer.kind.toLowerCase()}`}
          onCancel={onClose}
          onSubmit={async (values) => {
            const created = await api.create(offer.entity, values);
            await client.invalidateQueries({ queryKey: ['list', offer.entity] });
            const entity = entityOf(model, offer.entity);
            if (created && entity) {
              const label = recordLabel(model, entity, created);
              toast({ title: 'Saved', message: `${offer.kind} “${label}” is created and chosen.` });
              onCreated(created, label);
            } else onClose();
          }}
        />
      </div>
    </Dialog>
  );
}
