/**
 * The gate of every page whose address names a record (`/triviaGame/update/:id`, `/triviaGame/start/:id`):
 * the id must be a positive integer (a database id, int4) and the server must know it before the
 * page mounts, so a bad address shows one clear not-found state with a way back — never a blank page,
 * an empty list or a realtime connection to a game that does not exist. The page gets the loaded
 * record; it never sees a missing one.
 * Words arrive translated from the caller (it knows what the record is); the load is the caller's
 * (components never import a feature). Any other failure (network, 500, no permission) shows its
 * message with a retry, the API client having shown what its catalogue says.
 */
import { Alert, Button, Card, EmptyState, VStack } from '@chakra-ui/react';
import { type ReactNode, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft, LuSearchX } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { isApiError } from '@/app/api/api';
import { PageSpinner } from './page-spinner';

/** The largest id a record can have (PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

/** `'12'` → 12; anything but a positive integer written plainly (`-1`, `abc`, `1.5`, `01`, `1e3`, too big) → null. */
export function parseRecordId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}

/** HTTP 404 or the envelope's 404 (docs/api-conventions.md: unknown route or record). */
export function isNotFoundError(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.code === 404);
}

export interface NotFoundWords {
  /** "This game does not exist or was deleted" */
  title: string;
  description: string;
  /** Where the way back leads, and what its button says. */
  backTo: string;
  backLabel: string;
}

/** The not-found state itself, for a page that finds out on its own. */
export function RecordNotFound({ title, description, backTo, backLabel }: NotFoundWords) {
  return (
    <Card.Root size="sm" variant="outline" bg="bg" data-testid="record-not-found">
      <Card.Body>
        <EmptyState.Root size={{ base: 'sm', md: 'md' }}>
          <EmptyState.Content>
            <EmptyState.Indicator>
              <LuSearchX />
            </EmptyState.Indicator>
            <VStack textAlign="center">
              <EmptyState.Title as="h1">{title}</EmptyState.Title>
              <EmptyState.Description>{description}</EmptyState.Description>
            </VStack>
            <Button asChild size="sm" colorPalette="brand">
              <RouterLink to={backTo}>
                <LuArrowLeft />
                {backLabel}
              </RouterLink>
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      </Card.Body>
    </Card.Root>
  );
}

type Loaded<T> = { status: 'loading' } | { status: 'found'; record: T } | { status: 'notFound' } | { status: 'failed'; message: string };

interface RecordGuardProps<T> {
  /** The address's id as typed (`useParams().id`). */
  id: string | undefined;
  /** Reads the record; must reject with the API client's error (a 404 means not found). */
  load: (id: number, signal: AbortSignal) => Promise<T>;
  notFound: NotFoundWords;
  children: (record: T, id: number) => ReactNode;
}

export function RecordGuard<T>({ id: rawId, load, notFound, children }: RecordGuardProps<T>) {
  const { t } = useTranslation();
  const id = parseRecordId(rawId);
  const [attempt, setAttempt] = useState(0);
  // What the read of this id and attempt found; a newer id or a retry shows the spinner until its own answer.
  const [loaded, setLoaded] = useState<Loaded<T> & { id: number | null; attempt: number }>({ status: 'loading', id: null, attempt });
  // `load` is the caller's inline function: only the id and a retry read again.
  const read = useEffectEvent(load);

  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    read(id, controller.signal).then(
      (record) => setLoaded({ status: 'found', record, id, attempt }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isNotFoundError(error)) setLoaded({ status: 'notFound', id, attempt });
        else setLoaded({ status: 'failed', message: error instanceof Error ? error.message : String(error), id, attempt });
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  if (id === null) return <RecordNotFound {...notFound} />;
  if (loaded.id !== id || loaded.attempt !== attempt || loaded.status === 'loading') return <PageSpinner />;
  if (loaded.status === 'notFound') return <RecordNotFound {...notFound} />;
  if (loaded.status === 'failed') {
    return (
      <Alert.Root status="error" size="sm" data-testid="record-load-failed">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('record.loadFailed')}</Alert.Title>
          {loaded.message && <Alert.Description>{loaded.message}</Alert.Description>}
        </Alert.Content>
        <Button size="xs" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
          {t('record.retry')}
        </Button>
      </Alert.Root>
    );
  }
  return <>{children(loaded.record, id)}</>;
}
