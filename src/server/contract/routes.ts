/**
 * The routes a contract document makes: what fastify-openapi-glue derives from it (the document
 * validated against OpenAPI 3.1, its references resolved, each operation's method, Fastify URL and
 * request schema). plugins/contract.ts registers them with the handlers.
 * Deriving them costs the glue's validation of the whole document, most of a second at every start.
 * From the sources it is done at start; the compiled server reads the table the build derived
 * (scripts/build-server.mjs writes build/server/openapi/<name>.routes.json with writeRouteTables).
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { bundled, contractFolder } from '../runtime-files.js';
import { loadAdminSpec, loadPlaySpec } from './spec.js';

export interface ContractRoute {
  operationId: string;
  method: string;
  /** Fastify's form of the path (`/user/:id`), without the document's prefix. */
  url: string;
  /** The request schema as the glue made it (body, params, querystring, headers, response). */
  schema: Record<string, unknown>;
}

export type ContractName = 'admin-api' | 'play-api';

const specOf: Record<ContractName, () => Record<string, unknown>> = { 'admin-api': loadAdminSpec, 'play-api': loadPlaySpec };

const tableFile = (name: ContractName) => path.join(contractFolder, `${name}.routes.json`);

/** The glue registered on a bare Fastify that compiles nothing, its routes recorded as it makes them. */
export async function deriveRoutes(spec: Record<string, unknown>): Promise<ContractRoute[]> {
  // Loaded here only: the compiled server, which reads the tables, never loads the glue and its validator.
  const { default: openapiGlue } = await import('fastify-openapi-glue');
  // No HEAD twins of GET routes here: registering the GET makes its own.
  const app = Fastify({ logger: false, exposeHeadRoutes: false });
  app.setValidatorCompiler(() => () => true);
  const routes: ContractRoute[] = [];
  // Each operation gets a handler of its own, so the route made with it says which operation it is.
  const operationOf = new Map<object, string>();
  app.addHook('onRoute', (route) => {
    const operationId = operationOf.get(route.handler);
    if (!operationId) return;
    for (const method of [route.method].flat()) routes.push({ operationId, method, url: route.url, schema: (route.schema ?? {}) as Record<string, unknown> });
  });
  await app.register(openapiGlue, {
    specification: spec,
    operationResolver: (operationId) => {
      const handler = async () => null;
      operationOf.set(handler, operationId);
      return handler;
    },
  });
  await app.ready();
  await app.close();
  // Detached from the glue's objects: the caller's hooks may change a route's schema.
  return JSON.parse(JSON.stringify(routes)) as ContractRoute[];
}

/** The routes of a contract: derived now from the sources, read from the build's table in the compiled server. */
export async function contractRoutes(name: ContractName): Promise<ContractRoute[]> {
  if (bundled) return JSON.parse(fs.readFileSync(tableFile(name), 'utf8')) as ContractRoute[];
  return deriveRoutes(specOf[name]());
}

/** Writes both tables beside the contracts (the build runs it from the compiled server's code). */
export async function writeRouteTables(): Promise<void> {
  for (const name of Object.keys(specOf) as ContractName[]) {
    fs.writeFileSync(tableFile(name), JSON.stringify(await deriveRoutes(specOf[name]())));
  }
}
