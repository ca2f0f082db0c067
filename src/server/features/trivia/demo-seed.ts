/**
 * Demo content for a fresh installation, so an operator can try the back office at once: for company 1
 * a speed contest (five questions, one bonus, one with images) and a level game (two levels with a
 * promotion score, six questions, open for 30 days from the first start). Runs only while the
 * database has no game at all, so a restart never adds it twice and it never lands in an
 * installation in use. The images are solid-colour PNGs made here, stored like uploads.
 */
import type { Db } from '../../db/client.js';
import type { StoredQuestionOption } from '../../db/schema.js';
import { solidPng } from '../../lib/png.js';
import { storeImage } from '../file/images.js';
import type { BlobStore } from '../file/store/index.js';
import * as q from './queries.js';
import { newPin } from './service.js';

type Rgb = readonly [number, number, number];

interface DemoQuestion {
  title: string;
  text: string;
  options: string[];
  answer: StoredQuestionOption['title'][];
  seconds: number;
  level?: number;
  score?: number;
  multiple?: boolean;
  bonus?: boolean;
  noTimeLimit?: boolean;
}

const letters = ['A', 'B', 'C', 'D'] as const;
const optionList = (texts: string[], images: string[] = []): StoredQuestionOption[] =>
  texts.map((text, i) => ({ title: letters[i]!, text, img: images[i] ?? '' }));

const speedQuestions: DemoQuestion[] = [
  { title: '台灣最高峰', text: '台灣最高的山是哪一座？', options: ['玉山', '雪山', '合歡山', '阿里山'], answer: ['A'], seconds: 15 },
  { title: '台北 101', text: '台北 101 位於台北市的哪一個行政區？', options: ['大安區', '信義區', '中正區', '松山區'], answer: ['B'], seconds: 15 },
  { title: '日月潭', text: '日月潭位於哪一個縣市？', options: ['嘉義縣', '台中市', '南投縣', '花蓮縣'], answer: ['C'], seconds: 15 },
  {
    title: '國旗的顏色',
    text: '國旗「青天白日滿地紅」中的「滿地」是哪一個顏色？請選擇正確的色塊。',
    options: ['', '', '', ''],
    answer: ['A'],
    seconds: 20,
  },
  {
    title: '台灣的離島（加倍題）',
    text: '下列哪些是台灣的離島？（複選）',
    options: ['澎湖', '金門', '綠島', '沖繩'],
    answer: ['A', 'B', 'C'],
    seconds: 20,
    multiple: true,
    bonus: true,
  },
];

const levelQuestions: DemoQuestion[] = [
  { title: '端午節', text: '端午節的傳統應景食物是什麼？', options: ['粽子', '月餅', '湯圓', '年糕'], answer: ['A'], seconds: 20, level: 1, score: 10 },
  { title: '中秋節', text: '中秋節最具代表性的應景食物是什麼？', options: ['春捲', '月餅', '粽子', '麻糬'], answer: ['B'], seconds: 20, level: 1, score: 10 },
  {
    title: '桃園國際機場',
    text: '台灣桃園國際機場位於哪一個城市？',
    options: ['台北市', '新竹市', '桃園市', '台中市'],
    answer: ['C'],
    seconds: 20,
    level: 1,
    score: 10,
  },
  {
    title: '原住民族',
    text: '下列哪些是台灣政府認定的原住民族？（複選）',
    options: ['阿美族', '泰雅族', '排灣族', '蒙古族'],
    answer: ['A', 'B', 'C'],
    seconds: 30,
    level: 2,
    score: 20,
    multiple: true,
  },
  { title: '高鐵', text: '台灣高鐵最南端的車站是哪一站？', options: ['台南站', '屏東站', '高雄站', '左營站'], answer: ['D'], seconds: 30, level: 2, score: 20 },
  {
    title: '元宵節',
    text: '元宵節最具代表性的傳統活動是什麼？（本題不限作答時間）',
    options: ['賞花燈', '划龍舟', '掃墓', '登高'],
    answer: ['A'],
    seconds: 30,
    level: 2,
    score: 20,
    noTimeLimit: true,
  },
];

const COLOURS: Record<'red' | 'blue' | 'white' | 'green' | 'sky', Rgb> = {
  red: [0xd7, 0x1a, 0x28],
  blue: [0x00, 0x35, 0x9a],
  white: [0xff, 0xff, 0xff],
  green: [0x2e, 0x9e, 0x4f],
  sky: [0x2b, 0x5f, 0xb4],
};

async function image(store: BlobStore, companyId: number, width: number, height: number, colour: Rgb): Promise<string> {
  return storeImage(store, companyId, solidPng(width, height, colour), { ext: 'png', mime: 'image/png' });
}

/** Call inside a transaction. Answers whether it added the demo content. */
export async function seedDemoTrivia(db: Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>, options: { files: BlobStore; companyId: number; now?: Date }): Promise<boolean> {
  // Under the demo seed's lock, so instances starting together on one PostgreSQL seed once.
  await q.lockDemoSeed(db);
  if ((await q.countAllGames(db)) > 0) return false;
  const now = options.now ?? new Date();

  // The suggested sizes (docs/product.md): question 981*555, option 462*462.
  const questionImage = await image(options.files, options.companyId, 981, 555, COLOURS.sky);
  const swatches = await Promise.all([COLOURS.red, COLOURS.blue, COLOURS.white, COLOURS.green].map((c) => image(options.files, options.companyId, 462, 462, c)));

  const speedPin = newPin();
  let levelPin = newPin();
  while (levelPin === speedPin) levelPin = newPin();

  const speed = await q.insertGame(db, { companyId: options.companyId, title: '台灣知識搶答賽（示範）', type: 1, status: 1, pin: speedPin });
  for (const [index, question] of speedQuestions.entries()) {
    const withImages = question.options.every((text) => text === '');
    await q.insertQuestion(db, {
      triviaGameId: speed.id,
      sort: index + 1,
      title: question.title,
      questionText: question.text,
      questionImg: withImages ? questionImage : '',
      haveAnsweringTime: 1,
      answeringTime: question.seconds,
      score: 0,
      questionType: question.multiple ? 2 : 1,
      isBonus: question.bonus ? 1 : 0,
      options: optionList(question.options, withImages ? swatches : []),
      answer: question.answer,
    });
  }

  const levelGame = await q.insertGame(db, {
    companyId: options.companyId,
    title: '台灣文化闖關賽（示範）',
    type: 2,
    status: 1,
    pin: levelPin,
    startTime: now,
    endTime: new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000),
  });
  await q.upsertLevel(db, levelGame.id, 1, 20);
  await q.upsertLevel(db, levelGame.id, 2, null);
  const levelIds = new Map((await q.listLevels(db, levelGame.id)).map((l) => [l.level, l.id]));
  for (const [index, question] of levelQuestions.entries()) {
    await q.insertQuestion(db, {
      triviaGameId: levelGame.id,
      sort: index + 1,
      title: question.title,
      questionText: question.text,
      levelId: levelIds.get(question.level ?? 1) ?? null,
      haveAnsweringTime: question.noTimeLimit ? 0 : 1,
      answeringTime: question.seconds,
      score: question.score ?? 0,
      questionType: question.multiple ? 2 : 1,
      isBonus: 0,
      options: optionList(question.options),
      answer: question.answer,
    });
  }
  return true;
}
