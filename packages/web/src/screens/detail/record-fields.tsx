import { SimpleGrid, Stack, Text } from '@mantine/core';
import { ENGINE_FIELDS, type Entity, type Field } from '@specrun/model';
import { fieldLabel } from '../../model/names.js';
import type { ApiRecord } from '../../model/record-label.js';
import tones from '../../ui/tones.module.css';
import { ValueView } from '../../ui/value-view.js';

const WIDE = new Set(['longText', 'file', 'files', 'list']);

function Item({ field, record }: { field: Field; record: ApiRecord }) {
  return (
    <Stack gap={2} style={WIDE.has(field.type.kind) ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="sm" fw={600} className={tones.muted}>
        {fieldLabel(field.name)}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        <ValueView field={field} value={record[field.name]} />
      </Text>
    </Stack>
  );
}

/**
 * A record's fields as labelled values, in the order section 3 declares them: only those the
 * caller may read (the answer holds no others). The state is shown in the header, the engine's
 * fields below, so they are left out here.
 */
export function RecordFields({
  entity,
  record,
  stateField,
}: {
  entity: Entity;
  record: ApiRecord;
  stateField?: string | undefined;
}) {
  const fields = entity.fields.filter(
    (f) => !ENGINE_FIELDS.has(f.name) && f.name !== stateField && Object.hasOwn(record, f.name),
  );
  if (fields.length === 0) return null;
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md" m={0}>
      {fields.map((f) => (
        <Item key={f.name} field={f} record={record} />
      ))}
    </SimpleGrid>
  );
}

/** When the record was made and changed, and by whom, as far as the caller may read it. */
export function RecordMeta({ entity, record }: { entity: Entity; record: ApiRecord }) {
  const fields = entity.fields.filter(
    (f) =>
      ['createdAt', 'createdBy', 'updatedAt'].includes(f.name) && Object.hasOwn(record, f.name),
  );
  if (fields.length === 0) return null;
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="md" m={0}>
      {fields.map((f) => (
        <Item key={f.name} field={f} record={record} />
      ))}
    </SimpleGrid>
  );
}
