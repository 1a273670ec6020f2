import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApp } from '../../app/app-context.js';
import { useSession } from '../../api/use-session.js';
import { entityOf, lifecycleOf } from '../../model/entities.js';
import { actionLabel, entityWords, words } from '../../model/names.js';
import { useToast } from '../../ui/toasts.js';
import type { ApiRecord } from '../../model/record-label.js';
import { editFormsOf, routeTo, screensOf } from '../../model/screens.js';
import { callerTransitions } from '../../model/transition-inputs.js';
import { ActionDialog } from './action-dialog.js';
import {
  allowsWrite,
  availableActions,
  blockedActions,
  deleteHeldBack,
} from './available-actions.js';
import { isDestructive } from '../../model/destructive.js';
import { focusNextHeading, useReturnFocus } from '../../ui/return-focus.js';
import tones from '../../ui/tones.module.css';
import { DeleteDialog } from './delete-dialog.js';
import { EditDialog } from './edit-dialog.js';
import { formFields } from '../../ui/forms/form-fields.js';
import { relatedForms } from './related-forms.js';

/**
 * The buttons of a record: one per action the caller may take now, each confirmed in a dialog;
 * the edit forms and delete when the server says the caller may change or delete this record
 * now (its `actions`). An action that ends something (cancel, reject) is styled as danger and
 * never the primary button. Focus goes back to the button that opened a dialog when it closes.
 */
export function RecordActions({
  entity,
  record,
  name,
  exceptForms = [],
  onAction,
}: {
  entity: string;
  record: ApiRecord;
  name: string;
  /** Create forms offered elsewhere on the page (under a related list): not repeated here. */
  exceptForms?: readonly string[];
  /** Called after a transition, once its toast is shown. */
  onAction?: (action: string) => void;
}) {
  const { model, catalogue, api, screens } = useApp();
  const { user, roles } = useSession();
  const navigate = useNavigate();
  const [open, setOpenState] = useState<string>();
  const focus = useReturnFocus();
  const toast = useToast();
  const setOpen = (next: string | undefined) => {
    if (next === undefined) focus.restore();
    else focus.remember();
    setOpenState(next);
  };
  const lifecycle = lifecycleOf(model, entity);
  const state = lifecycle ? record[lifecycle.field] : undefined;
  const actions = availableActions(model, entity, record, roles).filter((a) =>
    api.call('transition', entity, a),
  );
  const changeable = allowsWrite(model, entity, record, roles, 'update');
  const edits = changeable ? editFormsOf(screens, entity, user) : [];
  const handle = api.handle(entity, record) ?? '';
  // No edit form of section 2 opens for the reader (none for the entity, or one for other
  // roles: the speaker's, where section 6 lets the chair change the track): the record is edited
  // in place, in a dialog, with the fields the reader may set, as section 6 gave them the job.
  const target = entityOf(model, entity);
  const formless = edits.length === 0;
  const updateCall = api.call('update', entity);
  const inPlace =
    changeable && formless && target && updateCall
      ? formFields(model, target, {}, roles, 'update', updateCall)
      : [];
  const related = relatedForms(
    model,
    screens,
    entity,
    handle,
    user,
    roles,
    (e) => api.call('create', e),
    record.actions,
  ).filter((r) => !exceptForms.includes(r.screen.route));
  const served = api.call('delete', entity) !== undefined;
  const deletable = served && allowsWrite(model, entity, record, roles, 'delete');
  const referred = served && deleteHeldBack(model, entity, record, roles);
  // The first action that ends nothing is the primary button; there may be none.
  const primary = actions.find((a) => !isDestructive(model, entity, a));
  const rowsOf = (action: string) => callerTransitions(model, entity, action, state, roles);
  const open$ = open && !open.startsWith(':') ? rowsOf(open) : [];
  // Why an action is refused: the Error of the caller's first row, as the server answers.
  const blocked = blockedActions(model, entity, record, roles).flatMap((action) => {
    const t = rowsOf(action)[0];
    const why = catalogue.find(t?.error ?? 'TRANSITION_NOT_ALLOWED')?.message;
    return t && why ? [{ action, why }] : [];
  });
  const editable = inPlace.length > 0;
  if (
    actions.length + edits.length + related.length + blocked.length === 0 &&
    !deletable &&
    !referred &&
    !editable
  )
    return null;
  const list = screensOf(screens, entity, 'list', user)[0];
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        {actions.map((action) => (
          <Button
            key={action}
            {...(isDestructive(model, entity, action)
              ? { variant: 'outline', color: 'red' }
              : { variant: action === primary ? 'filled' : 'light' })}
            onClick={() => setOpen(action)}
          >
            {actionLabel(action)}
          </Button>
        ))}
        {edits.map((form) => (
          <Button
            key={form.route}
            component={Link}
            to={routeTo(form.route, handle)}
            variant="default"
          >
            {form.name}
          </Button>
        ))}
        {editable && (
          <Button variant="default" onClick={() => setOpen(':edit')}>
            Edit
          </Button>
        )}
        {related.map(({ screen, to }) => (
          <Button key={screen.route} component={Link} to={to} variant="default">
            {screen.name}
          </Button>
        ))}
        {deletable && (
          <Button variant="outline" color="red" onClick={() => setOpen(':delete')}>
            Delete
          </Button>
        )}
        {open$[0] && (
          <ActionDialog
            key={open$[0].action}
            entity={entity}
            record={record}
            transitions={open$}
            opened
            onClose={() => setOpen(undefined)}
            onDone={(action) => {
              const to = [...new Set(open$.map((t) => t.to))];
              toast({
                title: `${actionLabel(action)}: done`,
                message:
                  to.length === 1
                    ? `The ${entityWords(entity)} is now ${words(to[0]!)}.`
                    : 'The change is saved.',
              });
              setOpen(undefined);
              onAction?.(action);
            }}
          />
        )}
        {open === ':edit' && target && (
          <EditDialog
            entity={target}
            handle={handle}
            record={record}
            fields={inPlace}
            onClose={() => setOpen(undefined)}
          />
        )}
        {open === ':delete' && (
          <DeleteDialog
            entity={entity}
            id={handle}
            place={{ record }}
            name={name}
            opened
            onClose={() => setOpen(undefined)}
            onDeleted={() => {
              toast({ title: 'Deleted', message: `“${name}” is deleted.` });
              // The record's page goes: focus goes to the heading of the list it was in.
              focusNextHeading();
              void navigate(list ? list.route : '/', { replace: true });
            }}
          />
        )}
      </Group>
      {blocked.map(({ action, why }) => (
        <Text key={action} size="sm" className={tones.muted}>
          <Text span fw={600} inherit>
            {actionLabel(action)}
          </Text>{' '}
          is not possible now: {why}
        </Text>
      ))}
      {referred && (
        <Text size="sm" className={tones.muted}>
          <Text span fw={600} inherit>
            Delete
          </Text>{' '}
          is not possible now: other records still refer to this {entityWords(entity)}.
        </Text>
      )}
    </Stack>
  );
}
