import { Checkbox, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ApiRecord } from '../../model/record-label.js';
import { BulkBar } from './bulk-bar.js';
import { ListCards } from './list-cards.js';
import { useSelection } from './list-selection.js';
import { ListTable, type ListViewProps } from './list-table.js';

// Below Mantine's `sm` breakpoint a table of several columns overflows: records become cards.
const PHONE = '(max-width: 47.99em)';

/** Whether some record shown carries an action that could be taken on several at once. */
const selectable = (records: readonly ApiRecord[]) =>
  records.some((r) => Array.isArray(r.actions) && r.actions.length > 0);

/**
 * The records a list shows: a table with sortable headers, or cards on a phone; with checkboxes
 * to select records and act on them together (see BulkBar) when the server offers some action on
 * any of them.
 */
export function ListResults(props: ListViewProps) {
  const { model, entity, columns, records, detailRoute, caption } = props;
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const selection = useSelection(records);
  const selecting = selectable(records) ? selection : undefined;
  return (
    <Stack gap="sm">
      {selecting && selection.some && (
        <BulkBar entity={entity} selected={selection.records} onClear={selection.clear} />
      )}
      {phone ? (
        <>
          {selecting && (
            <Checkbox
              label="Select every record on this page"
              checked={selection.all}
              indeterminate={selection.some && !selection.all}
              onChange={() => selection.togglePage()}
            />
          )}
          <ListCards
            model={model}
            entity={entity}
            columns={columns}
            records={records}
            detailRoute={detailRoute}
            caption={caption}
            selection={selecting}
          />
        </>
      ) : (
        <ListTable {...props} selection={selecting} />
      )}
    </Stack>
  );
}
