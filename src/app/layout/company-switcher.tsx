/**
 * The navbar's company switcher, for admins who may act for more than one company (issue 15): the
 * company of this tab (its `Cid`, lib/company.ts) by name, and a menu of the admin's companies from
 * the info call. Choosing another one stores it and loads the dashboard anew (see `switchCompany`
 * for why a fresh load). With one company, or none known yet, it renders nothing. The menu itself
 * (./company-switcher-view.tsx) loads on first contact with the button (./menu-on-demand.ts).
 */
import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuBuilding2, LuChevronDown } from 'react-icons/lu';
import { selectCompanies } from '@machines/session/selectors';
import { useSession } from '@/app/features/auth/hooks/use-session';
import { useCurrentCompany } from '@/app/lib/company';
import { onDemand } from '@/app/lib/on-demand';
import { useMenuOnDemand } from './menu-on-demand';

const menu = onDemand(() => import('./company-switcher-view'));

export function CompanySwitcher() {
  const { t } = useTranslation('shell');
  const companies = useSession(selectCompanies);
  const current = useCurrentCompany();
  const { loaded, triggerProps, opening } = useMenuOnDemand(menu);
  if (companies.length < 2) return null;

  // The info's list names the company as it is now (renamed since the tab stored its name?).
  const listed = companies.find((company) => String(company.id) === current.id);
  const name = listed?.name ?? current.name ?? t('companySwitcher.unnamed', { id: current.id });

  const trigger = (
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
      {...triggerProps}
    >
      <LuBuilding2 aria-hidden />
      <Text as="span" textStyle="sm" fontWeight="medium" maxW={{ sm: '28', lg: '48' }} display={{ base: 'none', sm: 'inline' }} truncate>
        {name}
      </Text>
      <LuChevronDown aria-hidden />
    </Button>
  );
  return loaded ? <loaded.CompanyMenu trigger={trigger} opening={opening} companies={companies} currentId={current.id} /> : trigger;
}
