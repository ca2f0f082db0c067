/**
 * The question create and update dialog (80 % wide). Every rule it applies comes from
 * src/domain/question-rules.ts — defaults, single-choice ticking, clearing the answers when the type
 * changes, adding, removing and relettering options, and validation — and every message from
 * src/domain/messages.ts, so the dialog and the server never disagree. The title is checked when it
 * is left, everything when the user saves; the server's 422 messages appear under their fields too.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Grid,
  GridItem,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Portal,
  RadioGroup,
  Separator,
  Spinner,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@chakra-ui/react';
import type { components } from '@openapi/admin-api';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { api, isApiError } from '@/app/api/api';
import { FormDialogFooter } from '@/app/components/form-dialog-footer';
import { FormField } from '@/app/components/form-field';
import { NumberField } from '@/app/components/number-field';
import { savedMessage } from '@/app/lib/feedback';
import {
  addOption,
  canAddOption,
  canRemoveOption,
  changeQuestionType,
  defaultQuestionDraft,
  type GameType,
  hasErrors,
  MAX_ANSWERING_SECONDS,
  MIN_ANSWERING_SECONDS,
  MIN_SCORE,
  type QuestionDraft,
  type QuestionType,
  removeOption,
  toggleAnswer,
  validateQuestion,
} from '@/domain/question-rules';
import {
  domainLang,
  draftFromQuestion,
  type FieldMessages,
  formatFieldErrors,
  mergeMessages,
  questionBody,
  unplacedMessages,
  visibleErrors,
} from '../lib/question-form';
import { ImageField } from './image-field';
import { isTimed } from '@/domain/timed';

type Level = components['schemas']['Level'];

export const QUESTION_IMAGE_SIZE = '981*555';
export const OPTION_IMAGE_SIZE = '462*462';

const PLACED = /^(title|level_id|question_text|question_img|pre_video_url|have_answering_time|answering_time|score|question_type|is_bonus|options|answer|options\.\d+\.(text|img))$/;

interface QuestionDialogProps {
  open: boolean;
  gameId: number;
  gameType: GameType;
  levels: readonly Level[];
  /** The question to update; null = a new question. */
  questionId: number | null;
  onClose: () => void;
  onSaved: () => void;
}

