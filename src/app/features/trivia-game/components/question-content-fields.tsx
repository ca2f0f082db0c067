/** The question dialog's content: title, level (level games), question text, image and pre-video. */
import { Grid, GridItem, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import type { components } from '@openapi/admin-api';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/app/components/form-field';
import { ImageField } from './image-field';
import type { QuestionFieldsProps } from './use-question-form';

type Level = components['schemas']['Level'];

/** The suggested size of a question's image (width*height, px). */
export const QUESTION_IMAGE_SIZE = '981*555';

export function QuestionContentFields({ draft, gameType, levels, set, touch, messagesOf }: QuestionFieldsProps & { levels: readonly Level[] }) {
  const { t } = useTranslation('trivia');
  return (
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
  );
}
