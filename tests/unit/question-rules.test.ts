/**
 * The shared question rules (docs/product.md) as the dialog and the server meet them: every rule with its
 * message in both languages, the defaults of a new question, answer ticking, type change, option
 * relettering, and the promotion score of each level but the last.
 */
import { describe, expect, it } from 'vitest';
import { PLAYER_CAP_MAX, PLAYER_CAP_MIN, validateGame } from '@/domain/game-rules';
import { domainMessageKeys, formatDomainMessage, type DomainMessageKey } from '@/domain/messages';
import {
  addOption,
  applyGameType,
  canAddOption,
  canRemoveOption,
  changeQuestionType,
  defaultQuestionDraft,
  DEFAULT_SLIDER,
  moveInOrder,
  keepDigits,
  removeOption,
  reletterOptions,
  toggleAnswer,
  validatePromotionScores,
  validateQuestion,
  type QuestionDraft,
  type QuestionRulesContext,
} from '@/domain/question-rules';

/** A question that breaks no rule: text options, A correct. */
const valid = (changes: Partial<QuestionDraft> = {}): QuestionDraft => ({
  ...defaultQuestionDraft(),
  title: '台灣最高峰',
  question_text: '台灣最高的山是哪一座？',
  level_id: 7,
  options: [
    { title: 'A', text: '玉山', img: '' },
    { title: 'B', text: '雪山', img: '' },
  ],
  answer: ['A'],
  ...changes,
});

const speed: QuestionRulesContext = { gameType: 1 };
const levels: QuestionRulesContext = { gameType: 2, levelIds: [7, 8] };
const img = (name: string) => `/files/images/2026-01/${name}.png`;

