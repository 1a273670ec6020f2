import { actionInputs, type AppModel, type Entity, type Field } from '@specrun/model';
import type { HistoryEntry } from '../../api/api.js';
import { fieldOf } from '../../model/entities.js';
import { entityWords, fieldLabel, sentence, words } from '../../model/names.js';

/** One line of an entry: a field's label and its value before and after (or an input's value). */
export interface HistoryLine {
  label: string;
  /** The field the values are of, to format them as the record's page does. */
  field?: Field;
  from?: unknown;
  to: unknown;
}

/** A value given as it is, in words: never JSON. Objects say nothing. */
export function plainValue(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    const items = value.map(plainValue).filter((v): v is string => v !== undefined);
    return items.length > 0 ? items.join(', ') : undefined;
  }
  return undefined;
}

/** "Booking.cancel" as people read it: "Booking cancel". */
function causeText(cause: unknown): string | undefined {
  if (typeof cause !== 'string') return undefined;
  const [entity, action] = cause.split('.');
  return action ? `${sentence(entityWords(entity!))} ${words(action)}` : cause;
}

/**
 * What an entry says besides who and when, line by line: each field it changed ("Priority",
 * normal → high) in the entity's order, then what was given with it that no change shows (a
 * reason a guard reads), then what caused it when an effect made it.
 */
export function historyLines(model: AppModel, entity: Entity, entry: HistoryEntry): HistoryLine[] {
  const changes = entry.changes ?? [];
  const lines: HistoryLine[] = changes.map((c) => {
    const field = fieldOf(entity, c.field);
    return { label: fieldLabel(c.field), ...(field ? { field } : {}), from: c.from, to: c.to };
  });
  const changed = new Set(changes.map((c) => c.field));
  const inputs = new Map(
    actionInputs(model, entity.name, entry.action).map((i) => [i.name, i.field]),
  );
  for (const [name, value] of Object.entries(entry.input ?? {})) {
    if (name === 'cause' && !inputs.has(name)) {
      const text = causeText(value);
      if (text) lines.push({ label: 'Cause', to: text });
      continue;
    }
    const field = inputs.get(name);
    // An input a Sets copied to a field is told by that field's change.
    if (field && changed.has(field.name)) continue;
    if (field) lines.push({ label: fieldLabel(name), field, to: value });
    else if (plainValue(value) !== undefined) lines.push({ label: fieldLabel(name), to: value });
  }
  return lines;
}

/**
 * A record's history split into its creation and what came after. The server writes an entry for
 * a create only when an effect made the record (`After accept: create Tenancy …`), to say what
 * caused it; the timeline tells it as the record's "Created", never as a move of its own.
 */
export function creationAndLater(entries: readonly HistoryEntry[]): {
  creation: HistoryEntry | undefined;
  later: HistoryEntry[];
} {
  const creation = entries.find((e) => e.action === 'create');
  return { creation, later: entries.filter((e) => e !== creation) };
}
