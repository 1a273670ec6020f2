import { prepareModel } from '../../../src/index.js';
import { type AppModel, apiCalls, type ApiCall } from '@specrun/model';
import { openApiDocument } from '../../../src/openapi/openapi-document.js';
import type { OpenApiDocument } from '../../../src/openapi/openapi-types.js';
import { EXAMPLE_MODELS } from '../../operations/support/example-models.js';

/** One example specification with the calls it serves and its OpenAPI document. */
export interface ExampleDocument {
  name: string;
  model: AppModel;
  calls: ApiCall[];
  document: OpenApiDocument;
}

/** Every example, the shared ones and the project's, with its document built once. */
export const EXAMPLE_DOCUMENTS: ExampleDocument[] = Object.entries(EXAMPLE_MODELS).map(
  ([name, model]) => {
    const calls = apiCalls(model);
    return { name, model, calls, document: openApiDocument(prepareModel(model)) };
  },
);