describe('validateQuestion', () => {
  it('accepts a complete question for both game types', () => {
    expect(validateQuestion(valid(), speed)).toEqual({});
    expect(validateQuestion(valid(), levels)).toEqual({});
  });

  const cases: Array<{ rule: string; draft: QuestionDraft; context?: QuestionRulesContext; errors: Record<string, DomainMessageKey[]> }> = [
    { rule: 'title required', draft: valid({ title: '' }), errors: { title: ['question.titleRequired'] } },
    { rule: 'title of blanks only', draft: valid({ title: '   ' }), errors: { title: ['question.titleRequired'] } },
    { rule: 'level required for type 2', draft: valid({ level_id: 0 }), context: levels, errors: { level_id: ['question.levelRequired'] } },
    { rule: 'no level needed for type 1', draft: valid({ level_id: 0 }), context: speed, errors: {} },
    { rule: 'level of another game', draft: valid({ level_id: 99 }), context: levels, errors: { level_id: ['question.levelNotInGame'] } },
    {
      rule: 'question text or image',
      draft: valid({ question_text: ' ', question_img: '' }),
      errors: { question_text: ['question.textOrImageRequired'] },
    },
    { rule: 'image instead of text', draft: valid({ question_text: '', question_img: img('q') }), errors: {} },
    {
      rule: 'some option has text: every option needs text',
      draft: valid({
        options: [
          { title: 'A', text: '玉山', img: '' },
          { title: 'B', text: '', img: '' },
          { title: 'C', text: '', img: '' },
        ],
      }),
      errors: { 'options.1.text': ['question.optionTextRequired'], 'options.2.text': ['question.optionTextRequired'] },
    },
    {
      rule: 'no option has text or image',
      draft: valid({
        options: [
          { title: 'A', text: '', img: '' },
          { title: 'B', text: ' ', img: '' },
        ],
      }),
      errors: { options: ['question.optionContentRequired'] },
    },
    {
      rule: 'some option has an image: every option needs one',
      draft: valid({
        options: [
          { title: 'A', text: '', img: img('a') },
          { title: 'B', text: '', img: '' },
        ],
      }),
      errors: { 'options.1.img': ['question.optionImageRequired'] },
    },
    {
      rule: 'image options only',
      draft: valid({
        options: [
          { title: 'A', text: '', img: img('a') },
          { title: 'B', text: '', img: img('b') },
        ],
      }),
      errors: {},
    },
    {
      rule: 'text on one option, image on another: both rules apply',
      draft: valid({
        options: [
          { title: 'A', text: '紅', img: '' },
          { title: 'B', text: '', img: img('b') },
        ],
      }),
      errors: { 'options.1.text': ['question.optionTextRequired'], 'options.0.img': ['question.optionImageRequired'] },
    },
    { rule: 'at least one correct option', draft: valid({ answer: [] }), errors: { answer: ['question.answerRequired'] } },
    { rule: 'single choice: exactly one answer', draft: valid({ answer: ['A', 'B'] }), errors: { answer: ['question.singleAnswer'] } },
    { rule: 'multiple choice: several answers', draft: valid({ question_type: 2, answer: ['A', 'B'] }), errors: {} },
    { rule: 'answer names a missing option', draft: valid({ answer: ['C'] }), errors: { answer: ['question.answerUnknownOption'] } },
    {
      rule: 'fewer than 2 options',
      draft: valid({ options: [{ title: 'A', text: '玉山', img: '' }] }),
      errors: { options: ['question.optionsCount'] },
    },
    {
      rule: 'more than 4 options',
      draft: valid({
        options: [...'ABCD', 'A'].map((title) => ({ title: title as 'A', text: 'x', img: '' })),
      }),
      errors: { options: ['question.optionsCount'] },
    },
    {
      rule: 'options lettered A-D in order',
      draft: valid({
        options: [
          { title: 'B', text: '玉山', img: '' },
          { title: 'A', text: '雪山', img: '' },
        ],
      }),
      errors: { options: ['question.optionsLettered'] },
    },
    { rule: 'answering seconds at least 1', draft: valid({ answering_time: 0 }), errors: { answering_time: ['question.answeringTimeRange'] } },
    { rule: 'answering seconds at most 3600', draft: valid({ answering_time: 3601 }), errors: { answering_time: ['question.answeringTimeRange'] } },
    { rule: 'answering seconds 3600', draft: valid({ answering_time: 3600 }), errors: {} },
    { rule: 'whole seconds only', draft: valid({ answering_time: 1.5 }), errors: { answering_time: ['question.answeringTimeRange'] } },
    {
      rule: 'seconds not checked when the time limit is off (type 2)',
      draft: valid({ have_answering_time: 0, answering_time: 0 }),
      context: levels,
      errors: {},
    },
    {
      rule: 'a speed contest always limits the time',
      draft: valid({ have_answering_time: 0, answering_time: 0 }),
      context: speed,
      errors: { answering_time: ['question.answeringTimeRange'] },
    },
    { rule: 'score minimum 0', draft: valid({ score: -1 }), errors: { score: ['question.scoreMin'] } },
    { rule: 'score 0', draft: valid({ score: 0 }), errors: {} },
  ];

  it.each(cases)('$rule', ({ draft, context, errors }) => {
    expect(validateQuestion(draft, context ?? levels)).toEqual(errors);
  });

  it('reports every broken rule of an empty new question at once', () => {
    expect(validateQuestion(defaultQuestionDraft(), { gameType: 2, levelIds: [1] })).toEqual({
      title: ['question.titleRequired'],
      level_id: ['question.levelRequired'],
      question_text: ['question.textOrImageRequired'],
      options: ['question.optionContentRequired'],
      answer: ['question.answerRequired'],
    });
  });
});

