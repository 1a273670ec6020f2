import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as.js';
import { PASSWORD } from '../support/serve-app.js';
import {
  box,
  fieldError,
  historyText,
  navigation,
  signIn,
  stateOf,
  takeAction,
  visitor,
  type Visitor,
  showsText,
} from '../support/ui.js';
import { useServedApp } from '../support/use-served-app.js';

const SPEC = 'examples/helpdesk.spec.md';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// The scheduler's clock: the real one, moved on by hand to let a week pass.
let ahead = 0;
const clock = () => new Date(Date.now() + ahead);

describe('helpdesk, as a visitor, a customer, an agent and an admin', () => {
  let customer: Visitor;
  let agent: Visitor;
  let ticketUrl = '';

  const app = useServedApp(
    SPEC,
    async (served) => {
      await served.addUser('alex@help.test', 'Alex Agent', ['agent']);
      await served.addUser('ada@help.test', 'Ada Admin', ['admin']);
    },
    { scheduler: { clock, intervalMs: 0 } },
  );

  it('shows a visitor what Helpdesk is for, and asks them to sign in for tickets', async () => {
    const v = await visitor(app.browser, app.served.url, 'helpdesk-visitor');
    await v.open('/');
    expect(await v.page.getByRole('heading', { level: 1 }).textContent()).toBe('Helpdesk');
    await showsText(v.page.locator('main'), 'open support tickets');
    expect(await navigation(v.page)).toEqual([]);
    // The first Tab offers to skip the header, for keyboard users.
    await v.page.keyboard.press('Tab');
    expect(await v.page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Skip to the content',
    );
    await v.check('home');
    await v.open('/tickets');
    expect(await v.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Sign in to see this page',
    );
    await v.check('tickets-sign-in-needed');
    await v.page.getByRole('link', { name: 'Sign in', exact: true }).last().click();
    await v.page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await v.check('sign-in');
    await v.close();
  });

  it('lets a customer sign up, then open a ticket, meeting the catalogue’s message first', async () => {
    customer = await visitor(app.browser, app.served.url, 'helpdesk-customer');
    await customer.open('/sign-up');
    await customer.check('sign-up');
    await box(customer.page, 'Name').fill('Cara Customer');
    await box(customer.page, 'Email').fill('cara@help.test');
    // The server's password rules, run as the field is left.
    await box(customer.page, 'Password').fill('short');
    await box(customer.page, 'Name').focus();
    expect(await fieldError(customer.page, 'Password')).toBe(
      'Use a password of at least 15 characters.',
    );
    await box(customer.page, 'Password').fill(PASSWORD);
    await customer.page.getByRole('button', { name: 'Create the account' }).click();
    await customer.page.getByRole('heading', { name: 'Welcome, Cara Customer' }).waitFor();
    expect(await navigation(customer.page)).toEqual(['Tickets']);
    await customer.check('home');

    await customer.open('/tickets');
    await customer.page.getByRole('heading', { name: 'No tickets yet' }).waitFor();
    await customer.check('tickets-empty');
    await customer.page.getByRole('link', { name: 'New ticket' }).first().click();
    await box(customer.page, 'Title').waitFor();
    await customer.check('new-ticket');
    await box(customer.page, 'Title').fill('Printer jammed');
    await box(customer.page, 'Body').fill('Tray 2 again.');
    // A required choice with a default starts at it, with no "None" to unset it to.
    const priority = customer.page.getByRole('combobox', { name: 'Priority' });
    expect(await priority.inputValue()).toBe('normal');
    expect(await priority.locator('option').allTextContents()).toEqual(['Low', 'Normal', 'High']);
    await priority.selectOption('high');
    await customer.page.getByRole('button', { name: 'Save', exact: true }).click();
    const alert = customer.page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'A high-priority ticket needs a description of at least 40 characters.',
    );
    await customer.check('new-ticket-refused');

    await box(customer.page, 'Body').fill(
      'Tray 2 jams whenever anyone prints more than ten pages at once.',
    );
    await customer.page.getByRole('button', { name: 'Save', exact: true }).click();
    await customer.page.getByRole('heading', { level: 1, name: 'Printer jammed' }).waitFor();
    ticketUrl = new URL(customer.page.url()).pathname;
    expect(await stateOf(customer.page)).toBe('Open');
    expect(await customer.page.locator('main').textContent()).not.toContain('Internal note');
    await customer.check('ticket');
  });

  it('keeps what a customer may not see out of reach', async () => {
    await customer.open('/products');
    expect(await customer.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'This page is not for your account',
    );
    await customer.check('products-forbidden');
    await customer.open('/spec');
    expect(await customer.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'This page is not for your account',
    );
  });

  it('tells the customer when an agent changed the ticket meanwhile, and lets them reload', async () => {
    agent = await visitor(app.browser, app.served.url, 'helpdesk-agent');
    await signIn(agent, 'alex@help.test', PASSWORD, 'Alex Agent');
    expect(await navigation(agent.page)).toEqual(['Tickets', 'Products']);
    await customer.open(`${ticketUrl}/edit`);
    await customer.check('edit-ticket');
    await agent.open(`${ticketUrl}/edit`);
    // Too short a title is caught as the agent leaves the field, saying what to fix.
    await box(agent.page, 'Title').fill('Pr');
    await box(agent.page, 'Body').focus();
    expect(await fieldError(agent.page, 'Title')).toBe('Title must be 3 to 120 characters.');
    await agent.check('edit-ticket-refused');
    await box(agent.page, 'Title').fill('Printer jammed in tray 2');
    await agent.page.getByRole('button', { name: 'Save changes' }).click();
    await agent.page.getByRole('heading', { level: 1, name: 'Printer jammed in tray 2' }).waitFor();

    await box(customer.page, 'Title').fill('Printer still jammed');
    await customer.page.getByRole('button', { name: 'Save changes' }).click();
    const alert = customer.page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'Someone else changed this in the meantime. Reload and try again.',
    );
    await customer.check('edit-ticket-conflict');
    await customer.page.getByRole('button', { name: 'Reload the latest version' }).click();
    await customer.page.waitForFunction(
      () =>
        (document.querySelector(
          'input[value="Printer jammed in tray 2"]',
        ) as HTMLInputElement | null) !== null,
    );
    await customer.page.getByRole('combobox', { name: 'Priority' }).selectOption('normal');
    await customer.page.getByRole('button', { name: 'Save changes' }).click();
    await customer.page
      .getByRole('heading', { level: 1, name: 'Printer jammed in tray 2' })
      .waitFor();
    await showsText(customer.page.locator('main'), 'Normal');
  });

  it('holds a conversation between the customer and an agent on the ticket’s page', async () => {
    await customer.open(ticketUrl);
    const comments = customer.page.getByRole('region', { name: 'Comments' });
    await comments.getByText('No comments yet.').waitFor();
    await comments.getByRole('button', { name: 'Add comment' }).click();
    // The form asks for the message only: the ticket is this one, the author the customer.
    expect(await comments.getByRole('combobox', { name: 'Ticket' }).count()).toBe(0);
    await expect
      .poll(() => box(customer.page, 'Body').evaluate((e) => e === document.activeElement))
      .toBe(true);
    await box(customer.page, 'Body').fill('It happens on every double-sided job too.');
    await customer.check('ticket-comment-form');
    await comments.getByRole('button', { name: 'Add comment' }).click();
    await comments.getByText('Comment added.').waitFor();
    expect(await comments.getByRole('listitem').count()).toBe(1);
    expect(await comments.getByRole('listitem').textContent()).toMatch(
      /^You.*It happens on every double-sided job too\.$/,
    );
    // The focus is back on the button that opened the form.
    expect(await customer.page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Add comment',
    );

    await agent.open(ticketUrl);
    const thread = agent.page.getByRole('region', { name: 'Comments' });
    expect(await thread.getByRole('listitem').textContent()).toContain('Cara Customer');
    await thread.getByRole('button', { name: 'Add comment' }).click();
    await box(agent.page, 'Body').fill('Thanks: we are sending an engineer tomorrow.');
    await thread.getByRole('button', { name: 'Add comment' }).click();
    await thread.getByText('Comment added.').waitFor();
    await agent.check('ticket-conversation');

    await customer.open(ticketUrl);
    const items = customer.page.getByRole('region', { name: 'Comments' }).getByRole('listitem');
    expect(await items.count()).toBe(2);
    // Oldest first; the customer may not read the agent's account, so is told who it is not.
    expect(await items.nth(1).textContent()).toMatch(
      /^Another user.*Thanks: we are sending an engineer tomorrow\.$/,
    );
    await customer.check('ticket-conversation');
  });

  it('lets an agent take the ticket and resolve it, each step in its history', async () => {
    await agent.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Tickets' })
      .click();
    await agent.page.getByRole('heading', { level: 1, name: 'Tickets' }).waitFor();
    await agent.check('tickets');
    await agent.page.getByRole('link', { name: 'Printer jammed in tray 2' }).click();
    await agent.page.getByRole('heading', { level: 1, name: 'Printer jammed in tray 2' }).waitFor();
    await agent.check('ticket');
    await takeAction(agent.page, 'Take');
    await agent.page.getByText('Take: done').waitFor();
    expect(await stateOf(agent.page)).toBe('Assigned');
    expect(await historyText(agent.page)).toMatch(/Take.*Open → Assigned.*by You/);
    await takeAction(agent.page, 'Resolve');
    await agent.page.getByText('Resolve: done').waitFor();
    expect(await stateOf(agent.page)).toBe('Resolved');
    expect(await historyText(agent.page)).toMatch(/Resolve.*Assigned → Resolved/);
    await agent.check('ticket-resolved');
    // The specification is for admins: an agent is told so.
    await agent.open('/spec');
    expect(await agent.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'This page is not for your account',
    );
  });

  it('lets the customer close their resolved ticket, and refuses what is no longer possible', async () => {
    await customer.open(ticketUrl);
    expect(await stateOf(customer.page)).toBe('Resolved');
    await takeAction(customer.page, 'Close');
    await customer.page.getByText('Close: done').waitFor();
    expect(await stateOf(customer.page)).toBe('Closed');
    expect(await historyText(customer.page)).toMatch(/Close.*Resolved → Closed.*by You/);
    // A closed ticket offers no action and cannot be edited by its customer.
    expect(await customer.page.getByRole('button', { name: 'Reopen' }).count()).toBe(0);
    await customer.check('ticket-closed');
    // A closed ticket takes no comment (TICKET_CLOSED): the page offers none, as the server
    // says, and one sent anyway is refused with the catalogue's words.
    const comments = customer.page.getByRole('region', { name: 'Comments' });
    await comments.getByRole('listitem').nth(1).waitFor();
    expect(await comments.getByRole('listitem').count()).toBe(2);
    expect(await comments.getByRole('button', { name: 'Add comment' }).count()).toBe(0);
    const cara = await apiAs(app.served.url, 'cara@help.test');
    const ticket = ticketUrl.split('/').pop();
    await expect(
      cara('POST', '/api/comments', { ticket, body: 'One more thing.' }),
    ).rejects.toThrow('This ticket is closed; open a new one instead.');
    await customer.close();
  });

  it('reads well at a phone’s width and in the dark theme', async () => {
    // The agent's own session, on a phone.
    const phone = agent;
    await phone.page.setViewportSize({ width: 375, height: 812 });
    for (const path of ['/tickets', ticketUrl]) {
      await phone.open(path);
      const overflow = await phone.page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await phone.check('phone-ticket');
    await phone.page.getByRole('button', { name: 'Open the navigation' }).click();
    await phone.page
      .getByRole('dialog', { name: 'Navigation' })
      .getByRole('link', { name: 'Tickets' })
      .click();
    await phone.page.getByRole('heading', { level: 1, name: 'Tickets' }).waitFor();
    await phone.check('phone-tickets');
    await phone.page.getByRole('button', { name: 'Use the dark theme' }).click();
    await phone.check('phone-tickets-dark');
    await phone.open(ticketUrl);
    await phone.check('phone-ticket-dark');
    await phone.close();
  });

  it('shows an admin the products, which they add, and the specification, which customers do not get', async () => {
    const admin = await visitor(app.browser, app.served.url, 'helpdesk-admin');
    await signIn(admin, 'ada@help.test', PASSWORD, 'Ada Admin');
    expect(await navigation(admin.page)).toEqual(['Tickets', 'Products', 'Specification', 'Users']);
    await admin.open('/products');
    await admin.check('products');
    // Managing products is the admin's job: the list leads to the form that adds one.
    await admin.page.getByRole('link', { name: 'New product' }).first().click();
    await box(admin.page, 'Name').fill('Scanner');
    await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.page.getByRole('cell', { name: 'Scanner', exact: true }).waitFor();
    await admin.open('/spec');
    await admin.check('spec');
    await admin.close();
  });

  it('escalates a ticket nobody took within its SLA, by the System, and lets an agent take it', async () => {
    const admin = await apiAs(app.served.url, 'ada@help.test');
    const body = {
      title: 'Server room too hot',
      body: 'The air conditioning stopped overnight and the servers are overheating.',
      priority: 'high',
    };
    const ticket = (await admin('POST', '/api/tickets', body)) as { id: string };
    const scheduler = app.served.app.scheduler!;
    // A high-priority ticket waits at most SLA_HIGH (4h) for an agent.
    ahead = 4 * HOUR - 60_000;
    expect((await scheduler.tick()).taken).toEqual([]);
    ahead = 4 * HOUR + 60_000;
    expect((await scheduler.tick()).taken).toEqual([`Ticket escalate ${ticket.id}`]);
    const agentPage = await visitor(app.browser, app.served.url, 'helpdesk-agent-sla');
    await signIn(agentPage, 'alex@help.test', PASSWORD, 'Alex Agent');
    await agentPage.open(`/tickets/${ticket.id}`);
    await agentPage.page.getByRole('heading', { level: 1, name: 'Server room too hot' }).waitFor();
    expect(await stateOf(agentPage.page)).toBe('Escalated');
    expect(await historyText(agentPage.page)).toMatch(/Escalate.*Open → Escalated.*by System/);
    await agentPage.check('ticket-escalated');
    await takeAction(agentPage.page, 'Take');
    await agentPage.page.getByText('Take: done').waitFor();
    expect(await stateOf(agentPage.page)).toBe('Assigned');
    expect(await historyText(agentPage.page)).toMatch(/Take.*Escalated → Assigned.*by You/);
    await agentPage.close();
  });

  it('closes a ticket by itself seven days after it was resolved, by the System', async () => {
    const admin = await apiAs(app.served.url, 'ada@help.test');
    const alex = await apiAs(app.served.url, 'alex@help.test');
    const body = { title: 'Monitor flickers', body: 'Only on Mondays.' };
    const ticket = (await admin('POST', '/api/tickets', body)) as { id: string };
    await alex('POST', `/api/tickets/${ticket.id}/take`, {});
    await alex('POST', `/api/tickets/${ticket.id}/resolve`, {});
    const scheduler = app.served.app.scheduler!;
    ahead = 6 * DAY;
    expect((await scheduler.tick()).taken).toEqual([]);
    ahead = 7 * DAY + 60_000;
    expect((await scheduler.tick()).taken).toEqual([`Ticket expire ${ticket.id}`]);
    const agentPage = await visitor(app.browser, app.served.url, 'helpdesk-agent-week');
    await signIn(agentPage, 'alex@help.test', PASSWORD, 'Alex Agent');
    await agentPage.open(`/tickets/${ticket.id}`);
    await agentPage.page.getByRole('heading', { level: 1, name: 'Monitor flickers' }).waitFor();
    expect(await stateOf(agentPage.page)).toBe('Closed');
    expect(await historyText(agentPage.page)).toMatch(/Expire.*Resolved → Closed.*by System/);
    await agentPage.close();
  });
});
