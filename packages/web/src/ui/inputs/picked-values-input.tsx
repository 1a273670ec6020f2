import { TagsInput } from '@mantine/core';
import type { FocusEvent } from 'react';
import { useApp } from '../../app/app-context.js';
import { useRecordList } from '../../api/use-record-list.js';
import { entityOf } from '../../model/entities.js';
import { entityWords, fieldLabel } from '../../model/names.js';

/**
 * Chooses records by one of their fields (`tags.name`), as the call sends them: the values the
 * caller may list are offered, and a value typed that none has is taken as it is — the server
 * finds each record by it and creates the missing ones.
 */
export function PickedValuesInput({
  entity,
  pick,
  value,
  onChange,
  description,
  ...shown
}: {
  entity: string;
  pick: string;
  value: string[];
  onChange: (values: string[]) => void;
  label: string;
  description?: string | undefined;
  error?: string | undefined;
  required?: boolean;
  onBlur?: (event: FocusEvent) => void;
}) {
  const { model, api, limits } = useApp();
  const listed = api.call('list', entity) !== undefined;
  const list = useRecordList(entity, { limit: limits.maxPageSize }, listed);
  const offered = (list.data?.pages.flatMap((p) => p.items) ?? []).flatMap((r) => {
    const v = (r as Record<string, unknown>)[pick];
    return typeof v === 'string' ? [v] : [];
  });
  const plural = entityWords(entityOf(model, entity)?.plural ?? entity);
  return (
    <TagsInput
      {...shown}
      description={
        description ??
        `Choose ${plural} or type a new ${fieldLabel(pick).toLowerCase()}, then Enter.`
      }
      placeholder={`Choose or type ${plural}`}
      data={[...new Set(offered)]}
      value={value}
      onChange={onChange}
      clearable
    />
  );
}
