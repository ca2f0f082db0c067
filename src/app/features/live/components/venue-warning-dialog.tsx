/**
 * The warning before opening the display from a loopback address with no public URL (issue 16): the
 * display would show and encode `localhost:…/play`, which no phone can reach. It offers this screen
 * on the machine's LAN addresses (POST /triviaGame/venue; the operator reopens the control screen
 * there, and the display then shows that address), the company settings where the public URL is set,
 * and opening the display anyway (a rehearsal on this machine).
 */
import { Button, Dialog, Link, List, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuExternalLink, LuTriangleAlert } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';
import { useResetOnOpen } from '@/app/hooks/use-reset-on-open';
import { loadVenue, type VenueData } from '../api/live-api';
import { sameScreenOn } from '../lib/venue';

interface VenueWarningDialogProps {
  open: boolean;
  gameId: number;
  onClose: () => void;
  /** Opens the display all the same (inside the click, so popup blockers let it through). */
  onOpenAnyway: () => void;
}

export function VenueWarningDialog({ open, gameId, onClose, onOpenAnyway }: VenueWarningDialogProps) {
  const { t } = useTranslation('live');
  const canEditCompany = usePermission('company.edit');
  const [venue, setVenue] = useState<VenueData | null | 'failed'>(null);

  // Each opening reads the venue again: its skeleton first (reset while rendering), then what the server says.
  useResetOnOpen(open, gameId, () => setVenue(null));
  useEffect(() => {
    if (!open) return;
    let live = true;
    loadVenue(gameId)
      .then((data) => live && setVenue(data))
      .catch(() => live && setVenue('failed'));
    return () => {
      live = false;
    };
  }, [open, gameId]);

  const lanUrls = venue && venue !== 'failed' ? venue.lan_urls : [];
  return (
    <Dialog.Root open={open} role="alertdialog" placement="center" size="md" onOpenChange={({ open: isOpen }) => !isOpen && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="venue-warning" maxW={{ base: 'calc(100vw - 1.5rem)', sm: 'md' }}>
            <Dialog.Header>
              <Stack direction="row" gap="2.5" align="center">
                <LuTriangleAlert size="20" color="var(--chakra-colors-orange-500)" aria-hidden />
                <Dialog.Title>{t('venue.title')}</Dialog.Title>
              </Stack>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3" textStyle="sm">
                <Dialog.Description asChild>
                  <Text>{t('venue.lead', { host: window.location.host })}</Text>
                </Dialog.Description>
                <Text fontWeight="semibold">{t('venue.lanTitle')}</Text>
                {venue === null ? (
                  <Skeleton h="5" w="60" />
                ) : lanUrls.length > 0 ? (
                  <List.Root ps="5" gap="1" data-testid="venue-lan-urls">
                    {lanUrls.map((url) => (
                      <List.Item key={url}>
                        <Link href={sameScreenOn(url, window.location)} colorPalette="brand" wordBreak="break-all">
                          {url}
                        </Link>
                      </List.Item>
                    ))}
                  </List.Root>
                ) : (
                  <Text color="fg.muted">{t('venue.noLan')}</Text>
                )}
                <Text color="fg.muted" textStyle="xs">
                  {t('venue.lanHelp')}
                </Text>
                <Text fontWeight="semibold">{t('venue.publicTitle')}</Text>
                {canEditCompany ? (
                  <Link asChild colorPalette="brand" w="fit-content">
                    <RouterLink to="/admin/company" data-testid="venue-company-link">
                      {t('venue.companyLink')}
                    </RouterLink>
                  </Link>
                ) : (
                  <Text color="fg.muted">{t('venue.askAdmin')}</Text>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Button size="sm" variant="outline" onClick={onClose}>
                {t('venue.cancel')}
              </Button>
              <Button size="sm" colorPalette="orange" onClick={onOpenAnyway} data-testid="venue-open-anyway">
                <LuExternalLink />
                {t('venue.openAnyway')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
