import { Text, VisuallyHidden } from '@mantine/core';
import type { Field } from '@specrun/model';
import { sentence, words } from '../../model/names.js';
import { RecordLink } from '../../ui/record-link.js';
import tones from '../../ui/tones.module.css';
import { ValueView } from '../../ui/value-view.js';
import { plainValue } from './history-lines.js';
import type { Lookup } from './use-referenced-records.js';

const none = (
  <Text span className={tones.muted}>
    <span aria-hidden="true">—</span>
    <VisuallyHidden>empty</VisuallyHidden>
  </Text>
);

function Reference({ entity, id, lookup }: { entity: string; id: unknown; lookup: Lookup }) {
  if (typeof id !== 'string') return none;
  const record = lookup(entity, id);
  if (record === 'loading') return <Text span>…</Text>;
  return <RecordLink entity={entity} value={record ?? id} />;
}

/**
 * A value in a history line, formatted as the record's page formats it (money with its currency,
 * dates in the application's language and zone), a reference by its record's label; a file by
 * its name, since an earlier file is no longer there to open.
 */
export function HistoryValue({
  field,
  value,
  lookup,
}: {
  field: Field | undefined;
  value: unknown;
  lookup: Lookup;
}) {
  if (value === null || value === undefined || value === '') return none;
  if (Array.isArray(value) && value.length === 0) return none;
  const kind = field?.type.kind;
  if (!field || kind === 'file' || kind === 'files')
    return plainValue(value) === undefined ? none : <Text span>{plainValue(value)}</Text>;
  if (field.type.kind === 'reference')
    return <Reference entity={field.type.entity} id={value} lookup={lookup} />;
  if (field.type.kind === 'list' && Array.isArray(value)) {
    const entity = field.type.entity;
    return (
      <>
        {value.map((id, i) => (
          <span key={i}>
            {i > 0 && ', '}
            <Reference entity={entity} id={id} lookup={lookup} />
          </span>
        ))}
      </>
    );
  }
  if (kind === 'state') return <Text span>{sentence(words(String(value)))}</Text>;
  return <ValueView field={field} value={value} />;
}
