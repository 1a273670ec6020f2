import {
  actionInputs,
  ANYONE,
  apiCalls,
  type ApiCall,
  entityWords,
  fieldLabel,
  matchingRows,
  sentence,
  SIGNED_IN,
  titleField,
  words,
  type AppModel,
  type Entity,
  type Field,
  type Screen,
} from '@specrun/model';
import type { Browser, Locator, Page } from 'playwright-core';
import { sampleValue } from '../../../packages/server/test/operations/support/sample-values.js';
import { pathTo, reach } from '../../../packages/server/test/lifecycle/support/reach.js';
import { tableOf } from '../../../packages/server/src/store/derive-columns.js';
import { handleField, handleValue } from '../../../packages/web/src/model/record-handle.js';
import {
  defaultActor,
  rowCaseOf,
  type Attempt,
  type World,
} from '../../../packages/server/test/lifecycle/support/scenario.js';
import { axeViolations } from '../support/axe.js';
import { PASSWORD } from '../support/serve-app.js';
import { box, settled } from '../support/ui.js';
import { watchApi, type ApiWatch } from './api-watch.js';
import { walkerWorld, type ExampleWorld, type Walker } from './example-world.js';
import { fillForm, labelledAs, titleReader, type FillContext } from './fill-form.js';
import { concernRole, handOverParents, handToRole } from './hand-over.js';
import { bringToNow } from './shift-instants.js';
import { jobName, type Job } from './role-jobs.js';
import { followNavigation, pressSending, recordLink, writtenId } from './ui-steps.js';

/** A theme and a width the walk runs in. */
export interface Look {
  scheme: 'light' | 'dark';
  width: 1280 | 390;
}

/** The screens checked with axe so far, by example and kind, and by kind and look. */
export interface AxeLedger {
  checked: Set<string>;
  violations: string[];
}

/** What one role's walk came to. */
export interface WalkReport {
  /** Refused buttons, and jobs the server allows now that the screens give no way to. */
  failures: string[];
  /** The jobs walked through the screens. */
  done: Set<string>;
}

interface Made {
  id: string;
  /** The record's page, as the app links it. */
  path: string;
}

const opensFor = (screen: Screen, role: string) =>
  screen.who.some((w) => w === role || w === 'signed-in' || w === 'anyone');

/** An action's button label: `checkIn` → "Check in", as the web app writes it. */
const actionLabel = (action: string) => sentence(words(action));

/**
 * Waits a moment for a button the record's actions offer: the page draws it once it has the
 * record they came with. Its absence is judged by the caller.
 */
const drawn = (button: Locator) =>
  button
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);

/** How long one step (a click, a screen drawn, an answer) may take before the walk calls it stuck. */
export const STEP_TIMEOUT = 10_000;

const routeOf = (route: string, handle: string) => route.replace(':id', encodeURIComponent(handle));

/** A role's walk through one example's screens: one signed-in page, its jobs one after another. */
class RoleWalk {
  readonly report: WalkReport = { failures: [], done: new Set() };
  private readonly model: AppModel;
  private readonly calls: ApiCall[];
  private readonly fill: FillContext;
  private readonly taken = new Set<string>();
  /** The link records made by a record page's toggle, by entity: the page it was pressed on. */
  private readonly toggled = new Map<string, string>();

  constructor(
    private readonly ew: ExampleWorld,
    private readonly walker: Walker,
    /** The people this walk works with (see walkerWorld). */
    private readonly world: World,
    private readonly page: Page,
    private readonly watch: ApiWatch,
    private readonly look: Look,
    private readonly axe: AxeLedger,
  ) {
    this.model = ew.served.model;
    this.calls = apiCalls(this.model);
    this.fill = {
      model: this.model,
      titleOf: titleReader(this.model, (e, id) => ew.h.stored(e, id)),
    };
  }

  private log(what: string): void {
    if (process.env.JOBS_DEBUG)
      console.log(
        `${new Date().toISOString().slice(11, 23)} ${this.walker.role}: ${what} (${this.page.url()})`,
      );
  }

  private fail(what: string): void {
    this.log(`FAILED ${what}`);
    if (process.env.JOBS_DEBUG)
      void this.page
        .screenshot({
          path: `/tmp/jobs-fail-${this.walker.role}-${this.report.failures.length}.png`,
        })
        .catch(() => undefined);
    this.report.failures.push(`${this.ew.example}, ${this.walker.role}: ${what}`);
  }

  private screens(kind: Screen['kind'], entity: string): Screen[] {
    return this.model.screens.filter(
      (s) => s.kind === kind && s.entity === entity && opensFor(s, this.walker.role),
    );
  }

  private entity(name: string): Entity {
    return this.model.entities.find((e) => e.name === name)!;
  }

  private jobs(entity: string, kind?: Job['kind']): Job[] {
    return this.walker.jobs.filter((j) => j.entity === entity && (!kind || j.kind === kind));
  }

