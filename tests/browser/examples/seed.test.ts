import { describe, expect, it } from 'vitest';
import { PASSWORD } from '../support/serve-app.js';
import { box, navigation, signIn, visitor } from '../support/ui.js';
import { useServedApp } from '../support/use-served-app.js';

const SEED = 'examples/unspecified.spec.md';

describe('the seed, with its database: the first account and nobody else', () => {
  const app = useServedApp(SEED);

  it('lets the first person create the first account, which becomes the administrator', async () => {
    const first = await visitor(app.browser, app.served.url, 'seed-first');
    await first.open('/sign-up');
    expect(await first.page.locator('main').textContent()).toContain(
      'Create the first account of this application: it becomes its administrator.',
    );
    await first.check('sign-up');
    await box(first.page, 'Name').fill('Olive Owner');
    await box(first.page, 'Email').fill('olive@seed.test');
    await box(first.page, 'Password').fill(PASSWORD);
    await first.page.getByRole('button', { name: 'Create the account' }).click();
    await first.page.getByRole('button', { name: 'Olive Owner', exact: true }).waitFor();
    // Still the honest overview: nothing is specified, so there is nothing else to show.
    expect(await first.page.locator('main header').textContent()).toContain(
      '0 of 9 points specified',
    );
    expect(await navigation(first.page)).toEqual(['Specification', 'Users']);
    await first.check('home-admin');
    await first.open('/account');
    expect(await first.page.locator('main').textContent()).toContain('admin');
    await first.check('account');
    await first.page.getByRole('button', { name: 'Sign out' }).click();
    await first.page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    await first.close();
  });

  it('tells the next person kindly that sign-up is closed', async () => {
    const next = await visitor(app.browser, app.served.url, 'seed-next');
    await next.open('/sign-up');
    await box(next.page, 'Name').fill('Nick Next');
    await box(next.page, 'Email').fill('nick@seed.test');
    await box(next.page, 'Password').fill(PASSWORD);
    await next.page.getByRole('button', { name: 'Create the account' }).click();
    const alert = next.page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Sign-up is closed');
    expect(await alert.textContent()).toContain('If you already have an account, sign in instead.');
    await next.check('sign-up-closed');
    await next.close();
  });

  it('lets the first account sign in again', async () => {
    const again = await visitor(app.browser, app.served.url, 'seed-again');
    await signIn(again, 'olive@seed.test', PASSWORD, 'Olive Owner');
    expect(await again.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Web application with an unidentified purpose',
    );
    await again.open('/sign-in');
    // Someone signed in has nothing to do on the sign-in screen: they are taken home.
    await again.page.waitForURL(`${app.served.url}/`);
    await again.close();
  });
});

describe('the seed behind a proxy: the first account needs the setup code', () => {
  let code = '';
  const app = useServedApp(SEED, undefined, {
    trustProxy: 1,
    onSetupCode: (given) => (code = given),
  });

  it('asks for the code `specrun start` printed, and makes the administrator with it', async () => {
    const owner = await visitor(app.browser, app.served.url, 'seed-proxied');
    await owner.open('/sign-up');
    await box(owner.page, 'Name').fill('Paula Proxied');
    await box(owner.page, 'Email').fill('paula@seed.test');
    await box(owner.page, 'Password').fill(PASSWORD);
    await owner.page.getByRole('button', { name: 'Create the account' }).click();
    await box(owner.page, 'Setup code').waitFor();
    await box(owner.page, 'Setup code').fill('WRNG-CODE-0000');
    await owner.page.getByRole('button', { name: 'Create the account' }).click();
    await owner.page.getByText('This is not the setup code').first().waitFor();
    await box(owner.page, 'Setup code').fill(code);
    await owner.page.getByRole('button', { name: 'Create the account' }).click();
    await owner.page.getByRole('button', { name: 'Paula Proxied', exact: true }).waitFor();
    await owner.open('/account');
    expect(await owner.page.locator('main').textContent()).toContain('admin');
    await owner.close();
  });
});
