import type { Catalogue } from '@specrun/model';
import { request } from './http.js';

/** The engine's account calls for those who manage accounts (docs/api.md, "Accounts"). */
const ACCOUNTS_PATH = '/api/_accounts';

// The server answers at most its largest page of accounts at once.
const AT_ONCE = 100;

/** Whether an account may sign in, as its manager sees it. */
export interface AccountStatus {
  id: string;
  active: boolean;
  deactivatedAt: string | null;
  /** The caller may deactivate and reactivate it: never their own account. */
  manageable: boolean;
}

const messageOf = (catalogue: Catalogue) => (code: string) => catalogue.find(code)?.message;

/** The statuses of these accounts, of those the caller may read, by id. */
export async function accountStatuses(
  catalogue: Catalogue,
  ids: readonly string[],
): Promise<Map<string, AccountStatus>> {
  const out = new Map<string, AccountStatus>();
  for (let i = 0; i < ids.length; i += AT_ONCE) {
    const query = new URLSearchParams({ ids: ids.slice(i, i + AT_ONCE).join(',') });
    const answer = await request('GET', ACCOUNTS_PATH, { query }, messageOf(catalogue));
    for (const status of (answer.body as { items: AccountStatus[] }).items)
      out.set(status.id, status);
  }
  return out;
}

/** Deactivates an account (it is signed out everywhere) or reactivates it; its new status. */
export async function setAccountActive(
  catalogue: Catalogue,
  id: string,
  active: boolean,
): Promise<AccountStatus> {
  const path = `${ACCOUNTS_PATH}/${encodeURIComponent(id)}/${active ? 'reactivate' : 'deactivate'}`;
  const answer = await request('POST', path, {}, messageOf(catalogue));
  return answer.body as AccountStatus;
}
