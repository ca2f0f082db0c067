/**
 * The control screen's calls: the game's detail, every question of the game (the
 * question actors need them all, not one page), the game-flow steps, the current ranking and the quiz
 * display's single-use code. Failures are shown by the API client; callers only react.
 */
import type { components } from '@openapi/admin-api';
import { dataOf, withOptions } from '@/app/api/api';
import { client } from '@/app/api/client';

export type Game = components['schemas']['TriviaGame'];
export type Question = components['schemas']['Question'];

/** The page size used to read a game's whole question list (the contract accepts up to 100). */
const ALL_PAGE = 100;

export const loadGameDetail = async (gameId: number): Promise<Game> => (await dataOf(client.POST('/triviaGame/detail', { body: { id: gameId } }))).item;

/** Every question of the game in its order, read page by page. */
export async function loadAllQuestions(gameId: number): Promise<Question[]> {
  const all: Question[] = [];
  for (let page = 1; ; page += 1) {
    const data = await dataOf(client.POST('/question/list', { body: { page, limit: ALL_PAGE, order: 'asc', sort: 'sort', trivia_game_id: gameId } }));
    all.push(...data.list);
    if (data.list.length < ALL_PAGE || all.length >= data.total) return all;
  }
}

export type GameFlowData = components['schemas']['GameFlowData'];

/**
 * One game-flow step, sent by this control screen (`screenId`: the server takes steps only from the
 * screen that holds control). Steps 4 and 5 show the server's success message (公佈排名成功, 遊戲結束成功).
 */
export const gameFlow = (gameId: number, questionId: number | null, type: 2 | 3 | 4 | 5, screenId?: string): Promise<GameFlowData> =>
  dataOf(client.POST('/triviaGame/gameFlow', { body: { trivia_game_id: gameId, question_id: questionId, type, ...(screenId ? { screen_id: screenId } : {}) }, ...withOptions({ notify: type === 4 || type === 5 }) }));

export type RankData = components['schemas']['RankData'];

export const loadRanking = (gameId: number): Promise<RankData> => dataOf(client.POST('/triviaGame/getRank', { body: { trivia_game_id: gameId, limit: 10 } }));

export const createDisplayCode = async (gameId: number): Promise<string> => (await dataOf(client.POST('/triviaGame/displayCode', { body: { trivia_game_id: gameId } }))).code;

export type PreflightData = components['schemas']['PreflightData'];

/** The pre-flight check before the first question (its problems are shown by the panel, not as a toast). */
export const runPreflight = (gameId: number, expectedAudience: number | null): Promise<PreflightData> =>
  dataOf(client.POST('/triviaGame/preflight', { body: { trivia_game_id: gameId, ...(expectedAudience === null ? {} : { expected_audience: expectedAudience }) } }));

export type VenueData = components['schemas']['VenueData'];

/** The join address, where its base comes from, and the server's LAN addresses (the venue warning). */
export const loadVenue = (gameId: number): Promise<VenueData> => dataOf(client.POST('/triviaGame/venue', { body: { trivia_game_id: gameId } }));

