import type { ComponentType } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FlagIcon from '@mui/icons-material/Flag';
import InsightsIcon from '@mui/icons-material/Insights';
import LockIcon from '@mui/icons-material/Lock';
import MailIcon from '@mui/icons-material/Mail';
import PlaceIcon from '@mui/icons-material/Place';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import SpaIcon from '@mui/icons-material/Spa';
import GroupsIcon from '@mui/icons-material/Groups';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBag';
import RedeemIcon from '@mui/icons-material/Redeem';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import PeopleIcon from '@mui/icons-material/People';
import DownloadIcon from '@mui/icons-material/Download';
import PersonIcon from '@mui/icons-material/Person';
import LogoutIcon from '@mui/icons-material/Logout';
import type { Subject } from '../../permissions/subjects';
import { useTranslation } from 'react-i18next';
import { EmailNotices } from './EmailNotices';
import { NavLink, type LayoutProps } from '@soloist/renderer';
import { ShellLayout as RendererShell } from '@soloist/renderer/mui';
import { LanguageSelect } from './LanguageSelect';
import { refusalOf } from './session';
import { useShell } from './shell-context';
import { useDocumentTitle } from './document-title';
import { BellSlot } from './BellSlot';
import { SearchSlot } from './SearchSlot';
import { HelpMenu } from './HelpMenu';
import { OfflineBanner, OfflineDialog } from './offline/OfflineNotices';
import { useNetwork } from './offline/network';
import { InstallOffer } from './install/InstallOffer';

/*
 * The business app's shell (owners, admins, affiliates): its own chunk, so guests and the public booking page never
 * download the menu, drawer and icons.
 */
/** Where a locked feature leads: the plans (spec §6). */
const SUBSCRIPTION_PAGE = '/account-setup/subscription/details';
/** Menu icons by the names navigation.json uses. */
const ICONS: Record<string, ComponentType> = {
  dashboard: DashboardIcon,
  flag: FlagIcon,
  insights: InsightsIcon,
  people: PeopleIcon,
  download: DownloadIcon,
  card: CreditCardIcon,
  person: PersonIcon,
  lock: LockIcon,
  mail: MailIcon,
  place: PlaceIcon,
  discount: LocalOfferIcon,
  spa: SpaIcon,
  groups: GroupsIcon,
  inventory: Inventory2Icon,
  shopping: ShoppingBagIcon,
  redeem: RedeemIcon,
  calendar: CalendarMonthIcon,
  payments: PaymentsIcon,
  receipt: ReceiptLongIcon,
  pending: PendingActionsIcon,
};

/**
 * Spec §8: the read-only banner with the deletion countdown and a way to reactivate; the sign-in-as banner; the
 * email address to verify (or just verified).
 */
function Banners() {
  const { t } = useTranslation();
  const { user, backToAdmin } = useShell();
  if (!user) return null;
  const s = user.subscription;
  return (
    <>
      <OfflineBanner />
      <OfflineDialog />
      <InstallOffer />
      <EmailNotices user={user} />
      {user.impersonating && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void backToAdmin()}>
              {t('actions.backToAdmin')}
            </Button>
          }
        >
          {t('impersonation.banner', { name: `${user.first_name} ${user.last_name}` })}
        </Alert>
      )}
      {user.read_only && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" component={NavLink} to="/account-setup/subscription/details">
              {t('actions.reactivate')}
            </Button>
          }
        >
          {s.deletion_in_days !== null
            ? t('readOnly.banner', { n: s.deletion_in_days })
            : t('readOnly.bannerNoCountdown')}
        </Alert>
      )}
    </>
  );
}

/**
 * The business app's shell: the renderer's (app bar, the menu from navigation.json as a drawer below 992 px, the
 * screen) with the product's icons, its locked entries — a feature the plan lacks stays visible, naming the plan that
 * offers it (spec §6) and leading to the plans; an entry the role can never use is not shown — the language picker,
 * who is signed in, and the banners.
 */
export default function ShellLayout({ area, children }: LayoutProps) {
  const { t } = useTranslation();
  const { user, ability, logout } = useShell();
  const { offline } = useNetwork();
  useDocumentTitle(area);
  const locked = (subject: string) => {
    const plan = /availableOn\.(\w+)$/.exec(ability ? refusalOf(ability, 'read', subject as Subject) : '')?.[1];
    if (!plan) return null;
    return {
      to: SUBSCRIPTION_PAGE,
      title: t('permissions.seePlans'),
      reason: t('menu.lockedOn', { plan: t(`plans.${plan}`) }),
    };
  };
  const toolbar = (
    <>
      <SearchSlot />
      <BellSlot />
      <HelpMenu />
      <LanguageSelect dark />
      {user && (
        <Typography variant="body2" sx={{ display: { xs: 'none', md: 'block' } }}>
          {t('app.signedInAs', { name: `${user.first_name} ${user.last_name}` })}
        </Typography>
      )}
      {/* On a phone the word would wrap beside the language and the bell: the button is its icon there. */}
      {/* Offline the server's session cannot be ended: the button waits for the connection, and says so. */}
      <Button
        color="inherit"
        onClick={() => void logout()}
        disabled={offline}
        aria-label={t('actions.logout')}
        title={offline ? t('actions.logoutOffline') : t('actions.logout')}
        sx={{ minWidth: 0, flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        <LogoutIcon aria-hidden sx={{ display: { xs: 'block', sm: 'none' } }} />
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {t('actions.logout')}
        </Box>
      </Button>
    </>
  );
  return (
    <RendererShell area={area} icons={ICONS} locked={locked} toolbar={toolbar} banners={<Banners />}>
      {children}
    </RendererShell>
  );
}