  /** Checks the screen with axe the first time the example shows its kind, or the look shows it. */
  private async checkAxe(kind: string): Promise<void> {
    const byExample = `${this.ew.example}:${kind}`;
    const byLook = `${kind}:${this.look.scheme}:${this.look.width}`;
    if (this.axe.checked.has(byExample) && this.axe.checked.has(byLook)) return;
    this.axe.checked.add(byExample).add(byLook);
    await settled(this.page);
    for (const v of await axeViolations(this.page))
      this.axe.violations.push(
        `${this.ew.example} ${kind} (${this.walker.role}, ${byLook}): ${v.id} at ${v.targets.join(', ')}`,
      );
  }

  async signIn(): Promise<void> {
    await this.page.goto(`${this.ew.served.url}/sign-in`);
    await settled(this.page);
    await box(this.page, 'Email').fill(this.walker.email);
    await box(this.page, 'Password').fill(PASSWORD);
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await this.page.waitForURL((url) => url.pathname !== '/sign-in');
    await settled(this.page);
  }

  /**
   * Opens a create form of the entity as a person finds it: a list's New link, or the form in the
   * navigation. Answers how it was reached, or undefined when no screen leads to one.
   */
  private async openCreateForm(entity: string): Promise<string | undefined> {
    const forms = this.screens('form', entity).filter((s) => !s.route.includes(':id'));
    if (forms.length === 0) return undefined;
    for (const list of this.screens('list', entity)) {
      if (!(await followNavigation(this.page, list.route))) continue;
      await this.checkAxe('list');
      const main = this.page.locator('main');
      const opener = main.getByRole('link', { name: forms[0]!.name, exact: true });
      // The list draws its form's link once it has drawn itself: on a loaded machine, a moment
      // after the heading settled waits for (CI, 2026-12-04: not yet there, so Job was made
      // through a picker's dialog instead, which then stuck).
      await drawn(opener);
      if ((await opener.count()) === 0) continue;
      await opener.first().click();
      return `${forms[0]!.name} from ${list.name}`;
    }
    for (const form of forms) if (await followNavigation(this.page, form.route)) return form.name;
    return undefined;
  }

  /**
   * The records a new one must refer to but cannot be given in its body: a required read-only
   * reference (a comment's article) is set from the page it is added on, so one is made for it.
   */
  private async fixedParents(entity: Entity): Promise<Record<string, unknown>> {
    const parents: Record<string, unknown> = {};
    for (const f of entity.fields)
      if (
        f.type.kind === 'reference' &&
        f.required &&
        !f.builtin &&
        !f.default &&
        f.rules.some((r) => r.kind === 'readOnly')
      ) {
        const maker = this.world.actors[this.creatorOf(f.type.entity)]!;
        parents[f.name] = (await this.ew.h.make(f.type.entity, maker)).id;
      }
    return parents;
  }

  /** The values the walker creates a record with: the server tests' valid ones. */
  private async bodyFor(entity: Entity): Promise<Record<string, unknown>> {
    const body = await this.ew.h.validBody(entity.name, this.walker.actor);
    await handOverParents(this.ew, this.walker, this.world, entity, body, (e) => this.creatorOf(e));
    return { ...(await this.fixedParents(entity)), ...body };
  }

  /** Creates a record through a form reached from the navigation, or a page's Add, or a picker. */
  private async createThroughScreens(entity: Entity): Promise<Made | undefined> {
    const body = await this.bodyFor(entity);
    const how = await this.openCreateForm(entity.name);
    if (how) return this.submitForm(entity, body, how);
    return (
      (await this.createInPlace(entity, body)) ??
      (await this.createInPicker(entity)) ??
      (await this.createByToggle(entity))
    );
  }

  /**
   * Creates a record from another entity's create form, as its picker offers: typed as a new
   * name, created in the picker's dialog ("Create tag “…”") or taken as typed by a picker of
   * names (the server creates it with the record), then that record saved.
   */
  private async createInPicker(entity: Entity): Promise<Made | undefined> {
    const title = titleField(entity);
    if (!title) return undefined;
    for (const owner of this.model.entities) {
      const field = owner.fields.find(
        (f) =>
          !f.builtin &&
          ((f.type.kind === 'reference' && f.type.entity === entity.name) ||
            (f.type.kind === 'list' && f.type.entity === entity.name)),
      );
      if (!field || owner.name === entity.name || this.jobs(owner.name, 'create').length === 0)
        continue;
      const how = await this.openCreateForm(owner.name);
      if (!how) continue;
      await settled(this.page);
      const form = this.page.locator('main form').first();
      await form.waitFor();
      const input = form.getByLabel(labelledAs(fieldLabel(field.name))).first();
      if ((await input.count()) === 0) continue;
      // The server tests' valid title (a tag's name has a form of its own), typed as new.
      const body = await this.ew.h.validBody(entity.name, this.walker.actor);
      const typed = String(body[title.name]);
      delete body[title.name];
      await input.click();
      await input.fill(typed);
      const offer = this.page
        .getByRole('listbox')
        .last()
        .getByRole('option', { name: new RegExp(`^Create .*${typed}`) });
      let id: string | undefined;
      // The picker lists its options once it has searched: what a person waits to see.
      const offered = await offer.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (offered || field.type.kind === 'reference') {
        await offer.click();
        const dialog = this.page.getByRole('dialog');
        await dialog.waitFor();
        await this.checkAxe('create-dialog');
        await fillForm(this.fill, this.page, dialog, entity, body);
        const outcome = await pressSending(
          this.watch,
          dialog,
          dialog.getByRole('button', { name: /^Create / }),
        );
        if (!outcome.ok) {
          this.fail(`create ${entity.name} in the picker of ${how}: refused: ${outcome.why}`);
          return undefined;
        }
        await dialog.waitFor({ state: 'detached' });
        id = writtenId(await outcome.write.body);
      } else {
        // A picker of names takes a new one as it is typed; the server creates the record.
        await input.press('Enter');
        await this.page.keyboard.press('Escape');
      }
      const ownerBody = await this.ew.h.validBody(owner.name, this.walker.actor);
      delete ownerBody[field.name];
      const made = await this.submitForm(owner, ownerBody, `${how}, with a new ${entity.name}`);
      if (!made) return undefined;
      return { id: id ?? '', path: made.path };
    }
    return undefined;
  }

