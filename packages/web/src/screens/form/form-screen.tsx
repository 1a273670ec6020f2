import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isNotFound } from '../../api/api-error.js';
import { useSession } from '../../api/use-session.js';
import { pickedFields, pickedValue } from '../../model/picked-fields.js';
import { useApp } from '../../app/app-context.js';
import { entityOf } from '../../model/entities.js';
import { entityWords, fieldLabel } from '../../model/names.js';
import { recordLabel, type ApiRecord } from '../../model/record-label.js';
import { detailOf, routeTo, screensOf, type AppScreen } from '../../model/screens.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import tones from '../../ui/tones.module.css';
import { useRecord } from '../../api/use-record.js';
import { NotFoundScreen } from '../../ui/problems/not-found-screen.js';
import { formFields, hiddenFields } from '../../ui/forms/form-fields.js';
import { createValues, editValues, givenValues } from '../../ui/forms/initial-values.js';
import { nestedParent, splitParent } from '../../ui/forms/nested-create.js';
import { RecordForm } from '../../ui/forms/record-form.js';
import { focusNextHeading } from '../../ui/return-focus.js';
import { useToast } from '../../ui/toasts.js';

/** A record's picked fields (`tags` as `[{ name }]`) as their values, as the form sends them. */
function withPicked(record: ApiRecord, picks: ReadonlyMap<string, string>): ApiRecord {
  const out: ApiRecord = { ...record };
  for (const [field, pick] of picks)
    if (Object.hasOwn(record, field)) out[field] = pickedValue(record[field], pick);
  return out;
}

function FormSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" role="status" aria-label="Loading the form">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} h={58} />
      ))}
    </Stack>
  );
}

/**
 * A form screen: creates a record, or edits one when its route has `:id`. After saving it opens
 * the record (or the list, when there is no detail screen to open).
 */
export default function FormScreen({ screen }: { screen: AppScreen }) {
  const { model, api, screens, locale } = useApp();
  const { user, roles } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const toast = useToast();
  const { id } = useParams();
  const [search] = useSearchParams();
  const entity = entityOf(model, screen.entity ?? '');
  const action = id === undefined ? 'create' : 'update';
  const record = useRecord(entity?.name ?? '', id ?? '', []);
  if (!entity) return <NotFoundScreen />;
  const call = api.call(action, entity.name);
  const fields = formFields(model, entity, screen, roles, action, call);
  // A create call nested under a parent takes it in its path: the form asks for it all the same.
  const parent = action === 'create' ? nestedParent(model, call) : undefined;
  const via = parent && entity.fields.find((f) => f.name === parent.via);
  if (via && !fields.some((f) => f.name === via.name)) fields.unshift(via);
  const hidden = hiddenFields(entity, screen, fields);
  const picks = pickedFields(call?.payload);
  const detail = detailOf(screens, entity.name, user);
  const list = screensOf(screens, entity.name, 'list', user)[0];
  const back = () =>
    void navigate(id && detail ? routeTo(detail.route, id) : list ? list.route : '/');
  const saved = async (savedId: string | undefined) => {
    await client.invalidateQueries({ queryKey: ['list'] });
    // Fetched again before the record's page opens, so that it never shows what was there before.
    if (savedId)
      await client.refetchQueries({ queryKey: ['record', entity.name, savedId], type: 'all' });
    const to = savedId && detail ? routeTo(detail.route, savedId) : (list?.route ?? '/');
    const what = entityWords(entity.name);
    toast({
      title: action === 'create' ? 'Saved' : 'Changes saved',
      message: action === 'create' ? `The new ${what} is saved.` : `The ${what} is up to date.`,
    });
    // The form goes with its Save button: focus goes to the heading of the page saved to.
    focusNextHeading();
    await navigate(to, { replace: true });
  };

  const header = (
    <Stack gap={4}>
      <Title order={1}>{screen.name}</Title>
      {action === 'update' && record.data && (
        <Text className={tones.muted}>{recordLabel(model, entity, record.data)}</Text>
      )}
      {entity.description && action === 'create' && (
        <Text className={tones.muted}>{entity.description}</Text>
      )}
    </Stack>
  );
  let body;
  if (!call)
    body = (
      <Alert color="gray">
        This application’s API does not offer to {action} {entityWords(entity.plural)}.
      </Alert>
    );
  else if (fields.length === 0)
    body = <Alert color="gray">Your roles do not let you set any field of this form.</Alert>;
  else if (action === 'update' && record.isError)
    body = isNotFound(record.error) ? (
      <NotFoundScreen message={record.error.message} />
    ) : (
      <ErrorAlert error={record.error} onRetry={() => void record.refetch()} />
    );
  else if (action === 'update' && !record.data) body = <FormSkeleton />;
  else {
    const initial = record.data
      ? editValues(fields, withPicked(record.data, picks), locale.timeZone)
      : {
          ...createValues(fields, locale.timeZone),
          ...givenValues(fields, search, locale.timeZone),
        };
    body = (
      <RecordForm
        key={String(record.data?.version ?? record.dataUpdatedAt)}
        fields={fields}
        initial={initial}
        action={action}
        submitLabel={action === 'create' ? 'Save' : 'Save changes'}
        onCancel={back}
        onReload={() => void record.refetch()}
        picks={picks}
        guardLeaving
        entity={entity.name}
        onSubmit={async (values) => {
          if (action === 'create') {
            const split = parent && splitParent(parent, values);
            const created = split
              ? await api.create(entity.name, split.fields, split.path)
              : await api.create(entity.name, values);
            await saved(created ? api.handle(entity.name, created) : undefined);
          } else {
            const updated = await api.update(entity.name, id!, values);
            await saved((updated && api.handle(entity.name, updated)) ?? id);
          }
        }}
      />
    );
  }
  return (
    <Stack gap="lg" maw={760}>
      {header}
      {hidden.length > 0 && (
        <Text size="sm" className={tones.muted}>
          Not yours to set here: {hidden.map(fieldLabel).join(', ')}.
        </Text>
      )}
      {body}
    </Stack>
  );
}
