/**
 * Registers every operation of the contract documents as a route, with request validation by Ajv2020
 * (JSON Schema 2020-12, as OpenAPI 3.1 uses): openapi/admin-api.yaml under /api/admin and
 * openapi/play-api.yaml (players and the quiz display) under /api/play; every string a request's
 * schema validates refuses control characters and unpaired surrogates (contract/plain-text.ts).
 * Each operation is served by the handler of the same name if a feature implements it, otherwise by
 * a visible HTTP 501: nothing fakes success. The route's config carries the operation's x-permission
 * (and x-company-scoped): admin operations as `operation` (read by features/access/plugin.ts), player/display
 * operations as `playOperation` (read by the live game's own access hook, features/live/plugin.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { translate, type Lang } from '../i18n.js';
import { ApiError, notImplemented, Success, type Envelope } from '../lib/envelope.js';
import type { OperationHandlers, PlayOperationHandlers } from '../contract/handlers.js';
import { ADMIN_API_PREFIX, listOperations, loadAdminSpec, loadPlaySpec, PLAY_API_PREFIX, type OperationInfo } from '../contract/spec.js';
import { contractRoutes, type ContractName } from '../contract/routes.js';
import { addPlainTextKeyword, markDocument, markSchema } from '../contract/plain-text.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An operation of the admin API. */
    operation?: OperationInfo;
    /** An operation of the player/display API. */
    playOperation?: OperationInfo;
  }
}

export interface ContractOptions {
  handlers: OperationHandlers;
  playHandlers?: PlayOperationHandlers;
}

type AnyHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

interface ContractDocument {
  name: ContractName;
  spec: Record<string, unknown>;
  prefix: string;
  handlers: Record<string, AnyHandler | undefined>;
  configKey: 'operation' | 'playOperation';
}

function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    // The contract lists the fields a handler may see; anything else is dropped before the handler.
    removeAdditional: 'all',
    useDefaults: true,
    coerceTypes: false,
  });
  addFormats.default(ajv);
  // Every string of a request refuses control characters (contract/plain-text.ts): the keyword is
  // added to each schema as it is compiled.
  addPlainTextKeyword(ajv);
  return ajv;
}

/**
 * The errors a 422 reports: the first 50. A body of 200 KB (an array of 100,000 numbers where objects
 * are expected) makes 100,000 errors: all of them took a second to word and 4 MB to send; nobody
 * reads past the first few.
 */
const MAX_REPORTED_ERRORS = 50;
const reported = (errors: ValidateFunction['errors']) => (errors && errors.length > MAX_REPORTED_ERRORS ? errors.slice(0, MAX_REPORTED_ERRORS) : errors);

type RouteValidator = ((data: unknown, context?: object) => boolean) & { errors?: ValidateFunction['errors']; schemaEnv?: true };

/**
 * Each route's validator is compiled at the route's first request, not at start: compiling every
 * operation's schemas would add about a third of a second to each start of the server, and a
 * schema costs a few milliseconds once.
 */
function createValidatorCompiler() {
  const ajv = createAjv();
  return ({ schema }: { schema: object }): RouteValidator => {
    let compiled: ValidateFunction | undefined;
    const validate: RouteValidator = (data, context) => {
      if (!compiled) {
        const marked = structuredClone(schema);
        markSchema(marked);
        compiled = ajv.compile(marked);
      }
      const valid = compiled(data, context as never);
      validate.errors = reported(compiled.errors);
      return valid;
    };
    // As on an Ajv validator: Fastify then passes the request as the value's parent, so the
    // validator may replace the value itself, not only change what is inside it.
    validate.schemaEnv = true;
    return validate;
  };
}

/** A JSON Pointer segment (RFC 6901). */
const pointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** A body validator: true or false, and Ajv's errors of the last call. */
export type BodyValidator = ((data: unknown) => boolean) & { errors?: ValidateFunction['errors'] };

/**
 * A validator of an operation's JSON body, compiled from the contract with the routes' own Ajv
 * options (unknown fields dropped, defaults filled in): for the same operation reached another way,
 * a WebSocket request frame (plugins/realtime.ts). Throws if the contract has no such operation.
 * Compiled at its first use, as the routes' validators are: compiling it against the whole document
 * costs a tenth of a second or more, which no start needs to wait for.
 */
export function operationBodyValidator(spec: Record<string, unknown>, operationId: string): BodyValidator {
  const paths = (spec.paths ?? {}) as Record<string, Record<string, { operationId?: string; requestBody?: { content?: Record<string, unknown> } }>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation?.operationId !== operationId) continue;
      if (!operation.requestBody?.content?.['application/json']) throw new Error(`${operationId} takes no JSON body`);
      let compiled: ValidateFunction | undefined;
      const compile = () => {
        const ajv = createAjv();
        // The whole document, so that the body schema's own references (#/components/…) resolve;
        // each of its schemas given the text rule, as the routes' are.
        const marked = structuredClone(spec);
        markDocument(marked);
        ajv.addSchema(marked, 'contract');
        return ajv.compile({ $ref: `contract#/paths/${pointer(path)}/${method}/requestBody/content/application~1json/schema` });
      };
      const validate: BodyValidator = (data) => {
        compiled ??= compile();
        const valid = compiled(data);
        validate.errors = reported(compiled.errors);
        return valid;
      };
      return validate;
    }
  }
  throw new Error(`the contract has no operation ${operationId}`);
}

/** The envelope of what a handler returned: a Success (with its own message) or plain data ("OK"). */
export function resultEnvelope(result: unknown, lang: Lang): Envelope {
  return result instanceof Success
    ? { code: 200, message: translate(lang, result.messageKey, result.params), data: result.data ?? {} }
    : { code: 200, message: translate(lang, 'ok'), data: result ?? {} };
}

