import type { Field } from '@specrun/model';
import { useApp } from '../../app/app-context.js';
import type { ApiRecord } from '../../model/record-label.js';
import { Dialog } from '../../ui/dialog.js';
import { editValues } from '../../ui/forms/initial-values.js';
import { RecordForm } from '../../ui/forms/record-form.js';

/**
 * Changes a user's roles with a box per role (the form's own input for `roles`): an update of the
 * User like any other, so section 6 decides and the server's refusals show at the boxes.
 */
export function RolesDialog({
  user,
  name,
  field,
  onClose,
  onSaved,
}: {
  user: ApiRecord;
  name: string;
  field: Field;
  onClose: () => void;
  onSaved: (roles: string[]) => void;
}) {
  const { api, locale } = useApp();
  return (
    <Dialog opened onClose={onClose} title={`Roles of ${name}`}>
      <RecordForm
        fields={[field]}
        initial={editValues([field], user, locale.timeZone)}
        action="update"
        submitLabel="Save roles"
        onCancel={onClose}
        onSubmit={async (values) => {
          // Nothing ticked differently: nothing to send.
          if ('roles' in values) await api.update('User', user.id, values);
          onSaved((values.roles as string[] | undefined) ?? (user.roles as string[]));
        }}
      />
    </Dialog>
  );
}