describe('messages', () => {
  const expected: Array<[DomainMessageKey, string, string]> = [
    ['question.titleRequired', '請輸入標題', 'Please enter a title'],
    ['question.levelRequired', '請選擇關卡', 'Please choose a level'],
    ['question.textOrImageRequired', '請輸入題目文字或選擇題目圖片', 'Please enter the question text or choose a question image'],
    ['question.optionTextRequired', '請輸入答案', 'Please enter the answer'],
    ['question.optionContentRequired', '請輸入答案或選擇答案圖片', 'Please enter the answers or choose answer images'],
    ['question.optionImageRequired', '請選擇題目圖片', 'Please choose an image'],
    ['question.answerRequired', '請至少選擇一個答案', 'Please choose at least one answer'],
    ['question.levelNotInGame', '所選的關卡不屬於此遊戲', 'The chosen level does not belong to this game'],
    ['question.singleAnswer', '單選題只能選擇一個答案', 'A single-choice question has exactly one answer'],
    ['question.answerUnknownOption', '答案只能是現有的選項', 'Answers can only name existing options'],
    ['question.optionsCount', '選項需有 2 到 4 個', 'There must be 2 to 4 options'],
    ['question.optionsLettered', '選項需依序標示為 A 到 D', 'Options must be lettered A to D in order'],
    ['question.answeringTimeRange', '答題秒數需介於 1 到 3600 秒', 'Answering seconds must be between 1 and 3600'],
    ['question.scoreMin', '分數不可小於 0', 'The score cannot be less than 0'],
    // The kinds beyond single and multiple choice: our own words
    ['question.trueFalseAnswer', '請選擇「對」或「錯」為答案', 'Please choose True or False as the answer'],
    ['question.orderAnswer', '排序題的答案需依正確順序列出每個選項各一次', 'The answer of an ordering question lists every option once, in the right order'],
    ['question.acceptedAnswersCount', '請輸入 1 到 20 個可接受的答案', 'Please enter 1 to 20 accepted answers'],
    ['question.acceptedAnswerLength', '每個可接受的答案需為 1 到 60 個字', 'Each accepted answer has 1 to 60 characters'],
    ['question.acceptedAnswerRepeated', '可接受的答案重複了', 'An accepted answer is listed twice'],
    ['question.sliderRequired', '請設定滑桿的範圍與答案', "Please set the slider's range and answer"],
    ['question.sliderRange', '最大值需大於最小值', 'The maximum must be greater than the minimum'],
    ['question.sliderStep', '間距需大於 0，且最小值到最大值需為間距的整數倍', 'The step must be above 0 and divide the range from the minimum to the maximum'],
    ['question.sliderStepCount', '滑桿最多 10000 格', 'A slider has at most 10000 steps'],
    ['question.sliderAnswer', '答案需介於最小值與最大值之間，且落在間距上', 'The answer must be between the minimum and the maximum, on a step'],
    ['question.sliderTolerance', '容許誤差不可小於 0', 'The tolerance cannot be less than 0'],
    ['question.sliderUnit', '單位最多 20 個字', 'The unit has at most 20 characters'],
    ['game.titleRequired', '請輸入標題', 'Please enter a title'],
    ['game.openTimeOrder', '結束時間必須晚於開始時間', 'The end time must be later than the start time'],
    ['game.playerCapRange', '人數上限需介於 1 到 50000 人', 'The player cap must be between 1 and 50000'],
  ];

  it.each(expected)('%s reads %s / %s', (key, zh, en) => {
    expect(formatDomainMessage('zh-TW', key)).toBe(zh);
    expect(formatDomainMessage('en', key)).toBe(en);
  });

  it('fills the level number into the promotion-score message', () => {
    expect(formatDomainMessage('zh-TW', 'level.promotionScoreRequired', { n: 2 })).toBe('請輸入第 2 關的晉級分數');
    expect(formatDomainMessage('en', 'level.promotionScoreRequired', { n: 2 })).toBe('please enter the promotion score of level 2');
  });

  it('has a text in both languages for every key, and every question, level and game key is in the table above', () => {
    const tested = new Set([...expected.map(([key]) => key), 'level.promotionScoreRequired']);
    expect(domainMessageKeys.filter((key) => /^(question|level|game)\./.test(key) && !tested.has(key))).toEqual([]);
    for (const key of domainMessageKeys) {
      expect(formatDomainMessage('zh-TW', key).trim(), key).not.toBe('');
      expect(formatDomainMessage('en', key).trim(), key).not.toBe('');
    }
  });
});

