/**
 * The company switcher's menu (./company-switcher.tsx renders its trigger and loads this on first
 * contact): the admin's companies, the tab's own checked; choosing another switches to it.
 */
import { Menu, Portal, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyOption } from '@machines/session/types';
import { switchCompany } from '@/app/lib/company';
import { type MenuOpening, useTriggerFocus } from './menu-on-demand';

interface CompanyMenuProps {
  trigger: ReactElement;
  opening: MenuOpening;
  companies: CompanyOption[];
  currentId: string;
}

export function CompanyMenu({ trigger, opening, companies, currentId }: CompanyMenuProps) {
  const { t } = useTranslation('shell');
  const triggerRef = useTriggerFocus(opening);
  return (
    <Menu.Root
      defaultOpen={opening.defaultOpen}
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        const chosen = companies.find((company) => String(company.id) === value);
        if (chosen && value !== currentId) switchCompany(chosen);
      }}
    >
      <Menu.Trigger asChild ref={triggerRef}>
        {trigger}
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56" maxW="min(20rem, calc(100vw - 1rem))" data-testid="company-menu">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel textStyle="xs">{t('companySwitcher.heading')}</Menu.ItemGroupLabel>
              <Menu.RadioItemGroup value={currentId}>
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
