import { useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { useRenderer } from '../context.js';
import { useAddress } from '../router.js';
import type { LayoutProps } from '../SchemaApp.js';
import { Menu, type MenuProps } from './Menu.js';

const DRAWER_WIDTH = 240;

/**
 * The props of `ShellLayout`: the area it draws, the menu's icons and locked entries, the bar's end and banners.
 * @example const Shell = (props: LayoutProps) => <ShellLayout {...props} icons={icons} banners={<TrialBanner />} />;
 */
export interface ShellLayoutProps extends LayoutProps, Pick<MenuProps, 'icons' | 'locked'> {
  /** The app bar's end: a language picker, who is signed in, a way to log out. */
  toolbar?: ReactNode;
  /** Above every screen of the area: the host's notices and banners. */
  banners?: ReactNode;
}

/**
 * The renderer's shell for a signed-in area: an app bar with the app's name (`app.name`), the area's menu drawn from
 * the navigation schema (a permanent drawer from the theme's `lg` up, a temporary one opened from the bar below),
 * a skip link to the main area, and the screen. The host gives what is its own: the menu's icons, how a locked
 * entry shows, the bar's end and its banners.
 * @example
 * <ShellLayout area={area} icons={{ people: PeopleIcon }} toolbar={<UserMenu />}>
 *   {screen}
 * </ShellLayout>
 */
export function ShellLayout({ area, children, icons, locked, toolbar, banners }: ShellLayoutProps) {
  const { t } = useRenderer();
  const wide = useMediaQuery(useTheme().breakpoints.up('lg'));
  const [open, setOpen] = useState(false);
  // The shell follows the address, so the menu marks the screen shown.
  useAddress();
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main"
        className="skip-link"
        sx={{
          position: 'absolute',
          left: -9999,
          top: 8,
          zIndex: 2000,
          px: 2,
          py: 1,
          bgcolor: '#fff',
          color: 'primary.main',
          '&:focus': { left: 8 },
        }}
      >
        {t('app.skipToContent')}
      </Box>
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
          {toolbar}
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
        <Menu area={area} icons={icons} locked={locked} onNavigate={() => setOpen(false)} />
      </Drawer>
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, sm: 2, md: 3 } }}>
        <Toolbar />
        {banners}
        {children}
      </Box>
    </Box>
  );
}
