export { compilePolicy } from './compile-policy.js';
