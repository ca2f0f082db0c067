/**
 * One upload at a time into the file store, as the server allows an admin one: a second file chosen
 * or dropped while one is on its way is refused with the shared rule's sentence, as are a name, a
 * type or a size the shared rules refuse (the server's upload limit, from its last list) — all before
 * a byte is sent. A name the directory already holds asks "replace?" first (and again if the server
 * finds it first: someone else uploaded it meanwhile), then sends with replace=1. Progress carries the
 * bytes sent and the speed; `cancel` aborts. The server's 422 (content not of its type…) becomes the
 * problem shown; the API client shows everything else.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/app/api/api';
import { createSpeedMeter } from '@/app/api/upload';
import { dialogs } from '@/app/components/ui/dialogs';
import { savedMessage } from '@/app/lib/feedback';
import { checkFileName } from '@/domain/file-names';
import { fileTypeOf, formatFileSize } from '@/domain/file-types';
import { type FileEntry, fileApi } from '../api/files';
import { useDomainText } from '../lib/domain-text';

export interface RunningUpload {
  name: string;
  directory: string;
  size: number;
  /** Bytes of the form sent, of `total`. */
  loaded: number;
  total: number;
  /** Bytes per second lately; null until measurable. */
  speed: number | null;
}

export interface UploadProblem {
  name: string;
  message: string;
}

interface UploadSettings {
  uploadLimit: number;
  /** The listed entries of a directory, to know a name is taken before sending. */
  entriesOf: (directory: string) => readonly FileEntry[] | undefined;
  /** A file arrived in `directory`. */
  onUploaded: (directory: string) => void;
}

export function useFileUpload({ uploadLimit, entriesOf, onUploaded }: UploadSettings) {
  const { t } = useTranslation('file');
  const { t: common } = useTranslation();
  const domain = useDomainText();
  const [running, setRunning] = useState<RunningUpload | null>(null);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  // Synchronous, unlike the state: two files chosen in one moment still meet the one-at-a-time rule.
  const busy = useRef(false);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page would cut the upload off: the browser asks first.
  useEffect(() => {
    if (!running) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = t('upload.leaveWarning');
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [running, t]);

  const pathLabel = (directory: string) => (directory === '' ? t('root') : directory);
  const confirmReplace = (name: string, directory: string) =>
    dialogs.confirm({
      title: t('upload.replaceTitle'),
      message: t('upload.replaceMessage', { name, path: pathLabel(directory) }),
      confirmLabel: t('upload.replace'),
      cancelLabel: common('common.cancel'),
    });

  /** Why the rules refuse `file` before sending, or null. */
  function refusal(file: File): string | null {
    const name = checkFileName(file.name);
    if (!name.ok) return domain(name.key, name.params);
    if (!fileTypeOf(name.name)) return domain('file.typeNotAllowed');
    if (file.size > uploadLimit) return domain('file.tooLarge', { limit: formatFileSize(uploadLimit) });
    if (file.size === 0) return domain('file.empty');
    return null;
  }

  async function send(file: File, name: string, directory: string, replace: boolean): Promise<void> {
    const abort = new AbortController();
    controller.current = abort;
    const speedOf = createSpeedMeter();
    const show = (loaded: number, total: number | null) =>
      setRunning({ name, directory, size: file.size, loaded, total: total ?? file.size, speed: speedOf(loaded) });
    show(0, null);
    try {
      await fileApi.upload(directory, file, { replace, signal: abort.signal, onProgress: ({ loaded, total }) => show(loaded, total) });
      savedMessage(t('upload.done', { name }));
      onUploaded(directory);
    } catch (error) {
      if (isApiError(error, 'aborted')) {
        savedMessage(t('upload.cancelled', { name }));
        return;
      }
      if (!isApiError(error, 'validation')) return; // shown by the API client
      const messages = [...(error.fields.file ?? []), ...(error.fields.directory ?? [])];
      if (!replace && messages.includes(domain('file.alreadyExists', { name }))) {
        setRunning(null);
        if (await confirmReplace(name, directory)) await send(file, name, directory, true);
        return;
      }
      setProblem({ name, message: messages.join(' ') || error.message });
    }
  }

  /** Uploads `file` into `directory`, or says why not. */
  async function start(file: File, directory: string): Promise<void> {
    if (busy.current) {
      setProblem({ name: file.name, message: domain('file.alreadyUploading') });
      return;
    }
    const refused = refusal(file);
    if (refused) {
      setProblem({ name: file.name, message: refused });
      return;
    }
    const name = checkFileName(file.name).ok ? file.name.normalize('NFC') : file.name;
    setProblem(null);
    busy.current = true;
    try {
      const taken = entriesOf(directory)?.find((entry) => entry.name === name);
      if (taken?.type === 'directory') {
        setProblem({ name, message: domain('file.alreadyExists', { name }) });
        return;
      }
      if (taken && !(await confirmReplace(name, directory))) return;
      await send(file, name, directory, taken !== undefined);
    } finally {
      busy.current = false;
      controller.current = null;
      setRunning(null);
    }
  }

  return {
    running,
    problem,
    start,
    cancel: () => controller.current?.abort(),
    /** Shows a refusal of the screen's own (several files dropped at once). */
    refuse: (name: string, message: string) => setProblem({ name, message }),
    dismiss: () => setProblem(null),
  };
}