describe('dialog helpers', () => {
  it('starts a new question as single choice, time limit on with 1 second, score 0, bonus 0, options A and B', () => {
    expect(defaultQuestionDraft()).toEqual({
      title: '',
      question_text: '',
      question_img: '',
      pre_video_url: '',
      level_id: 0,
      have_answering_time: 1,
      answering_time: 1,
      score: 0,
      question_type: 1,
      is_bonus: 0,
      options: [
        { title: 'A', text: '', img: '' },
        { title: 'B', text: '', img: '' },
      ],
      answer: [],
      accepted_answers: [],
      ignore_punctuation: 0,
      slider: null,
      explanation: '',
    });
  });

  it('changing the kind keeps what was typed, clears the answer and starts what the new kind needs', () => {
    const typed = valid({ answer: ['A'] });
    expect(changeQuestionType(typed, 6)).toMatchObject({ question_type: 6, answer: [], slider: DEFAULT_SLIDER, options: typed.options });
    expect(changeQuestionType(typed, 5)).toMatchObject({ question_type: 5, accepted_answers: [''] });
    expect(changeQuestionType({ ...typed, options: [] }, 4).options.map((o) => o.title)).toEqual(['A', 'B']);
  });

  it('moves an option of an ordering question along its correct order', () => {
    const draft = changeQuestionType(valid(), 7);
    const titles = draft.options.map((o) => o.title);
    const moved = moveInOrder(draft, titles[1]!, -1);
    expect(moved.answer).toEqual([titles[1], titles[0], ...titles.slice(2)]);
    expect(moveInOrder(moved, titles[1]!, -1)).toBe(moved); // already first
  });

  it('a content slide needs no options, no answer and no answering time; a video alone will do', () => {
    const slide = { ...defaultQuestionDraft(), title: 'Round 2', question_type: 8 as const, options: [], answering_time: 0, pre_video_url: 'https://example.com/v.mp4' };
    expect(validateQuestion(slide, { gameType: 1 })).toEqual({});
    expect(validateQuestion({ ...slide, pre_video_url: '' }, { gameType: 1 })).toEqual({ question_text: ['question.textOrImageRequired'] });
  });

  it('single choice: ticking an option clears the others; ticking it again unticks it', () => {
    let draft = valid({ answer: [] });
    draft = toggleAnswer(draft, 'A');
    expect(draft.answer).toEqual(['A']);
    draft = toggleAnswer(draft, 'B');
    expect(draft.answer).toEqual(['B']);
    expect(toggleAnswer(draft, 'B').answer).toEqual([]);
  });

  it('multiple choice: ticks add up, in option order', () => {
    let draft = valid({ question_type: 2, answer: [] });
    draft = toggleAnswer(toggleAnswer(draft, 'B'), 'A');
    expect(draft.answer).toEqual(['A', 'B']);
    expect(toggleAnswer(draft, 'A').answer).toEqual(['B']);
  });

  it('changing the question type clears the answer list', () => {
    const draft = changeQuestionType(valid({ question_type: 2, answer: ['A', 'B'] }), 1);
    expect(draft.question_type).toBe(1);
    expect(draft.answer).toEqual([]);
    expect(changeQuestionType(valid({ answer: ['A'] }), 2).answer).toEqual([]);
  });

  it('reletters options A-D in their order', () => {
    expect(reletterOptions([{ text: 'x', img: '' }, { text: 'y', img: 'i' }, { text: 'z', img: '' }]).map((o) => [o.title, o.text, o.img])).toEqual([
      ['A', 'x', ''],
      ['B', 'y', 'i'],
      ['C', 'z', ''],
    ]);
  });

  it('adds options up to four and removes them down to two, keeping the answers on their options', () => {
    let draft = valid();
    expect(canRemoveOption(draft)).toBe(false);
    draft = addOption(addOption(draft));
    expect(draft.options.map((o) => o.title)).toEqual(['A', 'B', 'C', 'D']);
    expect(canAddOption(draft)).toBe(false);
    expect(addOption(draft)).toBe(draft);
    draft = { ...draft, options: draft.options.map((o, i) => ({ ...o, text: `t${i}` })), question_type: 2, answer: ['A', 'C'] };
    const removed = removeOption(draft, 1);
    expect(removed.options).toEqual([
      { title: 'A', text: 't0', img: '' },
      { title: 'B', text: 't2', img: '' },
      { title: 'C', text: 't3', img: '' },
    ]);
    expect(removed.answer).toEqual(['A', 'B']);
    expect(removeOption(removeOption(removed, 0), 0).options).toHaveLength(2);
  });

  it("drops what the game's type does not use", () => {
    expect(applyGameType(valid({ have_answering_time: 0, level_id: 7, is_bonus: 1 }), 1)).toMatchObject({ have_answering_time: 1, level_id: 0, is_bonus: 1 });
    expect(applyGameType(valid({ have_answering_time: 0, level_id: 7, is_bonus: 1 }), 2)).toMatchObject({ have_answering_time: 0, level_id: 7, is_bonus: 0 });
  });
});

