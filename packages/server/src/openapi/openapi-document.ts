import { createHash } from 'node:crypto';
import { withConstantsFilled, type AppModel } from '@specrun/model';
import type { PreparedModel } from '../app/prepared-app.js';
import { ACCOUNTS_TAG } from './account-operations.js';
import { callOperation } from './call-operation.js';
import { documentContext, type DocumentContext } from './document-context.js';
import { errorResponses } from './error-responses.js';
import type {
  Method,
  OpenApiDocument,
  OperationObject,
  PathItemObject,
  TagObject,
} from './openapi-types.js';
import { openApiPath, type DraftOperation } from './operation-parts.js';
import { securitySchemes, withTokenSecurity } from './token-security.js';
import { ENGINE_TAG, serviceOperations } from './service-operations.js';
import { accountStatusOperations } from './account-status-operations.js';
import { fileOperations } from './file-operation.js';

function tagObject(ctx: DocumentContext, name: string): TagObject {
  if (name === ACCOUNTS_TAG)
    return { name, description: 'Signing up, in and out, and the account of the signed-in user.' };
  if (name === ENGINE_TAG)
    return { name, description: 'What specrun serves for every application.' };
  const entity = ctx.entity(name);
  const lifecycle = ctx.model.lifecycles.find((l) => l.entity === name);
  const states = lifecycle ? ` States: ${lifecycle.states.map((s) => `\`${s}\``).join(', ')}.` : '';
  const words = [entity.description, lifecycle?.description].filter(Boolean).join(' ');
  return { name, description: `${words || `The ${name} records.`}${states}` };
}

/** Gives each operation a unique id, in the order of the calls: `getMe`, then `getMe2`. */
function uniqueIds() {
  const used = new Set<string>();
  return (wanted: string) => {
    let id = wanted;
    for (let n = 2; used.has(id); n++) id = `${wanted}${n}`;
    used.add(id);
    return id;
  };
}

function description(model: AppModel): string {
  const intro = model.description || `The HTTP API of ${model.name}.`;
  const audience = model.properties.audience ? ` For ${model.properties.audience}.` : '';
  const errors = model.errorBody
    ? 'Errors are answered in the body section 8 declares (`ErrorBody`): messages by what they are about. A request whose `Accept` names `application/problem+json` gets RFC 9457 problem documents carrying a code of the error catalogue instead.'
    : 'Errors are RFC 9457 problem documents (`application/problem+json`) carrying a code of the error catalogue.';
  return `${intro}${audience}\n\n${errors} Request bodies are JSON. Records are answered with an \`ETag\`; send it back in \`If-Match\` when changing them.`;
}

/**
 * The OpenAPI 3.1 document of exactly the calls the API serves: `calls` (section 7's rows, or
 * the default REST API and the account calls; see apiCalls in @specrun/model) plus `/api/_health`,
 * `/api/_model`, `/api/_session` and the managers' `/api/_accounts`. Plain data, the same for the
 * same model: build it once at start.
 */
export function openApiDocument(prepared: PreparedModel): OpenApiDocument {
  // Descriptions show section 9's values where they name them (`{EMERGENCY_PHONE}`), as the web
  // app shows them: only texts people read change, never what the calls are derived from.
  const model = withConstantsFilled(prepared.model);
  const ctx = documentContext({ ...prepared, model });
  const nextId = uniqueIds();
  const paths: Record<string, PathItemObject> = {};
  const tags: string[] = [];
  const add = (method: Method, path: string, draft: DraftOperation) => {
    const operation: OperationObject = {
      operationId: nextId(draft.id),
      summary: draft.operation.summary,
      description: draft.operation.description,
      tags: [draft.tag],
      security: withTokenSecurity(model, draft.operation.security),
      ...(draft.operation.parameters?.length ? { parameters: draft.operation.parameters } : {}),
      ...(draft.operation.requestBody ? { requestBody: draft.operation.requestBody } : {}),
      responses: { ...draft.success, ...errorResponses(ctx, draft.errors) },
    };
    const item = (paths[openApiPath(path)] ??= {});
    item[method] = operation;
    if (!tags.includes(draft.tag)) tags.push(draft.tag);
  };
  for (const call of prepared.calls)
    add(call.method.toLowerCase() as Method, call.path, callOperation(ctx, call));
  for (const service of serviceOperations(ctx)) add(service.method, service.path, service.draft);
  for (const account of accountStatusOperations(ctx))
    add(account.method, account.path, account.draft);
  for (const files of fileOperations(ctx)) add(files.method, files.path, files.draft);
  const components = ctx.components.toObject(securitySchemes(model));
  // The version names the API's content, so it changes exactly when the API does.
  const version = createHash('sha256')
    .update(JSON.stringify({ paths, components }))
    .digest('hex')
    .slice(0, 12);
  return {
    openapi: '3.1.0',
    info: { title: model.name, version, description: description(model) },
    servers: [{ url: '/', description: 'The server this document is served from.' }],
    tags: tags.map((t) => tagObject(ctx, t)),
    paths,
    components,
  };
}
