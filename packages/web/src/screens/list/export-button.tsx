import { Button } from '@mantine/core';
import type { ApiCall } from '@specrun/model';
import { useState } from 'react';
import { ApiError } from '../../api/api-error.js';
import type { ListParams } from '../../api/api.js';
import { exportList } from '../../api/list-export.js';
import { useApp } from '../../app/app-context.js';
import { useToast } from '../../ui/toasts.js';

/** A file name from a screen's name: "Workshops I organise" → `workshops-i-organise.csv`, "Café" → `cafe.csv`. */
export function csvFileName(screenName: string): string {
  const words = screenName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${words || 'list'}.csv`;
}

/** A list's parameters as its export takes them: all but a page's (see exportQuery). */
export function exportParams(
  params: ListParams,
): Omit<ListParams, 'limit' | 'cursor' | 'include' | 'total'> {
  const rest = { ...params };
  delete rest.limit;
  delete rest.cursor;
  delete rest.include;
  delete rest.total;
  return rest;
}

/** Offers the bytes as a file to save, under that name. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads the list as the reader sees it: every page the server has for its filters, search
 * and sort (not only those loaded), with the columns shown, as CSV. The server writes the file
 * (format=csv); a refusal (a list too long to export) is told in a toast.
 */
export function ExportButton({
  call,
  params,
  columns,
  screenName,
}: {
  call: ApiCall;
  params: Omit<ListParams, 'limit' | 'cursor' | 'include' | 'total'>;
  columns: readonly string[];
  screenName: string;
}) {
  const { catalogue } = useApp();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const blob = await exportList(call, params, columns, (code) => catalogue.find(code)?.message);
      save(blob, csvFileName(screenName));
    } catch (error) {
      const message = error instanceof ApiError ? error.message : 'The export failed.';
      toast({ title: 'Could not export', message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" onClick={() => void run()} loading={busy}>
      Export CSV
    </Button>
  );
}
