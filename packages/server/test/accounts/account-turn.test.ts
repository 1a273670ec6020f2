import { expect, it } from 'vitest';
import { ensureAccountTables, SESSIONS_TABLE } from '../../src/accounts/account-tables.js';
import { inAccountTurn } from '../../src/accounts/account-turn.js';
import { deactivateAccount, reactivateAccount } from '../../src/accounts/deactivation.js';
import { createSession } from '../../src/accounts/sessions.js';
import { insertRecord } from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { gate } from '../support/gate.js';
import { useHelpdeskStore } from '../store/helpdesk-store.js';

// Finding the caller by session does not look at deactivations (actor-query.ts): that holds only
// while no deactivated account ever holds a session, which these keep.
for (const dialect of DIALECTS) {
  describeDialect(dialect, 'sessions and deactivation take turns', (databases) => {
    const { store, db, t } = useHelpdeskStore(databases);
    const newUser = async () => {
      await ensureAccountTables(db(), dialect, t('User').table);
      const user = await insertRecord(db(), t('User'), {
        email: `u${Math.random().toString(36).slice(2)}@example.com`,
        name: 'Una',
      });
      return String(user.id);
    };
    const sessionsOf = async (userId: string) =>
      (
        await db()
          .selectFrom(SESSIONS_TABLE)
          .select('userId')
          .where('userId', '=', userId)
          .execute()
      ).length;
    const now = new Date();

    it('starts no session for a deactivated account, and one again once it is reactivated', async () => {
      const id = await newUser();
      await deactivateAccount(db(), dialect, id, null, now);
      await expect(createSession(db(), dialect, id, now, 60_000)).rejects.toMatchObject({
        code: 'ACCOUNT_DEACTIVATED',
      });
      expect(await sessionsOf(id)).toBe(0);
      await reactivateAccount(db(), id);
      await createSession(db(), dialect, id, now, 60_000);
      expect(await sessionsOf(id)).toBe(1);
    });

    it('makes a sign-in wait for a deactivation under way, and then refuses it', async () => {
      const id = await newUser();
      const held = gate();
      const finish = gate();
      // A deactivation holding the account's turn, its row written but not yet committed.
      const deactivation = inAccountTurn(db(), dialect, id, async (trx) => {
        await deactivateAccount(trx, dialect, id, null, now);
        held.open();
        await finish.opened;
      });
      await held.opened;
      const signIn = createSession(db(), dialect, id, now, 60_000);
      const outcome = signIn.then(
        () => 'started',
        (error: { code?: string }) => error.code,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      finish.open();
      await deactivation;
      expect(await outcome).toBe('ACCOUNT_DEACTIVATED');
      expect(await sessionsOf(id)).toBe(0);
    });

    it('ends a session started just before the deactivation took its turn', async () => {
      const id = await newUser();
      await createSession(db(), dialect, id, now, 60_000);
      await deactivateAccount(db(), dialect, id, null, now);
      expect(await sessionsOf(id)).toBe(0);
      expect(store().dialect).toBe(dialect);
    });
  });
}
