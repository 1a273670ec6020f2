import { callerRoles } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { userSearchFilter } from '../src/screens/users/user-search.js';
import { example } from './examples.js';

const helpdesk = example('helpdesk');
const roles = (own: string[]) => callerRoles({ roles: own });

describe('the users screen’s search', () => {
  it('looks for the words in the name and the email, whatever their case', () => {
    expect(userSearchFilter(helpdesk, roles(['admin']), '  Ada ')).toBe(
      'record.name.lowerAscii().contains("ada") || record.email.lowerAscii().contains("ada")',
    );
  });

  it('keeps what is typed inside its string, and lowers only A to Z as CEL does', () => {
    const filter = userSearchFilter(helpdesk, roles(['admin']), 'É") || true || ("');
    expect(filter).toContain('contains("É\\") || true || (\\"")');
  });

  it('searches only the fields the reader may read, and nothing for an empty search', () => {
    expect(userSearchFilter(helpdesk, roles(['agent']), 'al')).toBe(
      'record.name.lowerAscii().contains("al")',
    );
    expect(userSearchFilter(helpdesk, roles(['admin']), '   ')).toBeUndefined();
  });
});
