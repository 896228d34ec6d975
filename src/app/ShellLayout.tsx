import { useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import Alert from '@mui/material/Alert';
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
import MenuIcon from '@mui/icons-material/Menu';
import PeopleIcon from '@mui/icons-material/People';
import DownloadIcon from '@mui/icons-material/Download';
import PersonIcon from '@mui/icons-material/Person';
import type { Subject } from '../../permissions/subjects';
import { useTranslation } from 'react-i18next';
import { EmailNotices } from './EmailNotices';
import { NavLink, useAddress, useRenderer, type LayoutProps } from '../../renderer';
import { theme } from './theme';
import { LanguageSelect } from './LanguageSelect';
import { refusalOf } from './session';
import { useShell } from './shell-context';
import { useDocumentTitle } from './document-title';

/**
 * The business app's shell (owners, admins, affiliates): its own chunk, so guests and the public booking page never
 * download the menu, drawer and icons.
 */
const DRAWER_WIDTH = 240;
/** Where a locked feature leads: the plans (spec §6). */
const SUBSCRIPTION_PAGE = '/account-setup/subscription/details';
/** Menu icons by the names navigation.json uses. */
const ICONS: Record<string, typeof DashboardIcon> = {
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

type MenuEntry = NonNullable<LayoutProps['area']['menu']>[number];

/**
 * The menu's entries as drawn, each group's heading before its first shown entry (a group with none shown has none)
 * and a divider where a group ends.
 */
export function grouped(
  menu: MenuEntry[],
  draw: (m: MenuEntry) => ReactNode,
  heading: (group: string | null, at: number) => ReactNode,
): ReactNode[] {
  const out: ReactNode[] = [];
  let last: string | undefined;
  for (const m of menu) {
    const node = draw(m);
    if (!node) continue;
    if (m.group !== last) out.push(heading(m.group ?? null, out.length));
    last = m.group;
    out.push(node);
  }
  return out;
}

/**
 * The area's menu from navigation.json. An entry whose feature the plan lacks stays visible but locked, naming
 * the plan that offers it (spec §6) and leading to the plans; an entry the role can never use is not shown.
 */
function Menu({ area, onNavigate }: LayoutProps & { onNavigate(): void }) {
  const { t, can } = useRenderer();
  const { ability } = useShell();
  return (
    <nav aria-label={t('menu.main')}>
      <List>
        {grouped(
          area.menu ?? [],
          (m) => {
            const Icon = m.icon ? ICONS[m.icon] : undefined;
            if (m.subject && !can('read', m.subject)) {
              const reason = ability ? refusalOf(ability, 'read', m.subject as Subject) : '';
              const plan = /availableOn\.(\w+)$/.exec(reason)?.[1];
              if (!plan) return null;
              return (
                <ListItem key={m.route} disablePadding>
                  <ListItemButton
                    component={NavLink}
                    to={SUBSCRIPTION_PAGE}
                    onClick={onNavigate}
                    title={t('permissions.seePlans')}
                    sx={{ color: 'text.secondary' }}
                  >
                    <ListItemIcon>
                      <LockIcon />
                    </ListItemIcon>
                    <ListItemText primary={t(m.label)} secondary={t('menu.lockedOn', { plan: t(`plans.${plan}`) })} />
                  </ListItemButton>
                </ListItem>
              );
            }
            return (
              <ListItem key={m.route} disablePadding>
                <ListItemButton
                  component={NavLink}
                  to={m.route}
                  onClick={onNavigate}
                  sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
                >
                  {Icon && (
                    <ListItemIcon>
                      <Icon />
                    </ListItemIcon>
                  )}
                  <ListItemText primary={t(m.label)} />
                </ListItemButton>
              </ListItem>
            );
          },
          (g, at) =>
            g ? (
              <ListSubheader key={`group-${g}`} component="li" disableSticky sx={{ lineHeight: '36px', mt: 1 }}>
                {t(g)}
              </ListSubheader>
            ) : (
              <Box
                key={`end-${at}`}
                component="li"
                aria-hidden="true"
                sx={{ borderTop: 1, borderColor: 'divider', my: 1 }}
              />
            ),
        )}
      </List>
    </nav>
  );
}

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

/** The business app's shell: app bar, a menu from navigation.json (a drawer below 992 px), the screen. */
export default function ShellLayout({ area, children }: LayoutProps) {
  const { t } = useTranslation();
  const { user, logout } = useShell();
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const [open, setOpen] = useState(false);
  useAddress();
  useDocumentTitle(area);
  const drawer = (
    <Menu area={area} onNavigate={() => setOpen(false)}>
      {null}
    </Menu>
  );
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <AppBar position="fixed" sx={{ zIndex: (th) => th.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          {!wide && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={t('app.openMenu')}
              aria-expanded={open}
              onClick={() => setOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Typography variant="h6" component="p" sx={{ flexGrow: 1 }}>
            {t('app.name')}
          </Typography>
          <LanguageSelect dark />
          {user && (
            <Typography variant="body2" sx={{ display: { xs: 'none', md: 'block' } }}>
              {t('app.signedInAs', { name: `${user.first_name} ${user.last_name}` })}
            </Typography>
          )}
          <Button color="inherit" onClick={() => void logout()}>
            {t('actions.logout')}
          </Button>
        </Toolbar>
      </AppBar>
      <Drawer
        variant={wide ? 'permanent' : 'temporary'}
        open={wide || open}
        onClose={() => setOpen(false)}
        sx={{
          width: wide ? DRAWER_WIDTH : undefined,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        {drawer}
      </Drawer>
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, sm: 2, md: 3 } }}>
        <Toolbar />
        <Banners />
        {children}
      </Box>
    </Box>
  );
}