  /**
   * Creates a link record with a record page's toggle (section 7's `add me as Follow.follower`:
   * "Following" on another writer's profile); answers it with the page it was made from.
   */
  private async createByToggle(entity: Entity): Promise<Made | undefined> {
    for (const call of this.calls) {
      const op = call.operation;
      if (op.kind !== 'add-link' || op.link !== entity.name) continue;
      const other = this.world.actors[`${this.walker.role}2`];
      const target =
        op.entity === 'User' && other
          ? other.id
          : ((await this.ew.h.make(op.entity, this.walker.actor)).id as string);
      const path = await this.pathOf(op.entity, target);
      if (!path) continue;
      await this.page.goto(this.ew.served.url + path);
      await settled(this.page);
      const toggle = this.page.locator('main button[aria-pressed="false"]');
      if ((await toggle.count()) === 0) continue;
      const outcome = await pressSending(this.watch, this.page.locator('main'), toggle.first());
      if (!outcome.ok) {
        this.fail(`create ${entity.name} on ${path}: the toggle was refused: ${outcome.why}`);
        return undefined;
      }
      await this.page.locator('main button[aria-pressed="true"]').first().waitFor();
      this.toggled.set(entity.name, path);
      return { id: '', path };
    }
    return undefined;
  }

  /** Deletes a link record made by a toggle by pressing it again. */
  private async deleteByToggle(entity: Entity, path: string): Promise<void> {
    const toggle = this.page.locator('main button[aria-pressed="true"]');
    if (!this.page.url().endsWith(path) || (await toggle.count()) === 0) {
      this.fail(`delete ${entity.name}: the toggle that made it on ${path} is gone`);
      return;
    }
    const outcome = await pressSending(this.watch, this.page.locator('main'), toggle.first());
    if (!outcome.ok) this.fail(`delete ${entity.name} on ${path}: refused: ${outcome.why}`);
    else this.report.done.add(`delete ${entity.name}`);
  }

  /** A record's page adding the entity in place: its related "Add …", or a create form's link. */
  private async createInPlace(
    entity: Entity,
    body: Record<string, unknown>,
  ): Promise<Made | undefined> {
    for (const field of entity.fields) {
      if (field.type.kind !== 'reference' || field.builtin || typeof body[field.name] !== 'string')
        continue;
      const detail = this.screens('detail', field.type.entity)[0];
      if (!detail) continue;
      const path = await this.pathOf(field.type.entity, body[field.name] as string);
      if (!path) continue;
      await this.page.goto(this.ew.served.url + path);
      await settled(this.page);
      const main = this.page.locator('main');
      const inline = main.getByRole('button', { name: `Add ${entityWords(entity.name)}` });
      if ((await inline.count()) > 0) {
        await inline.first().click();
        const region = main.getByRole('region').filter({ has: this.page.locator('form') });
        const form = region.locator('form').first();
        await form.waitFor();
        await fillForm(this.fill, this.page, form, entity, { ...body, [field.name]: null });
        const outcome = await pressSending(
          this.watch,
          form,
          form.getByRole('button', { name: `Add ${entityWords(entity.name)}` }),
        );
        if (!outcome.ok) {
          this.fail(
            `create ${entity.name}: Add ${entityWords(entity.name)} was refused: ${outcome.why}`,
          );
          return undefined;
        }
        // Without an id when the declared shape names it otherwise (a comment's number).
        const id = writtenId(await outcome.write.body) ?? '';
        await this.seenInPlace(entity, body);
        return { id, path: new URL(this.page.url()).pathname };
      }
      const form = this.screens('form', entity.name).find(
        (s) => !s.route.includes(':id') && s.route,
      );
      const link = form ? main.locator(`a[href^="${form.route}?"]`) : undefined;
      if (link && (await link.count()) > 0) {
        await link.first().click();
        return this.submitForm(entity, { ...body, [field.name]: null }, form!.name);
      }
    }
    return undefined;
  }

