import {
  fieldLabel,
  knownTimeZone,
  recordTitle,
  type AppModel,
  type Entity,
  type Field,
} from '@specrun/model';
import type { Locator, Page } from 'playwright-core';
import { sampleValue } from '../../../packages/server/test/operations/support/sample-values.js';

type Body = Record<string, unknown>;

/** What a form's filling needs: the model, and how to name a record a picker must choose. */
export interface FillContext {
  model: AppModel;
  /** The title of a record as a picker lists it, when it has one. */
  titleOf(entity: string, id: string): Promise<string | undefined>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A label as an input carries it: a required one ends in an asterisk. */
export const labelledAs = (label: string): RegExp => new RegExp(`^${escape(label)}( \\*)?$`);

/** An instant as a datetime-local input in the application's time zone takes it. */
function wallClock(model: AppModel, iso: string): string {
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: knownTimeZone(model.properties.timeZone),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
  return parts.replace(' ', 'T');
}

/**
 * Chooses a record in a picker: typed by its title, its option clicked; the first if untitled.
 * An option shown disabled (a record the server would refuse the new one to refer to) is never
 * chosen: among records of one title, a person takes the one offered.
 */
async function pick(page: Page, input: Locator, title: string | undefined): Promise<void> {
  await input.click();
  if (title) await input.fill(title);
  const listbox = page.getByRole('listbox').last();
  const options = listbox.locator('[role="option"]:not([data-combobox-disabled])');
  const option = title
    ? options.filter({ hasText: title }).filter({ hasNotText: /^Create / })
    : options.filter({ hasNotText: /^Create / });
  await option.first().click();
}

/** Whether a reference's input is a picker (Mantine's Select opens a listbox), not a free box. */
async function isPicker(input: Locator): Promise<boolean> {
  return (await input.getAttribute('aria-haspopup')) === 'listbox';
}

/** Whether an input shows a value already (a default, a reference filled from the page). */
async function filled(input: Locator): Promise<boolean> {
  return input.evaluate((e) => {
    if (e instanceof HTMLInputElement && e.type === 'checkbox') return true;
    if (e instanceof HTMLInputElement || e instanceof HTMLTextAreaElement) return e.value !== '';
    if (e instanceof HTMLSelectElement) return e.value !== '';
    return false;
  });
}

/** Fills one field's input with a value of the server tests' making. */
async function fillField(
  ctx: FillContext,
  page: Page,
  form: Locator,
  field: Field,
  value: unknown,
): Promise<void> {
  const label = labelledAs(fieldLabel(field.name));
  const t = field.type;
  switch (t.kind) {
    case 'boolean':
      await form.getByRole('checkbox', { name: label }).setChecked(value === true);
      return;
    case 'enum':
      await form.getByRole('combobox', { name: label }).selectOption(String(value));
      return;
    case 'reference': {
      const input = form.getByRole('textbox', { name: label }).or(form.getByLabel(label));
      const id = typeof value === 'string' ? value : undefined;
      await pick(page, input.first(), id ? await ctx.titleOf(t.entity, id) : undefined);
      return;
    }
    case 'list': {
      const input = form.getByLabel(label).first();
      for (const id of Array.isArray(value) ? value.slice(0, 1) : [undefined])
        await pick(page, input, typeof id === 'string' ? await ctx.titleOf(t.entity, id) : '');
      await page.keyboard.press('Escape');
      return;
    }
    case 'roles':
      await form.getByRole('checkbox').first().check();
      return;
    case 'file':
    case 'files':
      await form.getByLabel(label).setInputFiles({
        name: 'receipt.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.7\n'),
      });
      return;
    case 'datetime':
      await form.getByLabel(label).fill(wallClock(ctx.model, String(value)));
      return;
    default:
      await form.getByLabel(label).fill(String(value));
  }
}

/**
 * Fills a record form (a screen's, a dialog's or a related list's) as a person would: every field
 * the form shows that the body gives a value for (the server tests' valid values, a picker choosing
 * the record the body refers to by its title), then any required field still empty with a sample
 * value. Answers the fields it filled.
 */
export async function fillForm(
  ctx: FillContext,
  page: Page,
  form: Locator,
  entity: Entity,
  body: Body,
): Promise<string[]> {
  const done: string[] = [];
  for (const field of entity.fields) {
    const input = form.getByLabel(labelledAs(fieldLabel(field.name)));
    if ((await input.count()) === 0) continue;
    const first = input.first();
    const given = Object.hasOwn(body, field.name) && body[field.name] != null;
    const required =
      (await first.getAttribute('required')) !== null ||
      (await first.getAttribute('aria-required')) === 'true';
    if (!given && (!required || (await filled(first)))) continue;
    // A reference the page already chose (the record the form was opened from) stays.
    if (field.type.kind === 'reference' && (await filled(first)) && !given) continue;
    // Where the reader cannot list the records, the box takes an id nobody knows: an optional
    // one is left empty, as a person would.
    if (field.type.kind === 'reference' && !required && !(await isPicker(first))) continue;
    const value = given ? body[field.name] : sampleValue(field);
    await fillField(ctx, page, form, field, value);
    done.push(field.name);
  }
  return done;
}

/** The title a picker lists a record by, read as nobody would not see it: as the server has it. */
export function titleReader(
  model: AppModel,
  stored: (entity: string, id: string) => Promise<Record<string, unknown>>,
): FillContext['titleOf'] {
  return async (entity, id) => {
    const e = model.entities.find((x: Entity) => x.name === entity);
    if (!e) return undefined;
    try {
      return recordTitle(model, e, await stored(entity, id));
    } catch {
      return undefined;
    }
  };
}
