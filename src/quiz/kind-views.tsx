/**
 * What the big screen shows of each question kind (question-kinds/labels.ts `input`): while answering,
 * the options (true/false as 對 / 錯; ordering's items by letter, which the editor gave out of order),
 * "type your answer" or the slider's scale; after the answer, the kind's reveal — the chart of answers
 * or votes, the accepted answers and the most frequent typed ones, the histogram with the answer
 * marked, the correct order — and the explanation. A content slide is shown full screen, alone.
 * Every fact comes from the server (../audience/api's DisplayQuestion); nothing is judged here.
 */
import type { PlaySchemas } from '@/audience/api';
import { currentLanguage, useT } from '@/audience/i18n';
import { formatValue, hasFixedNames, optionName, optionText, type KindQuestionView } from '@/audience/question-view';
import { kindLabelOf } from '@/domain/question-kinds/labels';
import { ExplanationText, hasExplanation } from '@/audience/explanation-text';
import { answerBars, histogramBars } from './display-state';

type Question = PlaySchemas['PublicQuestion'];

const viewOf = (question: Question): KindQuestionView => ({ type: question.question_type, options: question.options, slider: question.slider });

/** The question's answer area while players answer. */
export function QuestionBody({ question }: { question: Question }) {
  const t = useT();
  const kind = kindLabelOf(question.question_type);
  if (kind.input === 'text') {
    return (
      <p className="d-prompt" data-testid="type-prompt">
        ⌨ {t('question.typeYourAnswer')}
      </p>
    );
  }
  if (kind.input === 'value') {
    const scale = question.slider ?? { min: 0, max: 100, step: 1, unit: '' };
    const lang = currentLanguage();
    return (
      <div className="d-scale" data-testid="slider-scale">
        <span className="d-scale-end">{formatValue(scale.min, scale.unit, lang)}</span>
        <span className="d-scale-track" aria-hidden="true" />
        <span className="d-scale-end">{formatValue(scale.max, scale.unit, lang)}</span>
        <p className="d-scale-hint">{t('question.pickValue')}</p>
      </div>
    );
  }
  const fixed = hasFixedNames(question.question_type);
  return (
    <>
      {kind.input === 'order' ? <p className="d-hint">{t('question.orderOnPhone')}</p> : null}
      <ol className={`d-options n${question.options.length}${fixed ? ' true-false' : ''}`} data-testid="display-options">
        {question.options.map((o) => (
          <li key={o.title} className={`d-option opt-${o.title}`}>
            {fixed ? null : <span className="letter">{o.title}</span>}
            <span className="text">{optionText(viewOf(question), o.title, t)}</span>
            {o.img && !fixed ? <img src={o.img} alt="" /> : null}
          </li>
        ))}
      </ol>
    </>
  );
}

/** A content slide, full screen: title, text, image or video; no countdown, no answers. */
export function SlideView({ question }: { question: Question }) {
  return (
    <section className="slide-view" data-testid="display-slide">
      <h1 className="slide-title">{question.title}</h1>
      {question.question_text && question.question_text !== question.title ? <p className="slide-text">{question.question_text}</p> : null}
      {question.pre_video_url ? (
        <video className="slide-media" src={question.pre_video_url} autoPlay muted playsInline controls data-testid="slide-video" />
      ) : question.question_img ? (
        <img className="slide-media" src={question.question_img} alt="" />
      ) : null}
    </section>
  );
}

function OptionChart({ question }: { question: PlaySchemas['DisplayQuestion'] }) {
  const t = useT();
  const scored = kindLabelOf(question.question.question_type).scored;
  const fixed = hasFixedNames(question.question.question_type);
  return (
    <div className="chart" data-testid="answer-chart">
      {answerBars(question).map((bar) => (
        <div
          key={bar.title}
          className={`bar-col opt-${bar.title}${bar.correct ? ' correct' : scored ? ' dim' : ''}`}
          data-option={bar.title}
          data-correct={bar.correct}
          data-count={bar.count}
        >
          <span className="bar-count">{scored ? t('answer.count', { count: bar.count }) : t('answer.votes', { count: bar.count })}</span>
          <div className="bar-track">
            <div className="bar" style={{ height: `${Math.max(2, bar.share * 100)}%` }} />
          </div>
          <div className="bar-label">
            {fixed ? null : <span className="letter">{bar.title}</span>}
            <span className="text">{optionText(viewOf(question.question), bar.title, t)}</span>
            {bar.correct ? <span className="correct-mark">✓ {t('answer.correct')}</span> : null}
          </div>
        </div>
      ))}
    </div>
  );
}

