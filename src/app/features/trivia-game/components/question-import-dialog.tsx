/**
 * Import questions into a game from a sheet (issue 35), on the shared sheet import
 * (components/sheet-import): our template or Kahoot's quiz spreadsheet, checked by the server's dry run
 * and shown with every problem in its cell (./question-import-preview.tsx), then imported all at once —
 * all or nothing, so the Import button waits until no row has an error — after the game's last question.
 * Loaded on first use (lazyDialog) to keep the page's JavaScript small.
 */
import { useTranslation } from 'react-i18next';
import { SheetImportDialog } from '@/app/components/sheet-import/sheet-import-dialog';
import { type QuestionImportData, questionBulkApi } from '../api/question-bulk';
import { QuestionImportPreview } from './question-import-preview';

export interface QuestionImportDialogProps {
  open: boolean;
  gameId: number;
  levelGame: boolean;
  onClose: () => void;
  onImported: () => void;
}

export function QuestionImportDialog({ open, gameId, levelGame, onClose, onImported }: QuestionImportDialogProps) {
  const { t } = useTranslation('trivia');
  return (
    <SheetImportDialog<QuestionImportData>
      open={open}
      onClose={onClose}
      onImported={onImported}
      layout="wide"
      labels={{
        title: t('sheetImport.title'),
        templateTitle: t('sheetImport.templateTitle'),
        templateHint: t('sheetImport.templateHint'),
        templateXlsx: t('sheetImport.templateXlsx'),
        templateCsv: t('sheetImport.templateCsv'),
        file: t('sheetImport.file'),
        fileHint: t('sheetImport.fileHint'),
        chooseFile: t('sheetImport.chooseFile'),
        chooseAnother: t('sheetImport.chooseAnother'),
        checking: t('sheetImport.checking'),
        summaryTitle: t('sheetImport.summaryTitle'),
        cancel: t('common.cancel'),
        close: t('common.close'),
      }}
      template={questionBulkApi.template}
      check={(file) => questionBulkApi.importSheet(gameId, file, true)}
      run={(file) => questionBulkApi.importSheet(gameId, file, false)}
      runButton={(data) =>
        data.invalid > 0 || data.total === 0
          ? { label: t('sheetImport.runBlocked'), enabled: false }
          : { label: t('sheetImport.run', { count: data.total }), enabled: true }
      }
      importingLabel={(data) => t('sheetImport.importing', { count: data.total })}
      summary={(data) => ({ text: t('sheetImport.summary', { count: data.created }), created: data.created > 0 })}
      preview={(data) => <QuestionImportPreview data={data} levelGame={levelGame} />}
    />
  );
}

export default QuestionImportDialog;
