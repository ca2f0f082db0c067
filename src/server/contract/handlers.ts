/**
 * Types for operation handlers: one handler per operationId, named as the operation, with its request
 * body typed from the generated contract types. Features export a map of the operations they implement:
 * the admin API's (openapi/admin-api.yaml) and the player/display API's (openapi/play-api.yaml).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '@openapi/admin-api';
import type { operations as playOperations } from '@openapi/play-api';

export type OperationId = keyof operations;

type JsonBody<Op> = Op extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : Op extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : unknown;

export type RequestBody<Id extends OperationId> = JsonBody<operations[Id]>;

export type OperationRequest<Id extends OperationId> = FastifyRequest<{ Body: RequestBody<Id> }>;

/** Returns the envelope's `data` (or a Success for a custom message); may send the reply itself (downloads). */
export type OperationHandler<Id extends OperationId> = (request: OperationRequest<Id>, reply: FastifyReply) => Promise<unknown>;

export type OperationHandlers = { [Id in OperationId]?: OperationHandler<Id> };

export type PlayOperationId = keyof playOperations;

export type PlayRequestBody<Id extends PlayOperationId> = JsonBody<playOperations[Id]>;

export type PlayOperationRequest<Id extends PlayOperationId> = FastifyRequest<{ Body: PlayRequestBody<Id> }>;

export type PlayOperationHandler<Id extends PlayOperationId> = (request: PlayOperationRequest<Id>, reply: FastifyReply) => Promise<unknown>;

export type PlayOperationHandlers = { [Id in PlayOperationId]?: PlayOperationHandler<Id> };
