import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link, useAddress, useRenderer } from '@soloist/renderer';

const TABS = [
  ['details', 'billing.tabs.details'],
  ['cards', 'billing.tabs.cards'],
  ['history', 'billing.tabs.history'],
] as const;

/** The subscription's three pages (spec §2: details, cards, history) as tabs, each its own address. */
export function SubscriptionTabs() {
  const { t } = useRenderer();
  const { pathname } = useAddress();
  const current = TABS.find(([tab]) => pathname.endsWith(`/${tab}`))?.[0] ?? 'details';
  return (
    <Tabs value={current} variant="scrollable" allowScrollButtonsMobile aria-label={t('billing.tabs.label')}>
      {TABS.map(([tab, label]) => (
        <Tab
          key={tab}
          value={tab}
          label={t(label)}
          component={Link}
          to={`/account-setup/subscription/${tab}`}
          sx={{ minHeight: 48 }}
        />
      ))}
    </Tabs>
  );
}
