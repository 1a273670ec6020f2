import { describe, expect, it } from 'vitest';
import { PASSWORD } from './support/serve-app.js';
import { axeViolations } from './support/axe.js';
import { box, fieldError, navigation, settled, signIn, visitor, whileHeld } from './support/ui.js';
import { useServedApp } from './support/use-served-app.js';

// The helpdesk's admin manages its users from the app alone: adds an agent with a password shown
// once, changes their roles, deactivates them, and the agent is signed out and cannot sign in.

const SPEC = 'examples/helpdesk.spec.md';

describe('the users screen of the helpdesk', () => {
  const app = useServedApp(SPEC, async (served) => {
    await served.addUser('alex@help.test', 'Alex Agent', ['agent']);
    await served.addUser('ada@help.test', 'Ada Admin', ['admin']);
  });

  it('is offered to those who manage users, and not to an agent', async () => {
    const agent = await visitor(app.browser, app.served.url, 'users-agent');
    await signIn(agent, 'alex@help.test', PASSWORD, 'Alex Agent');
    expect(await navigation(agent.page)).not.toContain('Users');
    await agent.open('/users');
    expect(await agent.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'This page is not for your account',
    );
    await agent.close();
  });

  it('lets an admin add an agent, change their roles and deactivate them', async () => {
    const admin = await visitor(app.browser, app.served.url, 'users-admin');
    await signIn(admin, 'ada@help.test', PASSWORD, 'Ada Admin');
    expect(await navigation(admin.page)).toContain('Users');
    await admin.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Users' })
      .click();
    await admin.page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await admin.page.getByRole('heading', { level: 2, name: 'Alex Agent' }).waitFor();
    await admin.page.getByText('Active').first().waitFor();
    // Nobody deactivates themselves: Ada's own row offers nothing.
    expect(await admin.page.getByRole('button', { name: 'Deactivate Ada Admin' }).count()).toBe(0);
    await admin.check('users');

    const search = admin.page.getByRole('searchbox', { name: 'Search by name or email' });
    await search.fill('alex');
    await expect.poll(() => admin.page.getByRole('listitem').count()).toBe(1);
    await search.fill('');
    await expect.poll(() => admin.page.getByRole('listitem').count()).toBe(2);

    // An email that has an account already is refused at the field, by the server.
    await admin.page.getByRole('button', { name: 'Add user' }).click();
    const add = admin.page.getByRole('dialog', { name: 'Add a user' });
    await add.waitFor();
    await box(admin.page, 'Email').fill('alex@help.test');
    await box(admin.page, 'Name').fill('Ben Agent');
    await add.getByRole('checkbox', { name: 'Agent' }).check();
    await admin.check('users-add');
    await add.getByRole('button', { name: 'Add user' }).click();
    // The server hashes the password before it looks at the email: wait for its answer.
    await add.getByText('Email is already used by another user.').waitFor();
    expect(await fieldError(admin.page, 'Email')).toBe('Email is already used by another user.');
    await box(admin.page, 'Email').fill('ben@help.test');
    await add.getByRole('button', { name: 'Add user' }).click();
    const ready = admin.page.getByRole('dialog', { name: 'Ben Agent can now sign in' });
    await ready.waitFor();
    const password = await ready.getByRole('textbox', { name: 'Password' }).inputValue();
    expect(password).toHaveLength(32);
    await admin.page.getByText('User added').waitFor();
    await admin.check('users-added');
    await ready.getByRole('button', { name: 'Done' }).click();
    await admin.page.getByRole('heading', { level: 2, name: 'Ben Agent' }).waitFor();

    // Ben signs in with the password he was given.
    const ben = await visitor(app.browser, app.served.url, 'users-ben');
    await signIn(ben, 'ben@help.test', password, 'Ben Agent');
    expect(await navigation(ben.page)).toEqual(['Tickets', 'Products']);

    // No role at all is refused at the boxes; then Ben becomes an admin too.
    await admin.page.getByRole('button', { name: 'Change roles of Ben Agent' }).click();
    const roles = admin.page.getByRole('dialog', { name: 'Roles of Ben Agent' });
    await roles.getByRole('checkbox', { name: 'Agent' }).uncheck();
    await roles.getByRole('button', { name: 'Save roles' }).click();
    await roles.getByText('Roles is required', { exact: false }).waitFor();
    await roles.getByRole('checkbox', { name: 'Agent' }).check();
    await roles.getByRole('checkbox', { name: 'Admin' }).check();
    await roles.getByRole('button', { name: 'Save roles' }).click();
    await admin.page.getByText('Roles changed').waitFor();
    const benRoles = admin.page.getByRole('group', { name: 'Roles of Ben Agent' });
    await expect.poll(() => benRoles.textContent()).toBe('AgentAdmin');
    await ben.open('/tickets');
    expect(await navigation(ben.page)).toContain('Users');

    // Deactivating asks first, naming the outcome, in a danger button beside "Keep".
    await admin.page.getByRole('button', { name: 'Deactivate Ben Agent' }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Deactivate Ben Agent’s account?' });
    await confirm.getByRole('button', { name: 'Keep' }).waitFor();
    await admin.check('users-deactivate');
    await confirm.getByRole('button', { name: 'Deactivate Ben Agent' }).click();
    await admin.page.getByText('Account deactivated').waitFor();
    await admin.page.getByRole('button', { name: 'Reactivate Ben Agent' }).waitFor();
    await admin.check('users-deactivated');

    // Ben's session ended at once, and his password no longer signs him in.
    await ben.page.reload();
    await ben.page.getByRole('heading', { level: 1, name: 'Sign in to see this page' }).waitFor();
    await ben.open('/sign-in');
    await box(ben.page, 'Email').fill('ben@help.test');
    await box(ben.page, 'Password').fill(password);
    await ben.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const refused = ben.page.getByRole('alert');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('This account has been deactivated.');
    await ben.check('deactivated-sign-in');
    await ben.close();
    await admin.close();
  });

  it('says it is loading the users, in words a screen reader announces', async () => {
    const admin = await visitor(app.browser, app.served.url, 'users-loading');
    await signIn(admin, 'ada@help.test', PASSWORD, 'Ada Admin');
    const loading = admin.page.getByRole('status', { name: 'Loading the users' });
    await whileHeld(admin.page, /\/api\/users\?/, async () => {
      await admin.page.goto(`${app.served.url}/users`);
      await loading.waitFor();
      expect(await axeViolations(admin.page), 'axe while loading').toEqual([]);
    });
    await admin.page.getByRole('heading', { level: 2, name: 'Alex Agent' }).waitFor();
    await loading.waitFor({ state: 'detached' });
    await admin.close();
  });

  it('fits a phone, in both themes', async () => {
    const phone = await visitor(app.browser, app.served.url, 'users-phone', {
      width: 390,
      height: 844,
    });
    await signIn(phone, 'ada@help.test', PASSWORD, 'Ada Admin');
    await phone.open('/users');
    await phone.page.getByRole('heading', { level: 2, name: 'Alex Agent' }).waitFor();
    await settled(phone.page);
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await phone.check('users');
    await phone.page.getByRole('button', { name: 'Use the dark theme' }).click();
    await phone.check('users-dark');
    await phone.close();
  });
});
