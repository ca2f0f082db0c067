/** /profile/index: the account form and the per-menu navigation settings. */
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/app/lib/title';
import { NavSettingsTable } from '../components/nav-settings-table';
import { ProfileForm } from '../components/profile-form';

export function ProfilePage() {
  const { t } = useTranslation('shell');
  usePageTitle('menu.profile');
  return (
    <Stack gap="4" maxW="5xl">
      <Box>
        <Heading as="h1" size="lg">
          {t('profile.heading')}
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {t('profile.intro')}
        </Text>
      </Box>
      <ProfileForm />
      <NavSettingsTable />
    </Stack>
  );
}