describe('promotion scores', () => {
  it('needs a score for every level except the last', () => {
    expect(
      validatePromotionScores([
        { level: 1, promotion_score: 20 },
        { level: 2, promotion_score: null },
        { level: 3, promotion_score: null },
      ]),
    ).toEqual([{ level: 2, key: 'level.promotionScoreRequired' }]);
  });

  it.each([
    ['empty', ''],
    ['not digits', '1a'],
    ['negative', -1],
    ['a fraction', 2.5],
    ['missing', undefined],
  ])('refuses a score that is %s', (_name, value) => {
    expect(validatePromotionScores([{ level: 1, promotion_score: value }, { level: 2, promotion_score: null }])).toEqual([
      { level: 1, key: 'level.promotionScoreRequired' },
    ]);
  });

  it('accepts digits and whole numbers, 0 included, and a single level with none', () => {
    expect(validatePromotionScores([{ level: 1, promotion_score: '0' }, { level: 2, promotion_score: 15 }, { level: 3, promotion_score: null }])).toEqual([]);
    expect(validatePromotionScores([{ level: 1, promotion_score: null }])).toEqual([]);
  });

  it('keeps only the digits typed', () => {
    expect(keepDigits('1a2-3.4 ')).toBe('1234');
  });
});

describe('validateGame', () => {
  it('needs a title', () => {
    expect(validateGame({ title: ' ', type: 1 })).toEqual({ title: ['game.titleRequired'] });
  });

  it('a level game closes after it opens', () => {
    const start = '2026-05-01T10:00:00.000Z';
    expect(validateGame({ title: 'x', type: 2, start_time: start, end_time: start })).toEqual({ end_time: ['game.openTimeOrder'] });
    expect(validateGame({ title: 'x', type: 2, start_time: start, end_time: '2026-05-01T09:00:00.000Z' })).toEqual({ end_time: ['game.openTimeOrder'] });
    expect(validateGame({ title: 'x', type: 2, start_time: start, end_time: '2026-05-01T11:00:00.000Z' })).toEqual({});
    expect(validateGame({ title: 'x', type: 2, start_time: start, end_time: null })).toEqual({});
  });

  it('takes a player cap of 1 to 50,000 whole players, or none (the default)', () => {
    expect([PLAYER_CAP_MIN, PLAYER_CAP_MAX]).toEqual([1, 50_000]);
    for (const player_cap of [undefined, 1, 10_000, 50_000]) expect(validateGame({ title: 'x', type: 1, player_cap })).toEqual({});
    for (const player_cap of [0, -5, 50_001, 1.5, Number.NaN]) {
      expect(validateGame({ title: 'x', type: 1, player_cap }), String(player_cap)).toEqual({ player_cap: ['game.playerCapRange'] });
    }
  });
});
