import { ENGINE_LIMITS, type AppModel, type ConstantValue } from '@specrun/model';

/** The engine limits accounts obey, as the model sets them (or their defaults). */
export interface AccountLimits {
  /** Sign-in attempts allowed per address and per account in any minute. */
  signInAttemptsPerMinute: number;
  /** How long a session lasts, in milliseconds. */
  sessionTtlMs: number;
}

function value(model: AppModel, name: string): ConstantValue | undefined {
  return model.constants.find((c) => c.name === name)?.value ?? ENGINE_LIMITS[name]?.value;
}

/** Reads SIGN_IN_ATTEMPTS_PER_MINUTE and SESSION_TTL once, at start. */
export function accountLimits(model: AppModel): AccountLimits {
  const attempts = value(model, 'SIGN_IN_ATTEMPTS_PER_MINUTE');
  const ttl = value(model, 'SESSION_TTL');
  if (attempts?.kind !== 'number' || ttl?.kind !== 'duration')
    throw new Error('SIGN_IN_ATTEMPTS_PER_MINUTE must be a number and SESSION_TTL a duration');
  return { signInAttemptsPerMinute: attempts.value, sessionTtlMs: ttl.milliseconds };
}
