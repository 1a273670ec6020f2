export { describeShape } from './describe-shape.js';
export * from './payload-envelopes.js';
export * from './wrap-response.js';
export * from './unwrap-response.js';
export * from './page-link.js';
export { projectRecord, unprojectRecord, sourceOf } from './projection.js';