  /**
   * A record without a page of its own is read where it was added (a ticket's comment under the
   * ticket): its text shown there, once added, is its reading.
   */
  private async seenInPlace(entity: Entity, body: Record<string, unknown>): Promise<void> {
    if (this.screens('detail', entity.name).length > 0) return;
    const text = entity.fields.find(
      (f) => ['text', 'longText'].includes(f.type.kind) && typeof body[f.name] === 'string',
    );
    if (!text) return;
    const shown = await this.page
      .locator('main')
      .getByText(String(body[text.name]))
      .first()
      .waitFor({ timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    if (shown) this.report.done.add(`read ${entity.name}`);
  }

  /** Fills the form on the page and saves it; answers the new record and its page. */
  private async submitForm(
    entity: Entity,
    body: Record<string, unknown>,
    how: string,
  ): Promise<Made | undefined> {
    await settled(this.page);
    const form = this.page.locator('main form').first();
    await form.waitFor();
    await this.checkAxe('form');
    await fillForm(this.fill, this.page, form, entity, body);
    const save = form.getByRole('button', { name: 'Save', exact: true });
    const at = this.page.url();
    const outcome = await pressSending(this.watch, form, save);
    if (!outcome.ok) {
      this.fail(`create ${entity.name} (${how}): Save was refused: ${outcome.why}`);
      return undefined;
    }
    let id = writtenId(await outcome.write.body);
    // A save leads to the saved record's page (or back where the form was opened from).
    await this.page.waitForURL((url) => url.href !== at);
    await settled(this.page);
    const path = new URL(this.page.url()).pathname;
    // A declared shape may answer without the id (Conduit's article): found by the page's handle.
    id ??= await this.idByHandle(entity.name, decodeURIComponent(path.split('/').at(-1)!));
    return { id, path };
  }

  /** The id of the record whose handle (its slug) a page's address carries. */
  private async idByHandle(entity: string, handle: string): Promise<string> {
    const field = handleField(this.model, this.calls, entity);
    if (field === 'id') return handle;
    const row = await this.ew.served.store.db
      .selectFrom(tableOf(this.model, entity))
      .select('id')
      .where(field, '=', handle)
      .executeTakeFirstOrThrow();
    return String(row.id);
  }

  /** The record's page, by its detail route and its handle (its id, or a slug the API uses). */
  private async pathOf(entity: string, id: string): Promise<string | undefined> {
    const detail = this.screens('detail', entity)[0];
    if (!detail) return undefined;
    const field = handleField(this.model, this.calls, entity);
    const handle = field === 'id' ? id : handleValue(await this.ew.h.stored(entity, id), field);
    return handle === undefined ? undefined : routeOf(detail.route, handle);
  }

  /** Opens the record from a list the navigation leads to; answers whether one showed it. */
  private async openFromList(entity: string, path: string): Promise<boolean> {
    for (const list of this.screens('list', entity)) {
      if (!(await followNavigation(this.page, list.route))) continue;
      const link = await recordLink(this.page, path);
      if (!link) continue;
      await link.click();
      await this.page.waitForURL((url) => url.pathname === path);
      await settled(this.page);
      return true;
    }
    return false;
  }

  /** Opens the record's page and answers the actions the server gives the role on it now. */
  private async openRecord(path: string, fromList?: string): Promise<string[]> {
    const actions = await this.readRecord(path, fromList);
    if (!actions) throw new Error(`the server does not show ${path} to ${this.walker.role}`);
    return actions;
  }

  /** Opens the record's page: the actions it offers, or undefined when the role may not see it. */
  private async readRecord(path: string, fromList?: string): Promise<string[] | undefined> {
    const mark = this.watch.reads();
    if (!fromList || !(await this.openFromList(fromList, path))) {
      await this.page.goto(this.ew.served.url + path);
      await settled(this.page);
    }
    return this.watch.actionsAfter(mark);
  }

  /** The actions now, read again after the page changed the record. */
  private async reload(path: string): Promise<string[]> {
    return this.openRecord(path);
  }

  /**
   * The actions after a change made on the record's page: as the page reads the record again
   * itself (its buttons follow what the server now allows), else read by opening it again.
   */
  private async actionsSince(mark: number, path: string): Promise<string[]> {
    const fresh = await this.watch.actionsAfter(mark, 5_000).catch(() => undefined);
    if (!fresh || new URL(this.page.url()).pathname !== path) return this.reload(path);
    await settled(this.page);
    return fresh;
  }

  /**
   * Edits the record through its first edit form and saves it, or, where section 2 has no edit
   * form for the entity, through the page's Edit dialog.
   */
  private async edit(entity: Entity, made: Made): Promise<string[]> {
    const forms = this.screens('form', entity.name).filter((s) => s.route.includes(':id'));
    const main = this.page.locator('main');
    const inPlace = main.getByRole('button', { name: 'Edit', exact: true });
    const links = forms.map((f) => main.getByRole('link', { name: f.name, exact: true }));
    await drawn(links.reduce((any, link) => any.or(link), inPlace));
    let opener;
    for (const candidate of links) if ((await candidate.count()) > 0) opener = candidate;
    if (!opener && (await inPlace.count()) > 0) opener = inPlace;
    if (!opener) {
      this.fail(
        `update ${entity.name}: the server allows it on ${made.path}, the page offers no edit form`,
      );
      return this.reload(made.path);
    }
    const name = (await opener.first().textContent())?.trim() ?? 'Edit';
    this.log(`editing with ${name}`);
    await opener.first().click();
    const dialog = opener === inPlace;
    const form = dialog ? this.page.getByRole('dialog').locator('form') : main.locator('form');
    await form.first().waitFor();
    if (!dialog) await settled(this.page);
    await this.checkAxe(dialog ? 'edit-dialog' : 'edit-form');
    await this.changeOneField(entity, form.first());
    this.log(`saving the edit`);
    const mark = this.watch.reads();
    const outcome = await pressSending(
      this.watch,
      form.first(),
      form.first().getByRole('button', { name: 'Save changes', exact: true }),
    );
    this.log(`saved the edit: ${outcome.ok ? 'ok' : outcome.why}`);
    if (!outcome.ok) {
      this.fail(`update ${entity.name} (${name}) on ${made.path}: refused: ${outcome.why}`);
      if (dialog) await this.page.keyboard.press('Escape');
    } else this.report.done.add(`update ${entity.name}`);
    if (dialog) await this.page.getByRole('dialog').waitFor({ state: 'detached' });
    await this.page.waitForURL((url) => url.pathname === made.path);
    await settled(this.page);
    return outcome.ok ? this.actionsSince(mark, made.path) : this.reload(made.path);
  }

  /**
   * Changes one field the form shows, as a person correcting a record would: a text if it has
   * one (not a unique or patterned one), else a number.
   */
  private async changeOneField(entity: Entity, form: Locator): Promise<void> {
    const plain = (f: Field) =>
      !f.rules.some((r) => ['unique', 'pattern', 'slugFrom'].includes(r.kind));
    const texts = entity.fields.filter(
      (f) => (f.type.kind === 'text' || f.type.kind === 'longText') && plain(f),
    );
    const numbers = entity.fields.filter(
      (f) => (f.type.kind === 'integer' || f.type.kind === 'decimal') && plain(f),
    );
    for (const field of [...texts, ...numbers]) {
      const input = form.getByLabel(labelledAs(fieldLabel(field.name)));
      if ((await input.count()) === 0 || !(await input.first().isEditable())) continue;
      await input.first().fill(String(sampleValue(field)));
      return;
    }
  }

  /**
   * How the scenario has this role take an action: the row's passing attempt where it is this
   * role's, else another that succeeds by this role (a librarian waives only a small fine, an
   * admin any) or by a second account of it (a buyer approves another buyer's small order), else
   * the passing one for its input.
   */
  private attemptOf(entity: string, action: string): Attempt | undefined {
    const role = this.walker.role;
    const row = this.model.lifecycles
      .find((l) => l.entity === entity)
      ?.transitions.find((t) => t.action === action && t.who.includes(role));
    const rowCase = row && this.ew.scenario && rowCaseOf(this.ew.scenario, entity, row);
    if (!row || !rowCase) return undefined;
    const by = rowCase.pass.by ?? defaultActor(row);
    if (by === role || by === `${role}2`) return rowCase.pass;
    const also = (who: string) => rowCase.also?.find((a) => a.by === who);
    return also(role) ?? also(`${role}2`) ?? rowCase.pass;
  }

  /**
   * The people an attempt is made among: as the scenario's second account of the role (another
   * buyer than the one who placed the order), the walker takes that account's place.
   */
  private worldFor(attempt: Attempt | undefined): World {
    const role = this.walker.role;
    const second = `${role}2`;
    const actors = this.world.actors;
    if (attempt?.by !== second || !actors[second]) return this.world;
    return { actors: { ...actors, [role]: actors[second], [second]: actors[role]! } };
  }

  /**
   * Brings a record to what the role's attempt at an action needs: a fine small enough, a session
   * about to start (its instants moved so that now is the attempt's instant, see bringToNow).
   */
  private async prepareFor(entity: string, action: string, id: string): Promise<void> {
    const attempt = this.attemptOf(entity, action);
    const world = this.worldFor(attempt);
    const moment = async () => ({
      h: this.ew.h,
      world,
      record: await this.ew.h.stored(entity, id),
    });
    if (attempt?.prepare) await attempt.prepare(await moment());
    if (attempt?.at) await bringToNow(this.ew, entity, id, attempt.at(await moment()));
  }

  /** The values an action's dialog asks for: the scenario's, else samples of their types. */
  private async actionValues(entity: string, action: string, id: string) {
    const record = await this.ew.h.stored(entity, id);
    const attempt = this.attemptOf(entity, action);
    const given = attempt?.input?.({ h: this.ew.h, world: this.world, record }) ?? {};
    const fields: Field[] = actionInputs(this.model, entity, action).map(
      (i) =>
        ({
          ...(i.field ?? { type: { kind: 'text' }, rules: [], required: false }),
          name: i.name,
        }) as Field,
    );
    const body: Record<string, unknown> = {};
    for (const f of fields)
      body[f.name] =
        f.name in given
          ? given[f.name]
          : f.type.kind === 'text'
            ? 'Checked by the walker'
            : sampleValue(f);
    return { fields, body };
  }

  /**
   * Takes an action from the record's page, confirming its dialog with its inputs filled; answers
   * the actions the page is then given, or undefined when it could not be taken.
   */
  private async takeAction(
    entity: Entity,
    made: Made,
    action: string,
  ): Promise<string[] | undefined> {
    const label = actionLabel(action);
    const button = this.page.locator('main').getByRole('button', { name: label, exact: true });
    await drawn(button);
    if ((await button.count()) === 0) {
      this.fail(
        `${action} ${entity.name}: the server allows it on ${made.path}, the page offers no ${label} button`,
      );
      return undefined;
    }
    this.log(`taking ${action}`);
    await button.first().click();
    const dialog = this.page.getByRole('dialog');
    await dialog.waitFor();
    await this.checkAxe('action-dialog');
    const { fields, body } = await this.actionValues(entity.name, action, made.id);
    await fillForm(this.fill, this.page, dialog, { ...entity, fields }, body);
    const confirm = dialog.locator('button[type="submit"]');
    const mark = this.watch.reads();
    const outcome = await pressSending(this.watch, dialog, confirm);
    if (!outcome.ok) {
      this.fail(`${action} ${entity.name} on ${made.path}: ${label} was refused: ${outcome.why}`);
      await this.page.keyboard.press('Escape');
      return undefined;
    }
    await dialog.waitFor({ state: 'detached' });
    this.report.done.add(`${action} ${entity.name}`);
    return this.actionsSince(mark, made.path);
  }

  /** Deletes the record from its page, confirming the dialog. */
  private async delete(entity: Entity, made: Made): Promise<void> {
    const button = this.page.locator('main').getByRole('button', { name: 'Delete', exact: true });
    await drawn(button);
    if ((await button.count()) === 0) {
      this.fail(
        `delete ${entity.name}: the server allows it on ${made.path}, the page offers no Delete button`,
      );
      return;
    }
    await button.click();
    const dialog = this.page.getByRole('dialog');
    await dialog.waitFor();
    const outcome = await pressSending(
      this.watch,
      dialog,
      dialog.getByRole('button', { name: /^Delete/ }),
    );
    if (!outcome.ok)
      this.fail(`delete ${entity.name} on ${made.path}: Delete was refused: ${outcome.why}`);
    else this.report.done.add(`delete ${entity.name}`);
    await this.page.waitForURL((url) => url.pathname !== made.path);
    await settled(this.page);
  }

  /**
   * Deletes a record made on another's page (a comment under its article) from its row there,
   * confirming the dialog; the row shown with it is the record read.
   */
  private async deleteInPlace(entity: Entity, made: Made): Promise<void> {
    const words = entityWords(entity.name);
    const button = this.page
      .locator('main')
      .getByRole('button', { name: new RegExp(`^Delete ${words} `) });
    await drawn(button);
    if ((await button.count()) === 0) {
      this.fail(`delete ${entity.name}: ${made.path} shows no Delete on the ${words} just added`);
      return;
    }
    this.report.done.add(`read ${entity.name}`);
    await button.first().click();
    const dialog = this.page.getByRole('dialog');
    await dialog.waitFor();
    const outcome = await pressSending(
      this.watch,
      dialog,
      dialog.getByRole('button', { name: /^Delete/ }),
    );
    if (!outcome.ok) {
      this.fail(`delete ${entity.name} on ${made.path}: refused: ${outcome.why}`);
      await this.page.keyboard.press('Escape');
    } else this.report.done.add(`delete ${entity.name}`);
    await dialog.waitFor({ state: 'detached' });
  }

  /** The account that makes what this role works on but does not make itself. */
  private creatorOf(entity: string): string {
    const named = this.ew.scenario?.entities[entity]?.creator;
    if (named) return named;
    const maker = this.ew.walkers.find((w) =>
      w.jobs.some((j) => j.entity === entity && j.kind === 'create'),
    );
    return maker?.role ?? this.walker.role;
  }

  /**
   * A record of the entity the role sees: the one made, else the one made with its parents naming
   * the role (an interviewer reads the applications of the jobs they manage), else one in each
   * state in turn (an attendee reads published workshops, not drafts).
   */
  private async seenOne(entity: string, made: Made): Promise<Made> {
    if (await this.readRecord(made.path)) return made;
    if (
      (await concernRole(this.ew, this.walker, entity, made.id)) &&
      (await this.readRecord(made.path))
    )
      return made;
    const lifecycle = this.model.lifecycles.find((l) => l.entity === entity);
    for (const state of lifecycle?.states ?? []) {
      const other = await this.madeForRole(entity, state).catch(() => undefined);
      if (other && (await this.readRecord(other.path))) return other;
    }
    return made;
  }

  /**
   * Opens a record's page for an action: its actions, read again once its parents name the role
   * when the role does not see it (a coach reads the bookings of their own sessions) or is not
   * offered the action (an organiser checks in the bookings of their own workshops); undefined
   * when the role may not see it even then.
   */
  private async readConcerned(
    entity: string,
    made: Made,
    action: string,
  ): Promise<string[] | undefined> {
    const seen = await this.readRecord(made.path);
    if (seen?.includes(action) || !(await concernRole(this.ew, this.walker, entity, made.id)))
      return seen;
    return (await this.readRecord(made.path)) ?? seen;
  }

  /** A record for the role to work on, made by whoever makes them, in a state the role acts from. */
  private async madeForRole(
    entity: string,
    state?: string,
    world = this.world,
  ): Promise<Made | undefined> {
    const { h, scenario } = this.ew;
    const lifecycle = this.model.lifecycles.find((l) => l.entity === entity);
    let id: string;
    if (state && lifecycle && scenario?.entities[entity] && pathTo(lifecycle, state)) {
      id = (await reach(h, scenario, world, entity, state)).id as string;
    } else {
      const creator = world.actors[this.creatorOf(entity)]!;
      const parents = await this.fixedParents(this.entity(entity));
      id = (await h.make(entity, creator, parents)).id as string;
    }
    await this.bringIntoReach(entity, id);
    const path = await this.pathOf(entity, id);
    return path ? { id, path } : undefined;
  }

  /**
   * A record made by another account may hang from a parent this role cannot read (a booking on
   * another coach's session): such a parent, of an entity this role makes itself, is handed to
   * the role as its own work would be, in the state it is in (the organiser's workshop stays
   * published, as check-in needs); one that names nobody is replaced by one the role makes. (The
   * harness reads past conditional read rows, so it cannot tell which records the role would
   * see.) A parent the role reads every one of is left as made: a manager's own product would not
   * be the order's supplier's.
   */
  private async bringIntoReach(entity: string, id: string): Promise<void> {
    if (this.creatorOf(entity) === this.walker.role) return;
    const stored = await this.ew.h.stored(entity, id);
    for (const f of this.entity(entity).fields) {
      if (f.type.kind !== 'reference' || f.builtin || f.type.entity === entity) continue;
      if (this.jobs(f.type.entity, 'create').length === 0) continue;
      if (this.readsEvery(f.type.entity)) continue;
      const parent = stored[f.name];
      if (
        typeof parent === 'string' &&
        (await handToRole(this.ew, this.walker, f.type.entity, parent))
      )
        continue;
      const own = await this.ew.h.make(f.type.entity, this.walker.actor);
      await this.ew.h.patch(entity, id, { [f.name]: own.id });
    }
  }

  /** Whether a row lets the role read every record of the entity, whatever it holds. */
  private readsEvery(entity: string): boolean {
    const roles = [ANYONE, SIGNED_IN, this.walker.role];
    return matchingRows(this.model.permissions, roles, entity, 'read').some(
      (row) => row.allowed.kind === 'yes',
    );
  }

  /** The role's jobs on one entity: create, open from a list, edit, its actions, delete. */
  async walkEntity(entity: Entity): Promise<void> {
    const jobs = this.jobs(entity.name);
    if (jobs.length === 0) return;
    this.log(`walking ${entity.name}: ${jobs.map((j) => j.action ?? j.kind).join(', ')}`);
    let made: Made | undefined;
    if (this.jobs(entity.name, 'create').length > 0) {
      made = await this.createThroughScreens(entity);
      if (made) this.report.done.add(`create ${entity.name}`);
      else if (!this.report.failures.some((f) => f.includes(`create ${entity.name}`)))
        this.fail(`create ${entity.name}: no screen the navigation leads to creates one`);
      // A link made by a toggle has no page of its own: the same toggle removes it.
      const toggledOn = this.toggled.get(entity.name);
      if (toggledOn) {
        if (this.jobs(entity.name, 'delete').length > 0)
          await this.deleteByToggle(entity, toggledOn);
        return;
      }
    }
    const actionJobs = this.jobs(entity.name, 'action').map((j) => j.action!);
    const lifecycle = this.model.lifecycles.find((l) => l.entity === entity.name);
    const fromStates = (action: string) =>
      lifecycle?.transitions
        .filter((t) => t.action === action && t.who.includes(this.walker.role))
        .flatMap((t) => t.from) ?? [];
    // Without a page of its own (a comment on its article's page), it is read and deleted on the
    // page it was added on.
    if (this.screens('detail', entity.name).length === 0) {
      if (made && this.jobs(entity.name, 'delete').length > 0)
        await this.deleteInPlace(entity, made);
      return;
    }
    const pathOfMade = made && (await this.pathOf(entity.name, made.id));
    if (!made || made.path !== pathOfMade) {
      const first = actionJobs.map(fromStates).flat()[0];
      made = (await this.madeForRole(entity.name, first)) ?? made;
    }
    const path = made && (await this.pathOf(entity.name, made.id));
    if (!made || !path) return;
    made = await this.seenOne(entity.name, { ...made, path });
    this.log(`opening ${made.path}`);
    let actions = await this.openRecord(made.path, entity.name);
    this.log(`actions ${actions.join(', ')}`);
    if (this.page.url().endsWith(made.path)) this.report.done.add(`read ${entity.name}`);
    await this.checkAxe('detail');
    if (actions.includes('update') && this.jobs(entity.name, 'update').length > 0) {
      actions = await this.edit(entity, made);
    }
    // Its actions, as long as the server offers one this role has not taken yet: each try takes
    // one, or tries once to reach a record it is offered on.
    for (let tries = 0; tries <= 2 * actionJobs.length; tries++) {
      const next = actions.find(
        (a) => actionJobs.includes(a) && !this.taken.has(`${entity.name}.${a}`),
      );
      if (next) {
        this.taken.add(`${entity.name}.${next}`);
        const after = await this.takeAction(entity, made, next);
        if (!after) break;
        actions = after;
        continue;
      }
      const untaken = actionJobs.find((a) => !this.taken.has(`${entity.name}.${a}`));
      if (!untaken) break;
      // A record brought to a state the action leaves, by the people the scenario names: one
      // the role sees (finance sees a requisition once escalated, not while only submitted).
      this.taken.add(`${entity.name}.${untaken}`);
      let found: { made: Made; actions: string[] } | undefined;
      for (const state of new Set(fromStates(untaken))) {
        const attempt = this.attemptOf(entity.name, untaken);
        const other = await this.madeForRole(entity.name, state, this.worldFor(attempt));
        if (other) await this.prepareFor(entity.name, untaken, other.id);
        const seen = other && (await this.readConcerned(entity.name, other, untaken));
        this.log(`${state} for ${untaken}: ${seen ? `actions ${seen.join(', ')}` : 'not shown'}`);
        if (other && seen) found = { made: other, actions: seen };
        if (seen?.includes(untaken)) break;
      }
      // Not one the role sees (another member's task, in a project the walker is no lead of):
      // the next action is tried on its own record.
      if (!found) continue;
      ({ made, actions } = found);
      if (actions.includes(untaken)) this.taken.delete(`${entity.name}.${untaken}`);
    }
    if (this.jobs(entity.name, 'delete').length > 0) {
      if (!actions.includes('delete')) {
        const fresh = await this.madeForRole(entity.name);
        // Its parents naming the role where that is what lets it delete (a project's owner
        // deletes its tasks).
        const seen = fresh && (await this.readConcerned(entity.name, fresh, 'delete'));
        if (fresh && seen) ({ made, actions } = { made: fresh, actions: seen });
      }
      if (actions.includes('delete')) await this.delete(entity, made);
    }
  }
}

/** Walks every job of one role through the screens, in its own page, in the look it is given. */
export async function walkRole(
  browser: Browser,
  ew: ExampleWorld,
  walker: Walker,
  look: Look,
  axe: AxeLedger,
): Promise<WalkReport & { jobs: string[] }> {
  const context = await browser.newContext({
    viewport: { width: look.width, height: 900 },
    colorScheme: look.scheme,
    bypassCSP: true,
  });
  // A stuck step fails on its own, soon, naming what it waited for: a step takes 1-3 s on a
  // loaded 2-core machine; a navigation loads the app, which can take longer the first time.
  context.setDefaultTimeout(STEP_TIMEOUT);
  context.setDefaultNavigationTimeout(2 * STEP_TIMEOUT);
  const page = await context.newPage();
  const walk = new RoleWalk(
    ew,
    walker,
    await walkerWorld(ew, walker),
    page,
    watchApi(page),
    look,
    axe,
  );
  if (process.env.JOBS_DEBUG) {
    page.on('console', (m) => console.log(`${walker.role} console: ${m.text()}`));
    page.on('response', (r) => {
      if (r.status() >= 400)
        void r.text().then(
          (body) => console.log(`${walker.role} answered ${r.status()}: ${r.url()} ${body}`),
          () => console.log(`${walker.role} answered ${r.status()}: ${r.url()}`),
        );
    });
  }
  try {
    await walk.signIn().catch(async (error: unknown) => {
      if (process.env.JOBS_DEBUG)
        await page.screenshot({ path: `/tmp/jobs-signin-${walker.role}.png` });
      throw error;
    });
    for (const entity of ew.served.model.entities) {
      try {
        await walk.walkEntity(entity);
      } catch (error) {
        if (process.env.JOBS_DEBUG) {
          console.log((error as Error).stack);
          await page.screenshot({
            path: `/tmp/jobs-${ew.example}-${walker.role}-${entity.name}.png`,
          });
        }
        walk.report.failures.push(
          `${ew.example}, ${walker.role}: walking ${entity.name} stopped at ${page.url()}: ${(error as Error).message.split('\n')[0]}`,
        );
      }
    }
  } finally {
    await context.close();
  }
  return { ...walk.report, jobs: walker.jobs.map(jobName) };
}
