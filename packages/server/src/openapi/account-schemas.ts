import { isSettable, signUpDeclaredFields, signUpMode } from '@specrun/model';
import type { DocumentContext } from './document-context.js';
import { inputFieldSchema, requiredOnCreate } from './field-schemas.js';
import type { JsonSchema, Reference } from './openapi-types.js';
import { passwordSchema } from './password-schema.js';
import { signUpRules } from './sign-up-rules.js';

const EMAIL: JsonSchema = {
  type: 'string',
  format: 'email',
  description: 'The address the user signs in with.',
};

/** The roles a person signing up may choose (`yes` in section 6); the `default` one is given. */
function signUpRoles(ctx: DocumentContext): readonly string[] {
  const mode = signUpMode(ctx.model);
  return mode.kind === 'open' ? mode.choosable : [];
}

/**
 * A property of a session call's payload (docs/spec-language.md, "Shapes"): `email`,
 * `password`, `name`, the roles open to sign-up, or one of User's own fields.
 */
export function accountFieldSchema(
  ctx: DocumentContext,
  name: string,
  call: 'sign-up' | 'sign-in',
): JsonSchema | undefined {
  if (name === 'email') return EMAIL;
  if (name === 'password') {
    return call === 'sign-up'
      ? passwordSchema(ctx.model, 'The password of the new account.')
      : { type: 'string', format: 'password', writeOnly: true, description: 'The password.' };
  }
  if (name === 'roles') {
    return {
      type: 'array',
      items: { type: 'string', enum: signUpRoles(ctx) },
      uniqueItems: true,
      description: 'Roles to take besides the default one, among those open to sign-up.',
    };
  }
  const user = ctx.entity('User');
  const field = user.fields.find((f) => f.name === name && isSettable(f));
  return field ? inputFieldSchema(ctx.model, user, field, 'create') : undefined;
}

/** The default sign-up payload: `{ email, password, name }` and the User's own fields. */
export function signUpRef(ctx: DocumentContext): Reference {
  return ctx.components.schema(ctx.engineSchema('SignUp'), () => {
    const own = signUpDeclaredFields(ctx.model);
    const names = ['email', 'password', 'name', ...own.map((f) => f.name)];
    if (signUpRoles(ctx).length > 0) names.push('roles');
    const properties: Record<string, JsonSchema> = {};
    for (const name of names) properties[name] = accountFieldSchema(ctx, name, 'sign-up')!;
    // With section 6 unspecified, the first account may come from elsewhere with the setup code.
    if (ctx.model.sections.find((s) => s.key === 'permissions')?.status !== 'specified')
      properties.setupCode = {
        type: 'string',
        description:
          'The one-time setup code `specrun start` printed: needed for the first account unless it is made on the machine that runs specrun.',
      };
    return {
      type: 'object',
      description: `A new account. ${signUpRules(ctx.model)}`,
      additionalProperties: false,
      required: ['email', 'password', 'name', ...own.filter(requiredOnCreate).map((f) => f.name)],
      properties,
    };
  });
}

export function signInRef(ctx: DocumentContext): Reference {
  return ctx.components.schema(ctx.engineSchema('SignIn'), () => ({
    type: 'object',
    description: 'The email and password of an account.',
    additionalProperties: false,
    required: ['email', 'password'],
    properties: {
      email: accountFieldSchema(ctx, 'email', 'sign-in')!,
      password: accountFieldSchema(ctx, 'password', 'sign-in')!,
    },
  }));
}

export function changePasswordRef(ctx: DocumentContext): Reference {
  return ctx.components.schema(ctx.engineSchema('ChangePassword'), () => ({
    type: 'object',
    description: "The user's current password, and the new one.",
    additionalProperties: false,
    required: ['currentPassword', 'newPassword'],
    properties: {
      currentPassword: {
        type: 'string',
        format: 'password',
        writeOnly: true,
        description: 'The password the user signs in with now.',
      },
      newPassword: passwordSchema(ctx.model, 'The password to sign in with from now on.'),
    },
  }));
}
