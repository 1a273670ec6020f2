import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core';
import type { Field } from '@specrun/model';
import { useApp } from '../app/app-context.js';
import { formatPlain } from '../format/format-value.js';
import { FileListValue, FileValue } from './file-value.js';
import { RecordLink } from './record-link.js';
import { StateBadge } from './state-badge.js';
import tones from './tones.module.css';

const empty = (
  <Text span className={tones.muted}>
    <span aria-hidden="true">—</span>
    <VisuallyHidden>empty</VisuallyHidden>
  </Text>
);

/**
 * A field's value as a screen shows it: formatted by its type (money with its currency, dates in
 * the application's time zone), references as links, the state as a badge.
 */
export function ValueView({ field, value }: { field: Field; value: unknown }) {
  const { model, locale } = useApp();
  if (
    value === null ||
    value === undefined ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  )
    return empty;
  switch (field.type.kind) {
    case 'reference':
      return <RecordLink entity={field.type.entity} value={value} />;
    case 'list': {
      const entity = field.type.entity;
      return (
        <Group gap={6} component="span">
          {(Array.isArray(value) ? value : []).map((item, i) => (
            <span key={i}>
              <RecordLink entity={entity} value={item} />
              {i < (value as unknown[]).length - 1 ? ',' : ''}
            </span>
          ))}
        </Group>
      );
    }
    case 'state':
      return <StateBadge state={String(value)} />;
    case 'url':
      return (
        <Anchor href={String(value)} target="_blank" rel="noreferrer noopener">
          {String(value)}
        </Anchor>
      );
    case 'email':
      return <Anchor href={`mailto:${String(value)}`}>{String(value)}</Anchor>;
    case 'file':
      return <FileValue value={value} name={field.name} />;
    case 'files':
      return <FileListValue value={value} name={field.name} />;
    case 'longText':
      return (
        <Text span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {String(value)}
        </Text>
      );
    default:
      return <Text span>{formatPlain(model, field, value, locale)}</Text>;
  }
}
