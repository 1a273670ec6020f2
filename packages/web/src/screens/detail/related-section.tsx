import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { recordKey } from '../../api/use-record.js';
import { useApp } from '../../app/app-context.js';
import { useRecordList } from '../../api/use-record-list.js';
import { entityWords, sentence } from '../../model/names.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { SuccessAlert } from '../../ui/success-alert.js';
import tones from '../../ui/tones.module.css';
import { RelatedAddForm } from './related-add-form.js';
import type { RelatedList } from './related-lists.js';
import { RelatedRow } from './related-row.js';
import styles from './related-list.module.css';

/**
 * One list of related records on a record's page (a ticket's comments), under its own heading,
 * oldest first, a page at a time; below it the way to add one when the reader may. After adding,
 * the list and the record are read again, the addition is announced, and the focus goes back to
 * the button that opened the form.
 */
export function RelatedSection({
  list,
  parent,
}: {
  list: RelatedList;
  parent: { entity: string; id: string; handle: string };
}) {
  const client = useQueryClient();
  const { api } = useApp();
  const headingId = useId();
  const records = useRecordList(list.entity.name, list.query);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string>();
  const addButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!adding && refocus.current) {
      refocus.current = false;
      addButton.current?.focus();
    }
  }, [adding]);
  const plural = entityWords(list.entity.plural);
  const items = records.data?.pages.flatMap((p) => p.items) ?? [];
  const close = () => {
    refocus.current = true;
    setAdding(false);
  };
  const add = list.add;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h4" id={headingId}>
        {list.heading}
      </Title>
      {records.isError ? (
        <ErrorAlert error={records.error} onRetry={() => void records.refetch()} />
      ) : records.isPending ? (
        <Stack gap="sm" aria-busy="true" role="status" aria-label={`Loading the ${plural}`}>
          <Skeleton h={40} />
          <Skeleton h={40} />
        </Stack>
      ) : items.length === 0 ? (
        <Text className={tones.muted}>No {plural} yet.</Text>
      ) : (
        <ul className={styles.list}>
          {items.map((record) => (
            <RelatedRow
              key={api.handle(list.entity.name, record) ?? JSON.stringify(record)}
              list={list}
              record={record}
              // The parent's own actions may change with its children (a delete it now allows).
              onDeleted={() =>
                void client.invalidateQueries({ queryKey: recordKey(parent.entity, parent.handle) })
              }
            />
          ))}
        </ul>
      )}
      {records.hasNextPage && (
        <Group>
          <Button
            variant="default"
            size="xs"
            onClick={() => void records.fetchNextPage()}
            loading={records.isFetchingNextPage}
          >
            Show more {plural}
          </Button>
        </Group>
      )}
      <div aria-live="polite">
        {added && <SuccessAlert title={added} onClose={() => setAdded(undefined)} />}
      </div>
      {add?.kind === 'screen' && (
        <Group>
          <Button component={Link} to={add.to} variant="default">
            {add.screen.name}
          </Button>
        </Group>
      )}
      {add?.kind === 'inline' &&
        (adding ? (
          <RelatedAddForm
            list={list}
            parentId={parent.id}
            onCancel={close}
            onAdded={async () => {
              await client.invalidateQueries({ queryKey: ['list', list.entity.name] });
              await client.invalidateQueries({ queryKey: recordKey(parent.entity, parent.handle) });
              setAdded(`${sentence(entityWords(list.entity.name))} added.`);
              close();
            }}
          />
        ) : (
          <Group>
            <Button
              ref={addButton}
              variant="default"
              onClick={() => {
                setAdded(undefined);
                setAdding(true);
              }}
            >
              {add.label}
            </Button>
          </Group>
        ))}
    </Stack>
  );
}
