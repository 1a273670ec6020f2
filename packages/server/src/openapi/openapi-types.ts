/**
 * The parts of an OpenAPI 3.1 document this module writes, as plain JSON data. Only what the
 * document uses is typed; the linters (spectral, redocly) check the rest in the tests.
 */

/** A JSON Schema of OpenAPI 3.1's dialect (2020-12); kept loose, it is data. */
export type JsonSchema = { [keyword: string]: unknown };

/** `{ $ref: '#/components/...' }`; a type, not an interface, so it is also a JsonSchema. */
export type Reference = { $ref: string };

export interface ExampleObject {
  summary?: string;
  value: unknown;
}

export interface MediaTypeObject {
  schema: JsonSchema;
  examples?: Record<string, ExampleObject>;
}

export interface HeaderObject {
  description: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface ParameterObject {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  description: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface RequestBodyObject {
  description?: string;
  required: boolean;
  content: Record<string, MediaTypeObject>;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject | Reference>;
  content?: Record<string, MediaTypeObject>;
}

/** Each entry: a scheme name and its scopes; `{}` means no credentials needed. */
export type SecurityRequirement = Record<string, string[]>;

export interface OperationObject {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: SecurityRequirement[];
  parameters?: (ParameterObject | Reference)[];
  requestBody?: RequestBodyObject;
  responses: Record<string, ResponseObject | Reference>;
}

export type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';

export type PathItemObject = Partial<Record<Method, OperationObject>>;

export interface TagObject {
  name: string;
  description: string;
}

export interface ComponentsObject {
  schemas?: Record<string, JsonSchema>;
  responses?: Record<string, ResponseObject>;
  parameters?: Record<string, ParameterObject>;
  headers?: Record<string, HeaderObject>;
  securitySchemes?: Record<string, JsonSchema>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: TagObject[];
  paths: Record<string, PathItemObject>;
  components: ComponentsObject;
}
