/** /profile/index: the account form and the per-menu navigation settings. */
import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/app/lib/title';
import { NavSettingsTable } from '../components/nav-settings-table';
import { ProfileForm } from '../components/profile-form';
import { HeadingBlock } from '@/app/components/heading-block';

export function ProfilePage() {
  const { t } = useTranslation('shell');
  usePageTitle('menu.profile');
  return (
    <Stack gap="4" maxW="5xl">
      <HeadingBlock as="h1" title={t('profile.heading')} lead={t('profile.intro')} gap="0" />
      <ProfileForm />
      <NavSettingsTable />
    </Stack>
  );
}
