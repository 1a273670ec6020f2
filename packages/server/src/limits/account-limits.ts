import { ENGINE_LIMITS, type AppModel, type ConstantValue } from '@specrun/model';

/** The engine limits accounts obey, as the model sets them (or their defaults). */
export interface AccountLimits {
  /** Sign-in attempts allowed per address and per account in any minute. */
  signInAttemptsPerMinute: number;
  /** Sign-up attempts allowed per address in any hour. */
  signUpAttemptsPerHour: number;
  /** The fewest characters a new password may have. */
  minPasswordLength: number;
  /** How long a session lasts, in milliseconds. */
  sessionTtlMs: number;
}

function value(model: AppModel, name: string): ConstantValue | undefined {
  return model.constants.find((c) => c.name === name)?.value ?? ENGINE_LIMITS[name]?.value;
}

function count(model: AppModel, name: string): number {
  const limit = value(model, name);
  if (limit?.kind !== 'number') throw new Error(`${name} must be a number`);
  return limit.value;
}

/** Reads the account limits of section 9 once, at start. */
export function accountLimits(model: AppModel): AccountLimits {
  const ttl = value(model, 'SESSION_TTL');
  if (ttl?.kind !== 'duration') throw new Error('SESSION_TTL must be a duration');
  return {
    signInAttemptsPerMinute: count(model, 'SIGN_IN_ATTEMPTS_PER_MINUTE'),
    signUpAttemptsPerHour: count(model, 'SIGN_UP_ATTEMPTS_PER_HOUR'),
    minPasswordLength: count(model, 'MIN_PASSWORD_LENGTH'),
    sessionTtlMs: ttl.milliseconds,
  };
}
