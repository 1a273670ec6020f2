import { useState } from 'react';
import type { ApiRecord } from '../../model/record-label.js';

/** The records checked on a list, by id, and how to change them. */
export interface Selection {
  has: (id: string) => boolean;
  toggle: (id: string) => void;
  /** Checks every record shown, or unchecks them all when they all are. */
  togglePage: () => void;
  /** Every record shown is checked / some are. */
  all: boolean;
  some: boolean;
  /** The checked records among those shown: what a bulk action applies to. */
  records: ApiRecord[];
  clear: () => void;
}

/**
 * The selection of a list's records. It is kept by id, and only records still shown count: one
 * that a filter or a refresh took away is no longer selected.
 */
export function useSelection(shown: readonly ApiRecord[]): Selection {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const records = shown.filter((r) => ids.has(r.id));
  const all = shown.length > 0 && records.length === shown.length;
  return {
    has: (id) => ids.has(id),
    toggle: (id) =>
      setIds((old) => {
        const next = new Set(old);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    togglePage: () => setIds(all ? new Set() : new Set(shown.map((r) => r.id))),
    all,
    some: records.length > 0,
    records,
    clear: () => setIds(new Set()),
  };
}
