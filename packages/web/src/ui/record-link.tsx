import { Anchor, Text } from '@mantine/core';
import { sentence, withArticle } from '@specrun/model';
import { Link } from 'react-router';
import { useApp } from '../app/app-context.js';
import { useSession } from '../api/use-session.js';
import { entityOf } from '../model/entities.js';
import { entityWords } from '../model/names.js';
import { isProjected, isRecord, projectedLabel, recordLabel } from '../model/record-label.js';
import { detailOf, routeTo } from '../model/screens.js';
import tones from './tones.module.css';

/** What a reference the caller may not read is called: it exists, but is not theirs to see. */
export function unreadableLabel(entity: string): string {
  return entity === 'User'
    ? 'Another user'
    : `${sentence(withArticle(entityWords(entity)))} you may not see`;
}

/**
 * A reference to a record: its name, linked to its detail screen when the caller may open one.
 * A reference the caller may not read arrives as a bare id: it is shown as "You" when it is the
 * caller, else said to be out of their sight (the id in its tooltip), never as a link that would
 * only lead to a refusal.
 */
export function RecordLink({ entity, value }: { entity: string; value: unknown }) {
  const { model, screens, api } = useApp();
  const { user } = useSession();
  const target = entityOf(model, entity);
  const detail = detailOf(screens, entity, user);
  // A declared call may answer the record as a projection without its id (`author: Profile`):
  // linked by its handle (`username`) when the API addresses the entity by it, else only named.
  if (target && isProjected(value)) {
    const handle = api.handle(entity, value);
    const label = projectedLabel(target, value);
    if (!detail || handle === undefined) return <Text span>{label}</Text>;
    return (
      <Anchor component={Link} to={routeTo(detail.route, handle)}>
        {label}
      </Anchor>
    );
  }
  const id = isRecord(value) ? value.id : typeof value === 'string' ? value : undefined;
  if (!target || id === undefined) return <Text span>—</Text>;
  const mine = !isRecord(value) && entity === 'User' && user?.id === id;
  if (!isRecord(value) && !mine)
    return (
      <Text span className={tones.muted} title={`id ${id}`}>
        {unreadableLabel(entity)}
      </Text>
    );
  const label = isRecord(value) ? recordLabel(model, target, value) : 'You';
  if (!detail) return <Text span>{label}</Text>;
  return (
    <Anchor component={Link} to={routeTo(detail.route, id)}>
      {label}
    </Anchor>
  );
}
