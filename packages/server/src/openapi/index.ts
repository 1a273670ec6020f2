export { openApiDocument } from './openapi-document.js';
export type { OpenApiDocument } from './openapi-types.js';
export { registerOpenApi } from './register-openapi.js';