export function QuestionDialog({ open, gameId, gameType, levels, questionId, onClose, onSaved }: QuestionDialogProps) {
  const { t, i18n } = useTranslation('trivia');
  const lang = domainLang(i18n.language);
  const [draft, setDraft] = useState<QuestionDraft>(defaultQuestionDraft);
  const [shown, setShown] = useState<'all' | ReadonlySet<string>>(() => new Set<string>());
  const [serverFields, setServerFields] = useState<FieldMessages>({});
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);

  // A fresh form each time the dialog opens: the defaults, or the question loaded by id.
  useEffect(() => {
    if (!open) return;
    setShown(new Set());
    setServerFields({});
    setDraft(defaultQuestionDraft());
    if (questionId === null) return;
    let current = true;
    setLoading(true);
    api
      .post('/question/detail', { id: questionId })
      .then((data) => current && setDraft(draftFromQuestion(data.item)))
      .catch(() => current && onClose())
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
    // Only a newly opened dialog (or another question) reloads; onClose is not a reason to.
  }, [open, questionId]);

  const levelIds = useMemo(() => levels.map((l) => l.id), [levels]);
  const ruleErrors = useMemo(() => validateQuestion(draft, { gameType, levelIds }), [draft, gameType, levelIds]);
  const fieldMessages = mergeMessages(formatFieldErrors(visibleErrors(ruleErrors, shown), lang), serverFields);
  const messagesOf = (field: string) => fieldMessages[field];
  const otherMessages = unplacedMessages(serverFields, (field) => PLACED.test(field));

  // Functional updates: an image upload finishes later and must not undo what was typed meanwhile.
  const update = (change: (current: QuestionDraft) => QuestionDraft) => {
    setDraft(change);
    setServerFields({});
  };
  const set = <K extends keyof QuestionDraft>(field: K, value: QuestionDraft[K]) => update((current) => ({ ...current, [field]: value }));
  const touch = (field: string) => setShown((prev) => (prev === 'all' || prev.has(field) ? prev : new Set([...prev, field])));

  async function save() {
    setShown('all');
    if (hasErrors(ruleErrors)) return;
    setSaving(true);
    try {
      const body = { ...questionBody(draft, gameType), trivia_game_id: gameId };
      if (questionId === null) await api.post('/question/create', body);
      else await api.post('/question/update', { ...body, id: questionId });
      savedMessage(t('common.saved'));
      onSaved();
    } catch (error) {
      if (isApiError(error, 'validation')) setServerFields(error.fields);
    } finally {
      setSaving(false);
    }
  }

  const timeLimited = isTimed(gameType, draft.have_answering_time);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={({ open: isOpen }) => !isOpen && onClose()}
      scrollBehavior="inside"
      placement="center"
      closeOnInteractOutside={false}
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={{ base: '95vw', md: '80vw' }} maxW={{ base: '95vw', md: '80vw' }} data-testid="question-dialog">
            <Dialog.Header py="4">
              <Dialog.Title textStyle="lg">{questionId === null ? t('question.createTitle') : t('question.editTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
            <Dialog.Body pb="2">
              {loading ? (
                <HStack justify="center" py="16">
                  <Spinner colorPalette="brand" />
                </HStack>
              ) : (
                <form
                  id="question-form"
                  noValidate
                  onSubmit={(event) => {
                    event.preventDefault();
                    void save();
                  }}
                >
                  <Stack gap="5">
                    {otherMessages.length > 0 && (
                      <Alert.Root status="error" size="sm">
                        <Alert.Indicator />
                        <Alert.Title>{otherMessages.join(' ')}</Alert.Title>
                      </Alert.Root>
                    )}
                    <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
                      <FormField label={t('question.title')} required messages={messagesOf('title')} testId="field-title">
                        <Input
                          size="sm"
                          value={draft.title}
                          placeholder={t('question.titlePlaceholder')}
                          onChange={(e) => set('title', e.target.value)}
                          onBlur={() => touch('title')}
                        />
                      </FormField>
                      {gameType === 2 && (
                        <FormField label={t('question.level')} required messages={messagesOf('level_id')} testId="field-level">
                          <NativeSelect.Root size="sm">
                            <NativeSelect.Field value={String(draft.level_id)} onChange={(e) => set('level_id', Number(e.target.value))}>
                              <option value="0">{t('question.chooseLevel')}</option>
                              {levels.map((level) => (
                                <option key={level.id} value={level.id}>
                                  {t('question.levelN', { n: level.level })}
                                </option>
                              ))}
                            </NativeSelect.Field>
                            <NativeSelect.Indicator />
                          </NativeSelect.Root>
                        </FormField>
                      )}
                      <GridItem colSpan={{ base: 1, md: 2 }}>
                        <FormField label={t('question.questionText')} messages={messagesOf('question_text')} testId="field-question-text">
                          <Textarea
                            size="sm"
                            rows={3}
                            autoresize
                            value={draft.question_text}
                            placeholder={t('question.questionTextPlaceholder')}
                            onChange={(e) => set('question_text', e.target.value)}
                          />
                        </FormField>
                      </GridItem>
                      <FormField label={t('question.questionImg')} messages={messagesOf('question_img')}>
                        <ImageField
                          value={draft.question_img}
                          onChange={(path) => set('question_img', path)}
                          label={t('question.questionImg')}
                          suggestedSize={QUESTION_IMAGE_SIZE}
                          box={{ w: '9.8rem', h: '5.55rem' }}
                          testId="question-image"
                        />
                      </FormField>
                      <FormField label={t('question.preVideoUrl')} messages={messagesOf('pre_video_url')}>
                        <Input
                          size="sm"
                          type="url"
                          value={draft.pre_video_url}
                          placeholder={t('question.preVideoUrlPlaceholder')}
                          onChange={(e) => set('pre_video_url', e.target.value)}
                        />
                      </FormField>
                    </Grid>

                    <Separator />

                    <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }} gap="4" alignItems="start">
                      {gameType === 2 && (
                        <FormField label={t('question.haveAnsweringTime')} messages={messagesOf('have_answering_time')}>
                          <Switch.Root
                            size="sm"
                            colorPalette="brand"
                            checked={draft.have_answering_time === 1}
                            onCheckedChange={({ checked }) => set('have_answering_time', checked ? 1 : 0)}
                          >
                            <Switch.HiddenInput />
                            <Switch.Control />
                            <Switch.Label textStyle="sm" fontWeight="normal">
                              {draft.have_answering_time === 1 ? t('common.yes') : t('common.no')}
                            </Switch.Label>
                          </Switch.Root>
                        </FormField>
                      )}
                      {timeLimited && (
                        <FormField label={t('question.answeringTime')} required messages={messagesOf('answering_time')} helper={t('question.secondsRange')}>
                          <NumberField
                            label={t('question.answeringTime')}
                            min={MIN_ANSWERING_SECONDS}
                            max={MAX_ANSWERING_SECONDS}
                            value={draft.answering_time}
                            onChange={(value) => set('answering_time', value)}
                            onBlur={() => touch('answering_time')}
                          />
                        </FormField>
                      )}
                      {gameType === 2 && (
                        <FormField label={t('question.score')} messages={messagesOf('score')}>
                          <NumberField
                            label={t('question.score')}
                            min={MIN_SCORE}
                            value={draft.score}
                            onChange={(value) => set('score', value)}
                            onBlur={() => touch('score')}
                          />
                        </FormField>
                      )}
                      <FormField label={t('question.questionType')} messages={messagesOf('question_type')}>
                        <RadioGroup.Root
                          size="sm"
                          colorPalette="brand"
                          value={String(draft.question_type)}
                          onValueChange={({ value }) => value && update((current) => changeQuestionType(current, Number(value) as QuestionType))}
                        >
                          <HStack gap="4" minH="8" wrap="wrap">
                            {([1, 2] as const).map((type) => (
                              <RadioGroup.Item key={type} value={String(type)}>
                                <RadioGroup.ItemHiddenInput />
                                <RadioGroup.ItemIndicator />
                                <RadioGroup.ItemText textStyle="sm" whiteSpace="nowrap">{type === 1 ? t('question.single') : t('question.multiple')}</RadioGroup.ItemText>
                              </RadioGroup.Item>
                            ))}
                          </HStack>
                        </RadioGroup.Root>
                      </FormField>
                      {gameType === 1 && (
                        <FormField label={t('question.isBonus')} messages={messagesOf('is_bonus')}>
                          <Switch.Root size="sm" colorPalette="brand" checked={draft.is_bonus === 1} onCheckedChange={({ checked }) => set('is_bonus', checked ? 1 : 0)}>
                            <Switch.HiddenInput />
                            <Switch.Control />
                            <Switch.Label textStyle="sm" fontWeight="normal">
                              {draft.is_bonus === 1 ? t('common.yes') : t('common.no')}
                            </Switch.Label>
                          </Switch.Root>
                        </FormField>
                      )}
                    </Grid>

                    <Separator />

                    <OptionsEditor draft={draft} update={update} messagesOf={messagesOf} />
                  </Stack>
                </form>
              )}
            </Dialog.Body>
            <FormDialogFooter form="question-form" saving={saving} disabled={loading} onCancel={onClose} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface OptionsEditorProps {
  draft: QuestionDraft;
  update: (change: (current: QuestionDraft) => QuestionDraft) => void;
  messagesOf: (field: string) => string[] | undefined;
}

