/**
 * The API reference, open to anyone who reaches the server (the contracts describe routes, not data):
 * - GET /api/docs: Swagger UI over both contracts, the back office's (/api/admin) and the players' and
 *   quiz display's (/api/play), chosen in its top bar. Its scripts and styles are served by the app
 *   (@fastify/swagger-ui ships them): nothing is loaded from another site, so it works offline and under
 *   the app's Content-Security-Policy (scripts from this origin only, no inline script).
 *   "Try it out" calls this server; "Authorize" takes an access token (`POST /api/admin/login`).
 * - GET /api/openapi/admin-api.yaml and /api/openapi/play-api.yaml: the contracts themselves.
 * Registered before the contract's routes' 404 catch-all could answer: these are ordinary routes, so the
 * JSON 404 envelope of unknown /api paths (plugins/errors.ts) never shadows them.
 */
import fs from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { stringify } from 'yaml';
import { adminSpecPath, loadAdminSpec, loadPlaySpec, playSpecPath } from '../contract/spec.js';

export const API_DOCS_PATH = '/api/docs';

export interface ContractDocument {
  /** Where the raw contract is served. */
  url: string;
  /** Its name in the reference's top bar. */
  name: string;
}

export const CONTRACT_DOCUMENTS = {
  admin: { url: '/api/openapi/admin-api.yaml', name: 'Back office API (/api/admin)' },
  play: { url: '/api/openapi/play-api.yaml', name: 'Player and quiz display API (/api/play)' },
} as const satisfies Record<string, ContractDocument>;

/** The contract's YAML as written (comments included), or the parsed document written back as YAML. */
function contractText(file: string, load: () => Record<string, unknown>): string {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : stringify(load());
}

export default async function apiDocsPlugin(app: FastifyInstance): Promise<void> {
  const texts = {
    admin: contractText(adminSpecPath, loadAdminSpec),
    play: contractText(playSpecPath, loadPlaySpec),
  };
  for (const [key, document] of Object.entries(CONTRACT_DOCUMENTS)) {
    const text = texts[key as keyof typeof texts];
    app.get(document.url, (_request, reply) => reply.type('application/yaml; charset=utf-8').header('cache-control', 'no-cache').send(text));
  }

  // Swagger UI expects @fastify/swagger's document beside it (its /api/docs/json and /yaml answer the
  // back office's contract; its type wants OpenAPI 3.0's document shape); the top bar lists both
  // contracts by their raw addresses, the back office's first.
  await app.register(swagger, { mode: 'static', specification: { document: loadAdminSpec() as never } });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiConfig: {
      urls: Object.values(CONTRACT_DOCUMENTS).map(({ url, name }) => ({ url, name })),
      deepLinking: true,
      displayOperationId: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
      persistAuthorization: false,
      tryItOutEnabled: false,
    },
    theme: { title: 'Live Trivia Back Office: API reference' },
    validatorUrl: false, // no badge fetched from the validator's site
  });
}
