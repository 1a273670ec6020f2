import { Button, CloseButton, Loader, TextInput } from '@mantine/core';
import { isSearchedField, MAX_SEARCH_LENGTH, type AppModel, type Entity } from '@specrun/model';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { fieldsOnEveryRecord } from '../../model/access.js';
import { EmptyState } from '../../ui/empty-state.js';
import { LineIcon } from '../../ui/line-icon.js';
import classes from './list-search.module.css';

// Long enough not to ask the server at every key, short enough to feel immediate.
const TYPING_PAUSE_MS = 300;

/**
 * Whether the reader has anything to search in a list of the entity: a text field they may read
 * on every record, which is where the server's `q` looks (docs/api.md, "Lists").
 */
export function searchable(model: AppModel, roles: readonly string[], entity: Entity): boolean {
  const readable = fieldsOnEveryRecord(model, roles, entity);
  return entity.fields.some((f) => isSearchedField(f) && readable.has(f.name));
}

/** The address with its search set to `q`, or without one when `q` is empty. */
function withSearch(current: URLSearchParams, q: string): URLSearchParams {
  const next = new URLSearchParams(current);
  if (q) next.set('q', q);
  else next.delete('q');
  return next;
}

/**
 * A list's search as typed, and as the address keeps it (`?q=`): what is typed goes to the
 * address after a pause in typing, in place of the current entry, so a bookmark or the way back
 * from a record finds the list searched. An address changed otherwise (back, a link) shows its
 * search in the box. `asked` is the search the list is read with; empty when `enabled` is not.
 */
export function useListSearch(enabled: boolean) {
  const [search, setSearch] = useSearchParams();
  const asked = enabled ? (search.get('q') ?? '').trim() : '';
  const [typed, setTyped] = useState(asked);
  // The search this hook last put in the address: anything else there came from elsewhere.
  const written = useRef(asked);
  useEffect(() => {
    if (asked === written.current) return;
    written.current = asked;
    setTyped(asked);
  }, [asked]);
  useEffect(() => {
    const wanted = typed.trim();
    if (!enabled || wanted === written.current) return;
    const timer = setTimeout(() => {
      written.current = wanted;
      setSearch((current) => withSearch(current, wanted), { replace: true });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, enabled, setSearch]);
  const clear = () => {
    setTyped('');
    written.current = '';
    setSearch((current) => withSearch(current, ''), { replace: true });
  };
  return { typed, type: setTyped, asked, clear };
}

const magnifier = (
  <LineIcon size={16}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-4.3-4.3" />
  </LineIcon>
);

/**
 * The search box of a list (`Search tickets`): Escape or its clear button empties it; while the
 * list is read again for what was typed, it says so.
 */
export function ListSearchBox({
  label,
  value,
  onType,
  onClear,
  busy,
}: {
  label: string;
  value: string;
  onType: (value: string) => void;
  onClear: () => void;
  busy: boolean;
}) {
  const right = busy ? (
    // A label needs a role: axe refuses aria-label on a bare span (aria-prohibited-attr).
    <Loader size={16} role="status" aria-label="Searching" />
  ) : value ? (
    <CloseButton size="sm" aria-label="Clear the search" onClick={onClear} />
  ) : null;
  return (
    <div role="search" aria-label={label}>
      <TextInput
        type="search"
        label={label}
        value={value}
        maxLength={MAX_SEARCH_LENGTH}
        onChange={(e) => onType(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Escape' || !value) return;
          e.preventDefault();
          onClear();
        }}
        leftSection={magnifier}
        rightSection={right}
        classNames={{ input: classes.input }}
        maw={420}
        autoComplete="off"
      />
    </div>
  );
}

/** A list with nothing that matches its search: says so, and offers to clear the search. */
export function NoSearchMatch({
  plural,
  asked,
  filtered,
  onClear,
}: {
  plural: string;
  asked: string;
  filtered: boolean;
  onClear: () => void;
}) {
  return (
    <EmptyState
      title={`No ${plural} match “${asked}”`}
      action={
        <Button variant="default" onClick={onClear}>
          Clear the search
        </Button>
      }
    >
      {filtered
        ? `Try other words, or clear the search to see every one these filters keep.`
        : `Try other words or the start of a word, or clear the search to see every one.`}
    </EmptyState>
  );
}