/** The 2–4 options A–D: correct-answer checkbox, text and image each; add and delete as the rules allow. */
function OptionsEditor({ draft, update, messagesOf }: OptionsEditorProps) {
  const { t } = useTranslation('trivia');
  const sectionMessages = [...(messagesOf('options') ?? []), ...(messagesOf('answer') ?? [])];
  return (
    <Stack gap="3" data-testid="options">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Stack gap="0">
          <Text fontWeight="semibold" textStyle="sm">
            {t('question.options')}
          </Text>
          <Text textStyle="xs" color="fg.muted">
            {t('question.optionsHint')}
          </Text>
        </Stack>
        {canAddOption(draft) && (
          <Button size="xs" variant="outline" colorPalette="brand" onClick={() => update(addOption)}>
            <LuPlus />
            {t('question.addOption')}
          </Button>
        )}
      </HStack>
      {sectionMessages.length > 0 && (
        <Text textStyle="xs" color="fg.error" data-testid="options-error">
          {sectionMessages.join(' ')}
        </Text>
      )}
      <Grid templateColumns={{ base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }} gap="3">
        {draft.options.map((option, index) => {
          const correct = draft.answer.includes(option.title);
          const change = (fields: Partial<typeof option>) =>
            update((current) => ({ ...current, options: current.options.map((o, i) => (i === index ? { ...o, ...fields } : o)) }));
          return (
            <Box
              key={index}
              borderWidth="1px"
              borderColor={correct ? 'green.muted' : 'border'}
              bg={correct ? 'green.subtle/40' : 'bg'}
              rounded="lg"
              p="3"
              data-testid={`option-${index}`}
            >
              <HStack justify="space-between" mb="2">
                <HStack gap="2">
                  <Badge size="md" colorPalette={correct ? 'green' : 'gray'} variant="solid" rounded="full" minW="6" justifyContent="center" data-testid="option-title">
                    {option.title}
                  </Badge>
                  <Checkbox.Root size="sm" colorPalette="green" checked={correct} onCheckedChange={() => update((current) => toggleAnswer(current, option.title))}>
                    <Checkbox.HiddenInput aria-label={`${t('question.option', { title: option.title })} ${t('question.correct')}`} />
                    <Checkbox.Control />
                    <Checkbox.Label textStyle="sm" fontWeight="normal">
                      {t('question.correct')}
                    </Checkbox.Label>
                  </Checkbox.Root>
                </HStack>
                {canRemoveOption(draft) && (
                  <IconButton
                    aria-label={t('question.removeOption', { title: option.title })}
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    onClick={() => update((current) => removeOption(current, index))}
                  >
                    <LuTrash2 />
                  </IconButton>
                )}
              </HStack>
              <Stack gap="2">
                <FormField messages={messagesOf(`options.${index}.text`)}>
                  <Input
                    size="sm"
                    aria-label={t('question.optionText', { title: option.title })}
                    placeholder={t('question.optionTextPlaceholder')}
                    value={option.text}
                    onChange={(e) => change({ text: e.target.value })}
                  />
                </FormField>
                <FormField messages={messagesOf(`options.${index}.img`)}>
                  <ImageField
                    value={option.img}
                    onChange={(path) => change({ img: path })}
                    label={t('question.optionImg', { title: option.title })}
                    suggestedSize={OPTION_IMAGE_SIZE}
                    box={{ w: '4.5rem', h: '4.5rem' }}
                    invalid={(messagesOf(`options.${index}.img`)?.length ?? 0) > 0}
                  />
                </FormField>
              </Stack>
            </Box>
          );
        })}
      </Grid>
    </Stack>
  );
}
