/** The signed-in user an operation runs for: what `user` is in expressions. */
export interface Actor {
  id: string;
  email: string;
  name: string;
  roles: string[];
  /**
   * The user's own fields declared in section 3 (`user.manager`, `user.iban`...) and the
   * engine's bookkeeping (`user.createdAt`, `user.updatedAt`, `user.createdBy`, `user.version`)
   * when the specification may read it (mayReadUserBookkeeping): else those four are absent.
   */
  fields: Record<string, unknown>;
}
