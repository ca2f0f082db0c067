/**
 * The question dialog's state and validation wiring: a fresh draft each time the dialog opens (the
 * defaults, or the question read by id), the rules' errors of src/domain/question-rules.ts shown once
 * a field was left (all of them after "save"), the server's 422 messages under their fields (the
 * rest above the form), and saving (create or update). The speaker notes travel beside the draft:
 * plain text for the operator alone, no rule of the question's applies to them (the server keeps
 * their length).
 */
import type { components } from '@openapi/admin-api';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataOf } from '@/app/api/api';
import { client } from '@/app/api/client';
import { useFormDialog } from '@/app/components/use-form-submit';
import { savedMessage } from '@/app/lib/feedback';
import { defaultQuestionDraft, type GameType, hasErrors, type QuestionDraft, validateQuestion } from '@/domain/question-rules';
import {
  domainLang,
  draftFromQuestion,
  formatFieldErrors,
  mergeMessages,
  questionBody,
  unplacedMessages,
  visibleErrors,
} from '../lib/question-form';

type Level = components['schemas']['Level'];

/** The fields the form shows a message under; the server's messages of any other go above the form. */
const PLACED =
  /^(title|level_id|question_text|question_img|pre_video_url|have_answering_time|answering_time|score|question_type|is_bonus|options|answer|options\.\d+\.(text|img)|accepted_answers(\.\d+)?|slider(\.(min|max|step|answer|tolerance|unit))?|explanation|notes)$/;

/** What a section of the question form is given. */
export interface QuestionFieldsProps {
  draft: QuestionDraft;
  gameType: GameType;
  set: <K extends keyof QuestionDraft>(field: K, value: QuestionDraft[K]) => void;
  touch: (field: string) => void;
  messagesOf: (field: string) => string[] | undefined;
}

export interface QuestionFormOptions {
  open: boolean;
  gameId: number;
  gameType: GameType;
  levels: readonly Level[];
  /** The question to update; null = a new question. */
  questionId: number | null;
  onClose: () => void;
  onSaved: () => void;
}

export function useQuestionForm({ open, gameId, gameType, levels, questionId, onClose, onSaved }: QuestionFormOptions) {
  const { t, i18n } = useTranslation('trivia');
  const lang = domainLang(i18n.language);
  const [draft, setDraft] = useState<QuestionDraft>(defaultQuestionDraft);
  const [notes, setNotes] = useState('');
  const [shown, setShown] = useState<'all' | ReadonlySet<string>>(() => new Set<string>());
  const [loading, setLoading] = useState(false);

  const levelIds = useMemo(() => levels.map((l) => l.id), [levels]);
  const ruleErrors = useMemo(() => validateQuestion(draft, { gameType, levelIds }), [draft, gameType, levelIds]);
  // A fresh form each time the dialog opens (or opens on another question): the defaults, or the
  // question loaded by id.
  const form = useFormDialog({
    open,
    record: questionId,
    reset: () => {
      setShown(new Set());
      setDraft(defaultQuestionDraft());
      setNotes('');
      setLoading(questionId !== null);
    },
    submit: async () => {
      setShown('all');
      if (hasErrors(ruleErrors)) return;
      const body = { ...questionBody(draft, gameType), notes, trivia_game_id: gameId };
      if (questionId === null) await dataOf(client.POST('/question/create', { body }));
      else await dataOf(client.POST('/question/update', { body: { ...body, id: questionId } }));
      savedMessage(t('common.saved'));
      onSaved();
    },
  });
  // A question that cannot be read closes the dialog; onClose itself is not a reason to read again.
  const closeUnreadable = useEffectEvent(onClose);
  useEffect(() => {
    if (!open || questionId === null) return;
    let current = true;
    dataOf(client.POST('/question/detail', { body: { id: questionId } }))
      .then((data) => {
        if (!current) return;
        setDraft(draftFromQuestion(data.item));
        setNotes(data.item.notes);
      })
      .catch(() => current && closeUnreadable())
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [open, questionId]);

  const fieldMessages = mergeMessages(formatFieldErrors(visibleErrors(ruleErrors, shown), lang), form.errors);
  const messagesOf = (field: string) => fieldMessages[field];
  const otherMessages = unplacedMessages(form.errors, (field) => PLACED.test(field));

  // Functional updates: an image upload finishes later and must not undo what was typed meanwhile.
  const update = (change: (current: QuestionDraft) => QuestionDraft) => {
    setDraft(change);
    form.clear();
  };
  const set = <K extends keyof QuestionDraft>(field: K, value: QuestionDraft[K]) => update((current) => ({ ...current, [field]: value }));
  const touch = (field: string) => setShown((prev) => (prev === 'all' || prev.has(field) ? prev : new Set([...prev, field])));

  const changeNotes = (value: string) => {
    setNotes(value);
    form.clear('notes');
  };

  const fields: QuestionFieldsProps = { draft, gameType, set, touch, messagesOf };
  return { fields, update, otherMessages, loading, form, notes: { value: notes, change: changeNotes } };
}
