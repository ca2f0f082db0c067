/**
 * The navbar's company switcher, for admins who may act for more than one company (issue 15): the
 * company of this tab (its `Cid`, lib/company.ts) by name, and a menu of the admin's companies from
 * the info call. Choosing another one stores it and loads the dashboard anew (see `switchCompany`
 * for why a fresh load). With one company, or none known yet, it renders nothing.
 */
import { Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuBuilding2, LuChevronDown } from 'react-icons/lu';
import { selectCompanies } from '@machines/session/selectors';
import { useSession } from '@/app/features/auth/hooks/use-session';
import { switchCompany, useCurrentCompany } from '@/app/lib/company';

export function CompanySwitcher() {
  const { t } = useTranslation('shell');
  const companies = useSession(selectCompanies);
  const current = useCurrentCompany();
  if (companies.length < 2) return null;

  // The info's list names the company as it is now (renamed since the tab stored its name?).
  const listed = companies.find((company) => String(company.id) === current.id);
  const name = listed?.name ?? current.name ?? t('companySwitcher.unnamed', { id: current.id });

  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        const chosen = companies.find((company) => String(company.id) === value);
        if (chosen && value !== current.id) switchCompany(chosen);
      }}
    >
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          px="1.5"
          gap="1.5"
          minW="0"
          aria-label={t('companySwitcher.label', { name })}
          title={t('companySwitcher.label', { name })}
          data-testid="company-switcher"
          data-company-id={current.id}
        >
          <LuBuilding2 aria-hidden />
          <Text as="span" textStyle="sm" fontWeight="medium" maxW={{ sm: '28', lg: '48' }} display={{ base: 'none', sm: 'inline' }} truncate>
            {name}
          </Text>
          <LuChevronDown aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56" maxW="min(20rem, calc(100vw - 1rem))" data-testid="company-menu">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel textStyle="xs">{t('companySwitcher.heading')}</Menu.ItemGroupLabel>
              <Menu.RadioItemGroup value={current.id}>
                {companies.map((company) => (
                  <Menu.RadioItem key={company.id} value={String(company.id)} textStyle="sm">
                    <Text as="span" truncate>
                      {company.name}
                    </Text>
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                ))}
              </Menu.RadioItemGroup>
            </Menu.ItemGroup>
            <Text px="2" pt="1" pb="1.5" textStyle="2xs" color="fg.muted">
              {t('companySwitcher.hint')}
            </Text>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
