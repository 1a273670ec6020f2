import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiAs, type ApiAs } from './support/api-as.js';
import { PASSWORD } from './support/serve-app.js';
import { signIn, visitor, type Visitor } from './support/ui.js';
import { useServedApp } from './support/use-served-app.js';

const SPEC = 'examples/helpdesk.spec.md';

/** The titles of the tickets a list shows, table or cards, in its order. */
async function titles(v: Visitor): Promise<string[]> {
  const main = v.page.locator('main');
  const cells = main.locator('tbody tr td:nth-child(2)');
  if ((await cells.count()) > 0) return (await cells.allTextContents()).map((t) => t.trim());
  return main.locator('ul li a').allTextContents();
}

/** The options of a native select, by its label. */
const optionsOf = (v: Visitor, label: string) =>
  v.page.getByRole('combobox', { name: label }).locator('option').allTextContents();

// An agent narrows the tickets to those nobody is assigned, exports them to CSV and takes them
// all at once; one, cancelled meanwhile by its customer, is refused with the server's reason.
describe('a list that finds things: filters, export, bulk actions and cards', () => {
  let agent: Visitor;
  let cara: ApiAs;
  const ids: Record<string, string> = {};

  const app = useServedApp(SPEC, async (served) => {
    await served.addUser('alex@help.test', 'Alex Agent', ['agent']);
    await served.addUser('cara@help.test', 'Cara Customer', ['customer']);
  });

  it('offers only values the screen can show, with None for an empty assignee', async () => {
    cara = await apiAs(app.served.url, 'cara@help.test');
    const alex = await apiAs(app.served.url, 'alex@help.test');
    for (const title of ['Printer jammed', 'Screen flickers', 'Mouse broken', 'Keyboard sticky']) {
      const created = (await cara('POST', '/api/tickets', {
        title,
        body: 'It stopped working this morning.',
      })) as { id: string };
      ids[title] = created.id;
    }
    await alex('POST', `/api/tickets/${ids['Keyboard sticky']}/take`);

    agent = await visitor(app.browser, app.served.url, 'list-tools-agent');
    await signIn(agent, 'alex@help.test', PASSWORD, 'Alex Agent');
    await agent.open('/tickets');
    await agent.page.getByRole('button', { name: 'Export CSV' }).waitFor();
    // The screen shows no closed ticket: the state filter does not offer it.
    expect(await optionsOf(agent, 'Status')).toEqual([
      'Any',
      'Open',
      'Escalated',
      'Assigned',
      'Resolved',
    ]);
    expect(await titles(agent)).toHaveLength(4);
    await agent.check('tickets');

    await agent.page.getByRole('combobox', { name: 'Assignee' }).click();
    await agent.page.getByRole('option', { name: 'None', exact: true }).click();
    await expect.poll(() => titles(agent)).toHaveLength(3);
    expect(new URL(agent.page.url()).searchParams.get('assignee')).toBe('');
    expect(await titles(agent)).not.toContain('Keyboard sticky');
    await agent.check('tickets-unassigned');
  });

  it('exports what the reader sees to CSV: every record, the columns shown, plain values', async () => {
    const [download] = await Promise.all([
      agent.page.waitForEvent('download'),
      agent.page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('tickets.csv');
    const text = readFileSync((await download.path())!, 'utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Title,Priority,Status,Assignee,Updated at');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 4))).toEqual(
      expect.arrayContaining([
        ['Printer jammed', 'normal', 'open', ''],
        ['Screen flickers', 'normal', 'open', ''],
        ['Mouse broken', 'normal', 'open', ''],
      ]),
    );
    expect(lines).toHaveLength(4);
    // Updated at, as an ISO instant.
    expect(lines[1]!.split(',')[4]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  });

  it('takes a transition on the selected tickets, telling what was refused and why', async () => {
    const page = agent.page;
    await page.getByRole('checkbox', { name: 'Select every record on this page' }).check();
    const bar = page.getByRole('region', { name: 'Selected records' });
    await bar.getByText('3 tickets selected').waitFor();
    // Assign asks whom: it is not offered for several at once.
    expect(await bar.getByRole('button').allTextContents()).toEqual(['Take', 'Clear selection']);
    await agent.check('tickets-selected');
    // Meanwhile its customer cancels one of them.
    await cara('POST', `/api/tickets/${ids['Mouse broken']}/cancel`);
    await bar.getByRole('button', { name: 'Take' }).click();
    const dialog = page.getByRole('dialog', { name: 'Take 3 tickets?' });
    await dialog.getByRole('button', { name: 'Keep them' }).waitFor();
    await agent.check('tickets-bulk-confirm');
    await dialog.getByRole('button', { name: 'Take 3 tickets' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Take: 2 of 3 tickets done' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('1 refused: This ticket cannot do that now.');
    // The list is read again: nobody is left unassigned among open tickets.
    await page.getByRole('heading', { name: 'No tickets match these filters' }).waitFor();
    await agent.page.getByRole('combobox', { name: 'Assignee' }).click();
    await agent.page.getByRole('option', { name: 'Me', exact: true }).click();
    await expect
      .poll(() => titles(agent))
      .toEqual(expect.arrayContaining(['Printer jammed', 'Screen flickers', 'Keyboard sticky']));
    await page.getByRole('button', { name: 'Use the dark theme' }).click();
    await agent.check('tickets-mine-dark');
    await page.getByRole('button', { name: 'Use the light theme' }).click();
  });

  it('shows cards at a phone’s width, with no sideways scroll, light and dark', async () => {
    const page = agent.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await agent.open('/tickets');
    const cards = page.getByRole('list', { name: 'Tickets' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(3);
    expect(await page.locator('main table').count()).toBe(0);
    const card = cards.filter({ hasText: 'Printer jammed' });
    expect(await card.textContent()).toMatch(/Printer jammed\s*Assigned\s*Priority\s*Normal/);
    expect(await card.getByRole('link', { name: 'Printer jammed' }).count()).toBe(1);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await agent.check('phone-tickets');
    await page.getByRole('checkbox', { name: 'Select Printer jammed' }).check();
    await page
      .getByRole('region', { name: 'Selected records' })
      .getByText('1 ticket selected')
      .waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Use the dark theme' }).click();
    await agent.check('phone-tickets-dark');
    await agent.close();
  });
});
