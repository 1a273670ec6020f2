export { createServer, type ServerOptions } from './http/create-server.js';
export { AppError } from './errors/app-error.js';
export { Catalogue, formatConstant } from './errors/catalogue.js';
export type { Problem } from './errors/problem.js';
export { openSqlite, SQLITE_FILE } from './store/open-sqlite.js';
export { recordAppMeta, type AppMeta } from './store/app-meta.js';
