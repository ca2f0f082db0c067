/** The big "Submit answer" button the inputs that need one share (busy while the answer is on its way). */
import { useT } from '@/audience/i18n';

export function SubmitButton({ disabled, submitting, onClick }: { disabled: boolean; submitting: boolean; onClick?: () => void }) {
  const t = useT();
  return (
    <button type={onClick ? 'button' : 'submit'} className="primary big submit" disabled={disabled} aria-busy={submitting} onClick={onClick}>
      {submitting ? t('question.sending') : t('question.submit')}
    </button>
  );
}
