import { dateIn } from '@specrun/model';

/**
 * The values of one request, bound as SQL parameters. Records (`user`, and `record`/`old` when
 * they are values rather than rows) are in their wire form: ids as strings, money as "12.50" or
 * `{ amount, currency }`, dates "YYYY-MM-DD", datetimes ISO-8601 or Date, roles as a string array.
 */
export interface SqlParams {
  /** The signed-in user; null or absent when anonymous. */
  user?: Record<string, unknown> | null;
  /** The current time; the clock when absent. */
  now?: Date;
  /** The current date; `now`'s date in the application's time zone when absent. */
  today?: string;
  record?: Record<string, unknown> | null;
  old?: Record<string, unknown> | null;
  /** A transition's payload, as the caller sent it (JSON values), for a guard that reads it. */
  input?: Record<string, unknown>;
  /** The values of the scope's `texts` names (a declared list parameter's `value`). */
  texts?: Record<string, string>;
}

/** What binding one compiled expression knows: the parameters and the clock read once. */
export interface BindContext {
  params: SqlParams;
  nowMs: number;
  today: string;
}

// A class rather than an object literal with a getter: every request binds several of these, and
// a literal's accessor is defined anew on each one, where a class's is shared by its prototype.
class Binding implements BindContext {
  readonly nowMs: number;
  private day: string | undefined;

  constructor(
    readonly params: SqlParams,
    private readonly timeZone: string | undefined,
  ) {
    this.nowMs = params.now ? params.now.getTime() : Date.now();
    this.day = params.today;
  }

  // Worked out on first use: few conditions call today(), and every request binds several.
  get today(): string {
    return (this.day ??= dateIn(this.nowMs, this.timeZone));
  }
}

/** The context of one binding, with `now` and `today()` fixed for the whole statement. */
export function bindContext(params: SqlParams, timeZone?: string): BindContext {
  return new Binding(params, timeZone);
}