function TypedReveal({ reveal }: { reveal: PlaySchemas['Reveal'] | null }) {
  const t = useT();
  return (
    <div className="typed-reveal">
      <div className="accepted" data-testid="accepted-answers">
        <h2>{t('answer.accepted')}</h2>
        <p className="accepted-list">{(reveal?.accepted_answers ?? []).join('、')}</p>
      </div>
      <div className="typed-top" data-testid="typed-top">
        <h2>{t('answer.mostTyped')}</h2>
        {reveal && reveal.typed.length > 0 ? (
          <ol>
            {reveal.typed.map((entry) => (
              <li key={entry.text}>
                <span className="typed-text">{entry.text}</span>
                <span className="typed-count">{t('answer.times', { count: entry.count })}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="muted-line">{t('answer.noneTyped')}</p>
        )}
      </div>
    </div>
  );
}

function SliderReveal({ question }: { question: PlaySchemas['DisplayQuestion'] }) {
  const t = useT();
  const lang = currentLanguage();
  const unit = question.question.slider?.unit ?? '';
  const reveal = question.reveal;
  const bars = histogramBars(reveal);
  return (
    <div className="slider-reveal">
      {reveal?.slider_answer !== null && reveal?.slider_answer !== undefined ? (
        <p className="slider-answer" data-testid="slider-answer">
          {t('answer.sliderAnswer', { value: formatValue(reveal.slider_answer, unit, lang) })}
          {reveal.slider_tolerance ? <span className="tolerance"> {t('answer.tolerance', { tolerance: formatValue(reveal.slider_tolerance, unit, lang) })}</span> : null}
        </p>
      ) : null}
      <div className="histogram" data-testid="histogram">
        {bars.map((bar) => (
          <div key={bar.from} className={`h-col${bar.holdsAnswer ? ' holds-answer' : ''}`} data-count={bar.count} data-answer={bar.holdsAnswer}>
            <span className="h-count">{bar.count}</span>
            <div className="h-track">
              <div className="h-bar" style={{ height: `${Math.max(2, bar.share * 100)}%` }} />
            </div>
            <span className="h-label">
              {formatValue(bar.from, '', lang)}–{formatValue(bar.to, '', lang)}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}

function OrderReveal({ question }: { question: PlaySchemas['DisplayQuestion'] }) {
  const t = useT();
  return (
    <div className="order-reveal">
      <h2>{t('answer.correctOrder')}</h2>
      <ol className="order-list" data-testid="correct-order">
        {(question.answer ?? []).map((title) => (
          <li key={title} className={`d-option opt-${title}`}>
            {optionName(viewOf(question.question), title, t)}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The kind's reveal once the answer is published. */
export function RevealBody({ question }: { question: PlaySchemas['DisplayQuestion'] }) {
  const input = kindLabelOf(question.question.question_type).input;
  if (input === 'text') return <TypedReveal reveal={question.reveal} />;
  if (input === 'value') return <SliderReveal question={question} />;
  if (input === 'order') return <OrderReveal question={question} />;
  return <OptionChart question={question} />;
}

/** The explanation after the answer: the server's sanitized rich text (src/audience/explanation-text.tsx). */
export function Explanation({ html }: { html: string | undefined }) {
  const t = useT();
  if (!html || !hasExplanation(html)) return null;
  return (
    <aside className="explanation" data-testid="display-explanation">
      <h2>{t('answer.explanation')}</h2>
      <ExplanationText html={html} />
    </aside>
  );
}
