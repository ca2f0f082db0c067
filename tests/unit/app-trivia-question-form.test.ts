/**
 * The question dialog's glue to the shared rules (src/app/features/trivia-game/lib/question-form.ts):
 * a stored question round-trips into a draft, the body drops what the game type does not use, rule
 * keys become the domain's sentences in the UI language, only touched fields show errors before the
 * first save, server messages merge without repeats, and only images are uploaded.
 */
import { describe, expect, it } from 'vitest';
import { defaultQuestionDraft, validateQuestion } from '@/domain/question-rules';
import {
  domainLang,
  draftFromQuestion,
  formatFieldErrors,
  isImageFile,
  mergeMessages,
  questionBody,
  unplacedMessages,
  visibleErrors,
} from '@/app/features/trivia-game/lib/question-form';

const stored = {
  id: 7,
  trivia_game_id: 3,
  title: '顏色題',
  question_text: '哪一個是黃色？',
  question_img: '',
  pre_video_url: '',
  level_id: 4,
  have_answering_time: 0 as const,
  answering_time: 20,
  score: 10,
  question_type: 1 as const,
  is_bonus: 0 as const,
  options: [
    { title: 'A' as const, text: '紅', img: '' },
    { title: 'B' as const, text: '黃', img: '' },
  ],
  answer: ['B' as const],
  status: 0 as const,
  sort: 1,
};

describe('question form glue', () => {
  it('turns a stored question into a draft the rules accept, without its id, status or order', () => {
    const draft = draftFromQuestion(stored);
    expect(draft).not.toHaveProperty('id');
    expect(draft).not.toHaveProperty('status');
    expect(validateQuestion(draft, { gameType: 2, levelIds: [4] })).toEqual({});
  });

  it('drops the level and keeps the time limit on for a speed contest; drops the bonus for a level game', () => {
    const draft = { ...draftFromQuestion(stored), is_bonus: 1 as const, title: '  顏色題 ' };
    expect(questionBody(draft, 1)).toMatchObject({ level_id: 0, have_answering_time: 1, is_bonus: 1, title: '顏色題' });
    expect(questionBody(draft, 2)).toMatchObject({ level_id: 4, have_answering_time: 0, is_bonus: 0 });
  });

  it('words rule errors with the domain messages in the UI language (the product wording in Chinese, word for word)', () => {
    const errors = validateQuestion(defaultQuestionDraft(), { gameType: 2 });
    const zh = formatFieldErrors(errors, domainLang('zh-TW'));
    expect(zh).toMatchObject({
      title: ['請輸入標題'],
      level_id: ['請選擇關卡'],
      question_text: ['請輸入題目文字或選擇題目圖片'],
      options: ['請輸入答案或選擇答案圖片'],
      answer: ['請至少選擇一個答案'],
    });
    expect(formatFieldErrors(errors, domainLang('en-US')).title).toEqual(['Please enter a title']);
  });

  it('shows only the touched fields before the first save, everything after', () => {
    const errors = validateQuestion(defaultQuestionDraft(), { gameType: 1 });
    expect(Object.keys(visibleErrors(errors, new Set()))).toEqual([]);
    expect(Object.keys(visibleErrors(errors, new Set(['title'])))).toEqual(['title']);
    expect(visibleErrors(errors, 'all')).toBe(errors);
  });

  it('merges server messages under the same field without repeating a sentence, and finds the ones no field shows', () => {
    expect(mergeMessages({ title: ['請輸入標題'] }, { title: ['請輸入標題', '太長'], sort: ['x'] })).toEqual({ title: ['請輸入標題', '太長'], sort: ['x'] });
    expect(unplacedMessages({ title: ['a'], trivia_game_id: ['b'] }, (field) => field === 'title')).toEqual(['b']);
  });

  it('accepts images only', () => {
    expect(isImageFile({ type: 'image/png' })).toBe(true);
    expect(isImageFile({ type: 'image/webp' })).toBe(true);
    expect(isImageFile({ type: 'text/plain' })).toBe(false);
    expect(isImageFile({ type: '' })).toBe(false);
  });
});
