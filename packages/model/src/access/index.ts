export * from './caller-roles.js';
export * from './matching-rows.js';
export * from './field-sets.js';
export * from './sign-up.js';
export * from './user-label.js';
export * from './account-managers.js';
export * from './searched-fields.js';
