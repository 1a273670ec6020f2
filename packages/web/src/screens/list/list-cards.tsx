import { Anchor, Checkbox, Group, Paper, Text } from '@mantine/core';
import { titleField, type AppModel, type Entity, type Field } from '@specrun/model';
import { Link } from 'react-router';
import { useApp } from '../../app/app-context.js';
import { lifecycleOf } from '../../model/entities.js';
import { fieldLabel } from '../../model/names.js';
import { recordLabel, type ApiRecord } from '../../model/record-label.js';
import { routeTo } from '../../model/screens.js';
import { StateBadge } from '../../ui/state-badge.js';
import tones from '../../ui/tones.module.css';
import { ValueView } from '../../ui/value-view.js';
import classes from './list-cards.module.css';
import type { Selection } from './list-selection.js';

/**
 * The records of a list as cards, for narrow screens where a table would overflow: each named by
 * its title (a link to its page), with its state as a badge and the other columns as label and
 * value lines that wrap. The list's order and selection are the table's.
 */
export function ListCards({
  model,
  entity,
  columns,
  records,
  detailRoute,
  caption,
  selection,
}: {
  model: AppModel;
  entity: Entity;
  columns: Field[];
  records: ApiRecord[];
  detailRoute: string | undefined;
  caption: string;
  selection?: Selection | undefined;
}) {
  const { api } = useApp();
  const state = lifecycleOf(model, entity.name)?.field;
  const title = titleField(entity)?.name;
  // The title names the card and the state is its badge: neither is repeated as a line.
  const lines = columns.filter((f) => f.name !== state && f.name !== title);
  return (
    <ul className={classes.list} aria-label={caption}>
      {records.map((record) => {
        const handle = api.handle(entity.name, record);
        const to = detailRoute && handle ? routeTo(detailRoute, handle) : undefined;
        const label = recordLabel(model, entity, record);
        const shownState = state ? record[state] : undefined;
        return (
          <Paper
            component="li"
            key={handle ?? record.id}
            withBorder
            radius="md"
            p="sm"
            aria-label={label}
          >
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap" mb="xs">
              <Group gap="xs" align="flex-start" wrap="nowrap" miw={0}>
                {selection && (
                  <Checkbox
                    mt={2}
                    aria-label={`Select ${label}`}
                    checked={selection.has(record.id)}
                    onChange={() => selection.toggle(record.id)}
                  />
                )}
                {to ? (
                  <Anchor component={Link} to={to} fw={600} className={classes.title}>
                    {label}
                  </Anchor>
                ) : (
                  <Text fw={600} className={classes.title}>
                    {label}
                  </Text>
                )}
              </Group>
              {typeof shownState === 'string' && <StateBadge state={shownState} />}
            </Group>
            {lines.length > 0 && (
              <dl className={classes.lines}>
                {lines.map((f) => (
                  <div key={f.name} style={{ display: 'contents' }}>
                    <Text component="dt" size="sm" className={tones.muted}>
                      {fieldLabel(f.name)}
                    </Text>
                    <Text component="dd" size="sm">
                      <ValueView field={f} value={record[f.name]} />
                    </Text>
                  </div>
                ))}
              </dl>
            )}
          </Paper>
        );
      })}
    </ul>
  );
}
