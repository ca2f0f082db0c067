/**
 * What the live-game API tests share: a client for the player/display API (/api/play) that checks
 * every response against openapi/play-api.yaml, like tests/support/api.ts does for the admin API, and
 * helpers that set up a game, its questions and its players through the real operations.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '@/server/db/client';
import type { AppConfig } from '@/server/config';
import { expect } from 'vitest';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { loadPlaySpec } from '@/server/contract/spec';
import { call, login, type ApiResult, type CallOptions } from '../support/api';
import { createTestApp } from '../support/app';

const spec = loadPlaySpec() as {
  paths: Record<string, Record<string, { responses?: Record<string, { $ref?: string }> }>>;
  components: { responses: Record<string, { content?: Record<string, unknown> }>; schemas: Record<string, unknown> };
};
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(spec as object, 'play');
const validators = new Map<string, ValidateFunction | null>();

function responseValidator(path: string, status: number): ValidateFunction | null {
  const key = `${path} ${status}`;
  if (validators.has(key)) return validators.get(key)!;
  const response = spec.paths[path]?.post?.responses?.[String(status)];
  let validator: ValidateFunction | null = null;
  if (response?.$ref) validator = ajv.compile({ $ref: `play${response.$ref}/content/application~1json/schema` });
  validators.set(key, validator);
  return validator;
}

/** Validates a response body against what play-api.yaml says `POST <path>` answers with that HTTP status. */
export function expectPlayResponse(path: string, status: number, body: unknown): void {
  const validate = responseValidator(path, status);
  if (!validate) throw new Error(`The play contract describes no HTTP ${status} response for ${path}; got ${JSON.stringify(body)}`);
  if (!validate(body)) throw new Error(`Response of ${path} (HTTP ${status}) breaks the contract: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`);
}

/** Validates `data` against a schema of play-api.yaml (e.g. the real-time events' `Event…` schemas). */
export function expectPlaySchema(name: string, data: unknown): void {
  const validate = ajv.getSchema(`play#/components/schemas/${name}`) ?? ajv.compile({ $ref: `play#/components/schemas/${name}` });
  if (!validate(data)) throw new Error(`${name} breaks the contract: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(data)}`);
}

export interface PlayOptions {
  token?: string | null;
  lang?: 'zh-TW' | 'en';
}

export async function play(app: FastifyInstance, path: string, payload: unknown = {}, options: PlayOptions = {}): Promise<ApiResult> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lang) headers.lang = options.lang;
  const res = await app.inject({ method: 'POST', url: `/api/play${path}`, payload: JSON.stringify(payload), headers });
  const body = res.json() as ApiResult['body'];
  expectPlayResponse(path, res.statusCode, body);
  return { status: res.statusCode, body, headers: res.headers };
}

export const textOptions = (...texts: string[]) => texts.map((text, i) => ({ title: 'ABCD'[i], text, img: '' }));

export interface QuestionSpec {
  answer?: string[];
  options?: string[];
  answering_time?: number;
  have_answering_time?: 0 | 1;
  is_bonus?: 0 | 1;
  question_type?: 1 | 2;
  score?: number;
  level_id?: number;
}

/** A live-game test bench on one app, acting as an admin with `token` in company `cid`. */
export function bench(app: FastifyInstance, token: () => string, cid = '1') {
  const admin = (path: string, body: unknown, options: CallOptions = {}) => call(app, path, body, { token: token(), cid, ...options });

  async function createGame(body: Record<string, unknown>): Promise<{ id: number; pin: string }> {
    const created = await admin('/triviaGame/create', body);
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    const detail = await admin('/triviaGame/detail', { id: created.body.data.id });
    return { id: created.body.data.id, pin: detail.body.data.item.pin };
  }

  async function addQuestion(gameId: number, spec: QuestionSpec = {}, title = 'Q'): Promise<number> {
    const res = await admin('/question/create', {
      trivia_game_id: gameId,
      title,
      question_text: `${title}?`,
      question_img: '',
      pre_video_url: '',
      have_answering_time: spec.have_answering_time ?? 1,
      answering_time: spec.answering_time ?? 10,
      score: spec.score ?? 0,
      question_type: spec.question_type ?? 1,
      is_bonus: spec.is_bonus ?? 0,
      options: textOptions(...(spec.options ?? ['玉山', '雪山', '合歡山'])),
      answer: spec.answer ?? ['A'],
      ...(spec.level_id ? { level_id: spec.level_id } : {}),
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as number;
  }

  async function joinPlayer(pin: string, nickname: string): Promise<{ token: string; id: number }> {
    const res = await play(app, '/join', { pin, nickname });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return { token: res.body.data.player_token, id: res.body.data.player.id };
  }

  const flow = (trivia_game_id: number, question_id: number | null, type: number, options: CallOptions = {}) =>
    admin('/triviaGame/gameFlow', { trivia_game_id, question_id, type }, options);

  const answer = (playerToken: string, question_id: number, choices: string[], options: PlayOptions = {}) =>
    play(app, '/answer', { question_id, choices }, { token: playerToken, ...options });

  const state = async (playerToken: string) => {
    const res = await play(app, '/state', {}, { token: playerToken });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  return { admin, createGame, addQuestion, joinPlayer, flow, answer, state };
}

/** The app's database, counting the calls of one of its methods (`transaction`, `select`) made through it. */
export function countingDb(db: Db, method: 'transaction' | 'select'): { db: Db; calls: () => number } {
  let count = 0;
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== method || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        count += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: proxy, calls: () => count };
}

/** The WebSocket address of an app listening on loopback. */
export const wsUrlOf = (app: FastifyInstance) => `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/api/ws`;

/**
 * An app listening on a free loopback port, for the tests that open WebSockets: its socket address,
 * the super admin's token and a bench on it. `overrides` go to its config (a TestClock as `clock`).
 */
export async function listeningLiveApp(overrides: Partial<AppConfig> = {}): Promise<{ app: FastifyInstance; url: string; token: string; b: ReturnType<typeof bench> }> {
  const app = await createTestApp(overrides);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await login(app);
  return { app, url: wsUrlOf(app), token, b: bench(app, () => token) };
}
