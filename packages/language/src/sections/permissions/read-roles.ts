import { SYSTEM_ACTOR, type Role, type SignUp } from '@specrun/model';
import type { Table } from 'mdast';
import type { ReadContext } from '../../read-context.js';
import { cellOf, readTable } from '../tables/read-table.js';

/** Roles every application has without listing them. */
export const BUILTIN_ROLES = ['anyone', 'signed-in'];

const COLUMNS = [{ name: 'role', required: true }, { name: 'description' }, { name: 'sign-up' }];
const SIGN_UP: SignUp[] = ['default', 'yes', 'no'];

/** The role the engine assumes when section 6 is not specified. */
export function defaultRoles(): Role[] {
  return [
    {
      name: 'admin',
      description: 'Manages everything; given to the first account created.',
      signUp: 'no',
    },
  ];
}

/** Reads the roles table of section 6: Role, Description, Sign-up (default, yes or no). */
export function readRoles(table: Table, roles: Role[], ctx: ReadContext): void {
  for (const row of readTable(table, COLUMNS, ctx) ?? []) {
    const name = cellOf(row, 'role');
    if (name.text === '') {
      ctx.bag.error(
        'empty-cell',
        name,
        'This row names no role.',
        'write the role name in the Role column',
      );
      continue;
    }
    // `system` is the engine itself, in the Who of an automatic transition.
    if ([...BUILTIN_ROLES, SYSTEM_ACTOR].includes(name.text)) {
      ctx.bag.error(
        'builtin-role',
        name,
        `\`${name.text}\` is a built-in role; it cannot be declared.`,
        'remove this row',
      );
      continue;
    }
    const earlier = roles.find((r) => r.name === name.text);
    if (earlier) {
      ctx.bag.error(
        'duplicate-role',
        name,
        `The role \`${name.text}\` is declared twice; the first is at line ${earlier.line}.`,
        'remove one of the two rows',
      );
      continue;
    }
    if (!/^[a-z][a-z0-9-]*$/.test(name.text)) {
      ctx.bag.warning(
        'role-name-style',
        name,
        `Role names are lowercase; \`${name.text}\` is not.`,
        `write \`${name.text.toLowerCase().replace(/[^a-z0-9]+/g, '-')}\``,
      );
    }
    const signUpCell = cellOf(row, 'sign-up');
    const text = signUpCell.text.toLowerCase() || 'no';
    let signUp: SignUp = 'no';
    if (SIGN_UP.includes(text as SignUp)) signUp = text as SignUp;
    else
      ctx.bag.error(
        'bad-sign-up',
        signUpCell,
        `Sign-up is \`default\`, \`yes\` or \`no\`, not \`${signUpCell.text}\`.`,
        'write default for the role new accounts get, yes for one they may choose, else no',
      );
    if (signUp === 'default' && roles.some((r) => r.signUp === 'default')) {
      ctx.bag.error(
        'duplicate-default-role',
        signUpCell,
        'Only one role can be the sign-up default.',
        'make the other roles `yes` or `no`',
      );
      signUp = 'yes';
    }
    const role: Role = {
      name: name.text,
      description: cellOf(row, 'description').text,
      signUp,
      line: row.line,
    };
    ctx.where.set(role, 'name', name);
    roles.push(role);
  }
}
