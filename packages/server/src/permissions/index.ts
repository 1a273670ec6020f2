export { compilePolicy } from './compile-policy.js';
export { ANYONE, SIGNED_IN, callerRoles } from './caller-roles.js';
