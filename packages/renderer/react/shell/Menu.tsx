import type { ComponentType, ReactNode } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import LockIcon from '@mui/icons-material/Lock';
import { useRenderer } from '../context.js';
import { NavLink } from '../router.js';
import type { LayoutProps } from '../SchemaApp.js';

/**
 * One entry of an area's menu, as the navigation schema declares it (a screen, a heading or a group).
 * @example const clients: MenuEntry = { label: 'menu.clients', route: '/clients/list', subject: 'Client' };
 */
export type MenuEntry = NonNullable<LayoutProps['area']['menu']>[number];

/**
 * How an entry the caller may not read is shown: locked, leading to where it can be had (a plan), with why.
 * @example const lock: LockedEntry = { to: '/plans', reason: 'Business plan', title: 'See the plans' };
 */
export interface LockedEntry {
  to: string;
  /** Under its label: what offers it ("Business plan"). */
  reason: string;
  /** Its tooltip ("See the plans"). */
  title: string;
}

/**
 * The props of `Menu`: the area whose menu it draws, the icons by name, and entries locked by the plan.
 * @example const props: MenuProps = { area, icons: { people: PeopleIcon }, onNavigate: () => setOpen(false) };
 */
export interface MenuProps {
  area: LayoutProps['area'];
  /** Icons by the names the navigation uses (`"icon": "calendar"`); an entry naming none has none. */
  icons?: Record<string, ComponentType>;
  /** An entry whose subject the caller may not read: how it shows locked, or null to leave it out. */
  locked?(subject: string): LockedEntry | null;
  onNavigate(): void;
}

/**
 * The menu's entries as drawn, each group's heading before its first shown entry (a group with none shown has none)
 * and a divider where a group ends.
 * @example
 * grouped(area.menu ?? [], (m) => <MenuLine key={m.route} entry={m} />, (group, at) =>
 *   group ? <ListSubheader key={at}>{t(group)}</ListSubheader> : <Divider key={at} />)
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
 * An area's menu from the navigation schema. An entry whose `subject` the caller may not read is left out, unless
 * the host says how it shows locked (visible, leading to where it can be had — or to its own screen when that offers
 * to ask for the feature).
 * @example <Menu area={area} icons={{ people: PeopleIcon }} onNavigate={() => setOpen(false)} />
 */
export function Menu({ area, icons = {}, locked, onNavigate }: MenuProps) {
  const { t, can, manifest } = useRenderer();
  // A locked entry whose screen offers to ask for the feature (its gate's `request`) leads to that screen, where the
  // refusal offers both the request and the way up.
  const asks = (route: string) => manifest.screens.some((s) => s.route === route && s.gate?.request);
  return (
    <nav aria-label={t('menu.main')}>
      <List>
        {grouped(
          area.menu ?? [],
          (m) => {
            const Icon = m.icon ? icons[m.icon] : undefined;
            if (m.subject && !can('read', m.subject)) {
              const lock = locked?.(m.subject);
              if (!lock) return null;
              return (
                <ListItem key={m.route} disablePadding>
                  <ListItemButton
                    component={NavLink}
                    to={asks(m.route) ? m.route : lock.to}
                    onClick={onNavigate}
                    title={lock.title}
                    sx={{ color: 'text.secondary' }}
                  >
                    <ListItemIcon>
                      <LockIcon />
                    </ListItemIcon>
                    <ListItemText primary={t(m.label)} secondary={lock.reason} />
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
