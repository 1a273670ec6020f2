import { useEffect, useRef } from 'react';
import { useApp } from '../../app/app-context.js';
import { createValues } from '../../ui/forms/initial-values.js';
import { RecordForm } from '../../ui/forms/record-form.js';
import type { RelatedList } from './related-lists.js';

/**
 * A form in place that adds a record to a related list: the fields the reader may set, the
 * reference to this record sent with them (never asked for). It takes the focus when it opens;
 * the server's refusal shows in it with the catalogue's message.
 */
export function RelatedAddForm({
  list,
  parentId,
  onAdded,
  onCancel,
}: {
  list: RelatedList;
  parentId: string;
  onAdded: () => Promise<void>;
  onCancel: () => void;
}) {
  const { api, locale } = useApp();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('input, textarea, select, button')?.focus();
  }, []);
  if (list.add?.kind !== 'inline') return null;
  const { fields, label, path } = list.add;
  return (
    <div ref={box}>
      <RecordForm
        fields={fields}
        initial={createValues(fields, locale.timeZone)}
        action="create"
        submitLabel={label}
        onCancel={onCancel}
        onSubmit={async (values) => {
          // Nested under the parent, the path names it; else the reference is sent with the rest.
          if (path) await api.create(list.entity.name, values, path);
          else await api.create(list.entity.name, { ...values, [list.field.name]: parentId });
          await onAdded();
        }}
      />
    </div>
  );
}
