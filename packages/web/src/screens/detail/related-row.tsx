import { Anchor, Group, Stack, Text } from '@mantine/core';
import { entityWords, fieldLabel, sentence, type AppModel } from '@specrun/model';
import { Link } from 'react-router';
import { useSession } from '../../api/use-session.js';
import { useApp } from '../../app/app-context.js';
import { formatDateTime, formatPlain } from '../../format/format-value.js';
import { entityOf } from '../../model/entities.js';
import {
  isProjected,
  isRecord,
  projectedLabel,
  recordLabel,
  type ApiRecord,
} from '../../model/record-label.js';
import type { Api } from '../../api/api.js';
import type { SessionUser } from '../../model/access.js';
import { routeTo } from '../../model/screens.js';
import { unreadableLabel } from '../../ui/record-link.js';
import { StateBadge } from '../../ui/state-badge.js';
import tones from '../../ui/tones.module.css';
import { RelatedDelete } from './related-delete.js';
import type { RelatedList } from './related-lists.js';
import styles from './related-list.module.css';

/** A person a record names: "You", their name when the reader may read it, else "Another user". */
function personLabel(
  model: AppModel,
  api: Api,
  value: unknown,
  me: SessionUser | null | undefined,
): string | undefined {
  const users = entityOf(model, 'User');
  // A declared call may answer the person as a projection (`author: Profile`): known by handle.
  if (users && isProjected(value)) {
    const handle = api.handle('User', value);
    return handle !== undefined && handle === api.handle('User', me)
      ? 'You'
      : projectedLabel(users, value);
  }
  const id = isRecord(value) ? value.id : typeof value === 'string' ? value : undefined;
  if (id === undefined) return undefined;
  if (id === me?.id) return 'You';
  return isRecord(value) && users ? recordLabel(model, users, value) : unreadableLabel('User');
}

/** The start of a long text, to name the record it is the body of. */
const excerpt = (body: string) => (body.length > 60 ? `${body.slice(0, 57).trimEnd()}…` : body);

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/**
 * One related record: its title (or the person it is by or for, or its kind), linked to its own
 * screen when there is one; its state as a badge; who and when; a long text in full below, as a
 * comment reads in a conversation.
 */
export function RelatedRow({
  list,
  record,
  onDeleted,
}: {
  list: RelatedList;
  record: ApiRecord;
  /** Called once the reader has deleted the record from its row. */
  onDeleted: () => void;
}) {
  const { model, locale, api } = useApp();
  const { user } = useSession();
  const { title, person, author, figure, state, created } = list.columns;
  const long = title?.type.kind === 'longText';
  const named = person ? personLabel(model, api, record[person.name], user) : undefined;
  // Who wrote it heads it ("You", "Ann"); anybody else it names is said with the field's label
  // ("Recipient: You"), so that a notice sent to the reader does not read as theirs.
  const who = named && person && !author ? `${fieldLabel(person.name)}: ${named}` : named;
  const titled = title && !long ? text(record[title.name]) : undefined;
  // A long text is the body below: the heading is then the author, else the record's kind.
  const fallback = long ? sentence(entityWords(list.entity.name)) : undefined;
  const primary =
    titled ?? (author ? who : undefined) ?? fallback ?? recordLabel(model, list.entity, record);
  const when = created ? text(record[created.name]) : undefined;
  const value = figure ? record[figure.name] : undefined;
  const amount =
    figure && value !== undefined && value !== null
      ? `${fieldLabel(figure.name)} ${formatPlain(model, figure, value, locale)}`
      : undefined;
  const meta = [
    primary === who ? undefined : who,
    amount,
    when && formatDateTime(when, locale),
  ].filter((part): part is string => part !== undefined);
  const handle = api.handle(list.entity.name, record);
  const stateValue = state ? text(record[state.name]) : undefined;
  const body = title && long ? text(record[title.name]) : undefined;
  return (
    <Stack component="li" gap={4} py="sm" className={styles.row}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Text fw={600} className={styles.text}>
          {list.detailRoute && handle !== undefined ? (
            <Anchor component={Link} to={routeTo(list.detailRoute, handle)} inherit>
              {primary}
            </Anchor>
          ) : (
            primary
          )}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {stateValue && <StateBadge state={stateValue} />}
          <RelatedDelete
            list={list}
            record={record}
            name={body ? excerpt(body) : primary}
            onDeleted={onDeleted}
          />
        </Group>
      </Group>
      {meta.length > 0 && (
        <Text size="sm" className={tones.muted}>
          {meta.join(' · ')}
        </Text>
      )}
      {body && <Text className={styles.body}>{body}</Text>}
    </Stack>
  );
}
