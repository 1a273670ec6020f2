import type { ApiCall } from '@specrun/model';
import { callAnswer, callPayload, declaredNote } from './call-shapes.js';
import { changePasswordRef, signInRef, signUpRef } from './account-schemas.js';
import type { DocumentContext } from './document-context.js';
import { recordRef } from './entity-schemas.js';
import type { ErrorCase } from './error-responses.js';
import type { JsonSchema } from './openapi-types.js';
import {
  BODY_ERRORS,
  emptyResponse,
  INTERNAL,
  jsonBody,
  jsonResponse,
  sessionCookieHeader,
  type DraftOperation,
} from './operation-parts.js';
import { securityFor } from './security.js';
import { signUpRules } from './sign-up-rules.js';

export const ACCOUNTS_TAG = 'Accounts and sessions';

type AccountKind = 'sign-up' | 'sign-in' | 'sign-out' | 'me' | 'update-me' | 'change-password';

const CROSS_SITE: ErrorCase = {
  code: 'FORBIDDEN',
  when: "The request came from another site than the application's own.",
};

function body(
  ctx: DocumentContext,
  call: ApiCall,
  byDefault: () => JsonSchema,
  description: string,
) {
  return jsonBody(callPayload(ctx, call, byDefault), true, description);
}

/** The session calls (section 7, "The default REST API" and "Always served"). */
export function accountOperation(
  ctx: DocumentContext,
  call: ApiCall,
  kind: AccountKind,
): DraftOperation {
  const cookie = { 'Set-Cookie': sessionCookieHeader(ctx) };
  const user = () => recordRef(ctx, 'User');
  const note = declaredNote(call);
  const respond = (status: '200' | '201', what: string, byDefault?: () => JsonSchema) => {
    const schema = callAnswer(ctx, call, () => byDefault?.());
    return schema
      ? { [status]: jsonResponse(what, schema, cookie) }
      : { '204': emptyResponse(what, cookie) };
  };
  switch (kind) {
    case 'sign-up':
      return {
        id: 'signUp',
        tag: ACCOUNTS_TAG,
        operation: {
          summary: 'Sign up',
          description: `Creates an account and signs it in. ${signUpRules(ctx.model)}${note}`,
          security: securityFor('public'),
          requestBody: body(ctx, call, () => signUpRef(ctx), 'The new account.'),
        },
        success: respond('201', 'The account created, signed in.', user),
        errors: [
          ...BODY_ERRORS,
          {
            code: 'FORBIDDEN',
            when: 'Sign-up is closed, a role not open to sign-up was asked for, or the request came from another site.',
          },
          {
            code: 'ALREADY_TAKEN',
            when: 'The email already has an account; told only when nothing else is wrong.',
          },
          { code: 'VALIDATION_FAILED' },
          ...ctx.model.rules
            .filter((r) => r.entity === 'User' && r.on.includes('create'))
            .map((r) => ({ code: r.error, when: `Section 5: \`${r.rule.source}\` must hold.` })),
          INTERNAL,
        ],
      };
    case 'sign-in':
      return {
        id: 'signIn',
        tag: ACCOUNTS_TAG,
        operation: {
          summary: 'Sign in',
          description: `Signs in with an email and a password, starting a new session.${note}`,
          security: securityFor('public'),
          requestBody: body(ctx, call, () => signInRef(ctx), 'The email and password.'),
        },
        success: respond('200', 'The user, signed in.', user),
        errors: [
          ...BODY_ERRORS,
          { code: 'SIGN_IN_FAILED', when: 'The email and password do not match an account.' },
          {
            code: 'ACCOUNT_DEACTIVATED',
            when: 'The email and password are right, but the account has been deactivated.',
          },
          CROSS_SITE,
          { code: 'RATE_LIMITED' },
          INTERNAL,
        ],
      };
    case 'sign-out':
      return {
        id: 'signOut',
        tag: ACCOUNTS_TAG,
        operation: {
          summary: 'Sign out',
          description: `Ends the session and clears its cookie.${note}`,
          security: securityFor('optional'),
        },
        success: respond('200', 'The session is ended.'),
        errors: [CROSS_SITE, INTERNAL],
      };
    case 'me':
      return {
        id: 'getMe',
        tag: ACCOUNTS_TAG,
        operation: {
          summary: 'The signed-in user',
          description: `The user the session belongs to.${note}`,
          security: securityFor('signed-in'),
        },
        success: {
          '200': jsonResponse('The signed-in user.', callAnswer(ctx, call, user) ?? user()),
        },
        errors: [{ code: 'UNAUTHENTICATED' }, INTERNAL],
      };
    case 'update-me':
      return {
        id: 'updateMe',
        tag: ACCOUNTS_TAG,
        operation: {
          summary: 'Update the signed-in user',
          description: `Changes the signed-in user's own record: the fields section 6 lets them update, their email and their password. A new password ends every session of the user and starts a fresh one, whose token the answer carries.${note}`,
          security: securityFor('signed-in'),
          requestBody: body(ctx, call, () => user(), 'The fields to change.'),
        },
        success: respond('200', 'The user as updated.', user),
        errors: [
          ...BODY_ERRORS,
          { code: 'UNAUTHENTICATED', when: 'Nobody is signed in.' },
          CROSS_SITE,
          { code: 'FORBIDDEN', when: 'Section 6 does not let the user change a field sent.' },
          { code: 'VALIDATION_FAILED' },
          INTERNAL,
        ],
      };
    case 'change-password':
      return {
        id: 'changePassword',
        tag: ACCOUNTS_TAG,
        operation: {
          summary: 'Change password',
          description:
            "Changes the signed-in user's password, given the current one. Every other session of the user ends; this one is renewed.",
          security: securityFor('signed-in'),
          requestBody: body(
            ctx,
            call,
            () => changePasswordRef(ctx),
            'The current and the new password.',
          ),
        },
        success: respond('200', 'The password is changed.'),
        errors: [
          ...BODY_ERRORS,
          { code: 'UNAUTHENTICATED', when: 'Nobody is signed in.' },
          CROSS_SITE,
          {
            code: 'VALIDATION_FAILED',
            when: 'The current password is not right, or the new one is shorter than 8 or longer than 200 characters.',
          },
          { code: 'RATE_LIMITED' },
          INTERNAL,
        ],
      };
  }
}
