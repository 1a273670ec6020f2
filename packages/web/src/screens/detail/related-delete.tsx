import { Button } from '@mantine/core';
import { useState } from 'react';
import { useApp } from '../../app/app-context.js';
import { entityWords } from '../../model/names.js';
import type { ApiRecord } from '../../model/record-label.js';
import { useReturnFocus } from '../../ui/return-focus.js';
import { useToast } from '../../ui/toasts.js';
import { DeleteDialog } from './delete-dialog.js';
import type { RelatedList } from './related-lists.js';

/**
 * Delete on one related record (a comment of one's own under an article): offered only when the
 * server says the reader may delete it now (its `actions`), confirmed in a dialog, sent to the
 * delete call with the parent the list was read under (`/articles/:slug/comments/:number`).
 * Focus goes to the page's heading once the row is gone.
 */
export function RelatedDelete({
  list,
  record,
  name,
  onDeleted,
}: {
  list: RelatedList;
  record: ApiRecord;
  /** How the row names the record, for the dialog and the toast. */
  name: string;
  onDeleted: () => void;
}) {
  const { api } = useApp();
  const toast = useToast();
  const focus = useReturnFocus();
  const [open, setOpen] = useState(false);
  const entity = list.entity.name;
  const handle = api.handle(entity, record);
  const offered = Array.isArray(record.actions) && record.actions.includes('delete');
  if (!offered || handle === undefined || !api.call('delete', entity)) return null;
  const close = () => {
    setOpen(false);
    focus.restore();
  };
  const place = list.query.path ? { record, path: list.query.path } : { record };
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        aria-label={`Delete ${entityWords(entity)} “${name}”`}
        onClick={() => {
          focus.remember();
          setOpen(true);
        }}
      >
        Delete
      </Button>
      {open && (
        <DeleteDialog
          entity={entity}
          id={handle}
          place={place}
          name={name}
          opened
          onClose={close}
          onDeleted={() => {
            toast({ title: 'Deleted', message: `“${name}” is deleted.` });
            close();
            onDeleted();
          }}
        />
      )}
    </>
  );
}
