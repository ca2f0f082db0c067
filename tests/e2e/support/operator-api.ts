/**
 * The operator's side of the audience tests, through the admin API: one login per file, then set-up
 * calls (games, questions, game-flow steps) and reads of what the server decided (its ranking).
 */
import type { RunningServer } from './server';
import { loginToken } from './session';

export interface OperatorApi {
  /** The admin's access token (also the control screen's cookie where a test opens it). */
  token: string;
  /** POST /api/admin<route> as the admin in company 1; `data`, or an error naming the route. */
  call(route: string, body: unknown): Promise<any>;
  createGame(body: Record<string, unknown>): Promise<{ id: number; pin: string }>;
}

export async function operatorApi(server: RunningServer): Promise<OperatorApi> {
  const token = await loginToken(server);
  const call = async (route: string, body: unknown): Promise<any> => {
    const response = await fetch(`${server.url}/api/admin${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, cid: '1', lang: 'en' },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as any;
    if (json.code !== 200) throw new Error(`${route} failed: ${JSON.stringify(json)}`);
    return json.data;
  };
  return {
    token,
    call,
    async createGame(body) {
      const { id } = await call('/triviaGame/create', body);
      const { item } = await call('/triviaGame/detail', { id });
      return { id, pin: item.pin };
    },
  };
}
