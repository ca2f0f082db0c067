/**
 * The details of one audit entry in a drawer from the end side: every field the server recorded —
 * when, who (id and username), company, operation (label and id), target, the summary in full, the
 * client address and user agent, the outcome and the answer's code — and a shortcut to narrow the
 * trail to that admin. It shows the row as listed; nothing is fetched.
 */
import { Badge, Button, DataList, Drawer, Portal, Text } from '@chakra-ui/react';
import { CloseButton } from '@/app/components/close-button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuUserSearch } from 'react-icons/lu';
import { type AuditEntry, OUTCOME_PALETTE, operationLabel, targetTypeLabel } from '../lib/operations';

interface AuditDetailDrawerProps {
  entry: AuditEntry | null;
  /** The company's name by id, as the trail shows it. */
  companyName: (id: number | null) => string;
  /** An instant as the trail shows it (the company's time zone, as in the CSV). */
  timeOf: (iso: string) => string;
  onClose: () => void;
  /** Narrows the trail to this entry's admin. */
  onOnlyAdmin: (adminId: number, username: string) => void;
}

export function AuditDetailDrawer({ entry, companyName, timeOf, onClose, onOnlyAdmin }: AuditDetailDrawerProps) {
  const { t } = useTranslation('audit');
  const none = t('detail.none');
  const rows: Array<[string, ReactNode]> = entry
    ? [
        [t('detail.id'), entry.id],
        [t('detail.time'), timeOf(entry.created_at)],
        [t('detail.username'), entry.username || t('unknownAdmin')],
        [t('detail.adminId'), entry.admin_id ?? none],
        [t('detail.company'), entry.company_id === null ? t('noCompany') : `${companyName(entry.company_id)} (#${entry.company_id})`],
        [t('detail.operation'), operationLabel(entry.operation, t)],
        [t('detail.operationId'), <Text as="span" fontFamily="mono" key="op">{entry.operation}</Text>],
        [
          t('detail.targetType'),
          entry.target_type ? (
            <Text as="span" key="type">
              {targetTypeLabel(entry.target_type, t)}{' '}
              <Text as="span" color="fg.muted" fontFamily="mono">
                ({entry.target_type})
              </Text>
            </Text>
          ) : (
            none
          ),
        ],
        [t('detail.targetId'), entry.target_id ?? none],
        [t('detail.summary'), <Text as="span" whiteSpace="pre-wrap" wordBreak="break-word" key="summary">{entry.summary || none}</Text>],
        [t('detail.ip'), entry.ip || none],
        [t('detail.userAgent'), <Text as="span" wordBreak="break-word" key="ua">{entry.user_agent || none}</Text>],
        [
          t('detail.outcome'),
          <Badge key="outcome" size="sm" variant="subtle" colorPalette={OUTCOME_PALETTE[entry.outcome]}>
            {t(`outcome.${entry.outcome}`)}
          </Badge>,
        ],
        [t('detail.code'), entry.code ?? none],
      ]
    : [];

  return (
    <Drawer.Root open={entry !== null} onOpenChange={({ open }) => !open && onClose()} placement="end" size={{ base: 'full', sm: 'md' }}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="audit-drawer">
            <Drawer.Header borderBottomWidth="1px" py="3">
              <Drawer.Title textStyle="md">{t('detail.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body py="4">
              <DataList.Root orientation="horizontal" size="sm" gap="3">
                {rows.map(([label, value]) => (
                  <DataList.Item key={label} alignItems="flex-start">
                    <DataList.ItemLabel minW="24" flexShrink={0}>
                      {label}
                    </DataList.ItemLabel>
                    <DataList.ItemValue minW="0">{value}</DataList.ItemValue>
                  </DataList.Item>
                ))}
              </DataList.Root>
            </Drawer.Body>
            {entry?.admin_id != null && (
              <Drawer.Footer borderTopWidth="1px" py="3" justifyContent="flex-start">
                <Button size="xs" variant="outline" onClick={() => onOnlyAdmin(entry.admin_id!, entry.username)}>
                  <LuUserSearch />
                  {t('detail.onlyThisAdmin')}
                </Button>
              </Drawer.Footer>
            )}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('detail.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