/** The content types each operation's request body may have (JSON when the operation names none). */
function requestContentTypes(spec: Record<string, unknown>): Map<string, string[]> {
  const result = new Map<string, string[]>();
  const paths = spec.paths as Record<string, Record<string, { operationId?: string; requestBody?: { content?: object; $ref?: string } }>>;
  const bodies = ((spec.components as Record<string, unknown> | undefined)?.requestBodies ?? {}) as Record<string, { content?: object }>;
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      if (!operation?.operationId) continue;
      let body = operation.requestBody;
      if (body?.$ref) body = bodies[body.$ref.split('/').pop()!];
      result.set(operation.operationId, body?.content ? Object.keys(body.content) : ['application/json']);
    }
  }
  return result;
}

/** Every media type the contract names anywhere: request bodies' and responses'. */
function mediaTypesOf(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) mediaTypesOf(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'content' && value && typeof value === 'object' && !Array.isArray(value)) for (const type of Object.keys(value)) found.add(type);
      mediaTypesOf(value, found);
    }
  }
  return found;
}

async function registerDocument(app: FastifyInstance, document: ContractDocument): Promise<void> {
  const { spec, prefix, handlers, configKey } = document;
  const operations = new Map(listOperations(spec).map((op) => [op.operationId, op]));
  const bodyTypes = requestContentTypes(spec);
  const requestTypes = new Set([...bodyTypes.values()].flat());

  await app.register(async (scope) => {
    const compileValidator = createValidatorCompiler();
    scope.setValidatorCompiler(compileValidator);
    // The types only the server sends (files: xlsx, octet-stream) get a parser that refuses them as a
    // request body, as preValidation below would (fastify-openapi-glue expects a parser for every type
    // the contract names, responses' included).
    for (const type of mediaTypesOf(spec.paths)) {
      if (requestTypes.has(type) || scope.hasContentTypeParser(type)) continue;
      scope.addContentTypeParser(type, (_request, _payload, done) => done(new ApiError(400, 400, 'error.unsupportedMediaType', { type }), undefined));
    }
    scope.addHook('onRoute', (route: RouteOptions) => {
      const schema = route.schema as Record<string, unknown> | undefined;
      if (!schema) return;
      // Headers (Lang, Cid, Authorization) are read by the lang and access hooks, which answer a bad
      // value with the right envelope (a malformed Cid is a denial, not a field error).
      delete schema.headers;
      // Responses are checked against the contract by the API tests, not re-serialised here.
      delete schema.response;
      // Multipart bodies are parsed and checked by the upload handlers themselves.
      const body = schema.body as Record<string, unknown> | undefined;
      if (body && typeof body === 'object' && 'content' in body) {
        const content = body.content as Record<string, unknown>;
        if (!('application/json' in content)) delete schema.body;
      }
    });

    // The routes fastify-openapi-glue makes of the document (contract/routes.ts), each merged with
    // what the operation adds: its config, the content-type check and the handler.
    const routes = await contractRoutes(document.name);
    await scope.register(
      async (prefixed) => {
        for (const route of routes) {
          const operation = operations.get(route.operationId);
          const handler = handlers[route.operationId];
          const accepted = bodyTypes.get(route.operationId) ?? ['application/json'];
          const jsonSchema = (route.schema.body as { content?: Record<string, { schema?: object }> } | undefined)?.content?.['application/json']?.schema;
          const validateEmptyBody = accepted.includes('application/json') ? compileValidator({ schema: jsonSchema ?? {} }) : null;
          prefixed.route({
            method: route.method,
            url: route.url,
            schema: route.schema,
            config: { [configKey]: operation },
            // Fastify validates a body only for the content types its schema names: any other type
            // would reach the handler unchecked, so it is refused here.
            preValidation: async (request: FastifyRequest) => {
              const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
              if (type && !accepted.includes(type)) throw new ApiError(400, 400, 'error.unsupportedMediaType', { type });
              if (!type && request.body === undefined) {
                // A POST without a body has no content type, and Fastify validates a body only by its
                // content type: it stands for an empty JSON object, as an empty JSON body does, and is
                // validated here as one (its required fields reported), never handed on unchecked.
                if (!validateEmptyBody) throw new ApiError(400, 400, 'error.missingMediaType', { types: accepted.join(', ') });
                const body = {};
                if (!validateEmptyBody(body)) throw Object.assign(new Error('body validation'), { validation: validateEmptyBody.errors ?? [] });
                request.body = body;
              }
            },
            handler: async (request: FastifyRequest, reply: FastifyReply) => {
              if (!handler) throw notImplemented(route.operationId);
              const result = await handler(request, reply);
              if (reply.sent) return reply;
              return resultEnvelope(result, request.lang);
            },
          });
        }
      },
      { prefix },
    );
  });
}

async function contractPlugin(app: FastifyInstance, options: ContractOptions): Promise<void> {
  await registerDocument(app, {
    name: 'admin-api',
    spec: loadAdminSpec(),
    prefix: ADMIN_API_PREFIX,
    handlers: options.handlers as Record<string, AnyHandler | undefined>,
    configKey: 'operation',
  });
  await registerDocument(app, {
    name: 'play-api',
    spec: loadPlaySpec(),
    prefix: PLAY_API_PREFIX,
    handlers: (options.playHandlers ?? {}) as Record<string, AnyHandler | undefined>,
    configKey: 'playOperation',
  });
}

export default fp(contractPlugin, { name: 'contract', dependencies: ['lang', 'errors'] });
