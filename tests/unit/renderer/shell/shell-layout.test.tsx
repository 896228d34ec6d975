import { fireEvent, screen as view } from '@testing-library/react';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { Area } from '../../../../packages/renderer/core/types';
import { ShellLayout } from '../../../../packages/renderer/react/shell/ShellLayout';
import { rendererContext, renderScreen } from '../../../helpers/renderer-context';

/**
 * The renderer's shell draws an area's menu from the navigation schema: groups with their headings, the entry of
 * the address marked, an entry the caller may not read left out unless the host says how it shows locked; the host's
 * bar end and banners sit around the screen.
 */
const area = {
  id: 'business',
  guard: 'user',
  layout: 'shell',
  screens: [],
  menu: [
    { label: 'Dashboard', route: '/dashboard', icon: 'home' },
    { label: 'Clients', route: '/clients', group: 'People', subject: 'Client' },
    { label: 'Marketing', route: '/marketing', group: 'People', subject: 'Marketing' },
    { label: 'Admin', route: '/admin', subject: 'Everything' },
  ],
} as unknown as Area;

/** jsdom matches no media query: the shell is a narrow screen's, its menu a drawer opened from the bar. */
function openMenu() {
  const open = view.getByRole('button', { name: 'app.openMenu' });
  expect(open.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(open);
  expect(open.getAttribute('aria-expanded')).toBe('true');
}

function setup(locked?: (subject: string) => { to: string; reason: string; title: string } | null) {
  const can = (_action: string, subject: string) => subject === 'Client';
  return renderScreen(
    <ThemeProvider theme={createTheme()}>
      <ShellLayout
        area={area}
        icons={{ home: () => <svg data-testid="home-icon" /> }}
        locked={locked}
        toolbar={<button type="button">Log out</button>}
        banners={<p>Read-only</p>}
      >
        <h1>The screen</h1>
      </ShellLayout>
    </ThemeProvider>,
    rendererContext({ can }),
    '/clients',
  );
}

it('draws the menu the rules allow, with its groups and icons, around the screen and the host’s parts', () => {
  setup();
  expect(view.queryByRole('navigation', { name: 'menu.main' })).toBeNull();
  openMenu();
  const menu = view.getByRole('navigation', { name: 'menu.main' });
  expect([...menu.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Dashboard', 'Clients']);
  expect(view.getByText('People').tagName).toBe('LI');
  expect(view.getByTestId('home-icon')).toBeTruthy();
  expect(view.getByRole('link', { name: 'Clients' }).className).toContain('active');
  // The open drawer is modal: the rest of the page is hidden from readers meanwhile.
  const main = document.getElementById('main')!;
  expect(main.tagName).toBe('MAIN');
  expect(main.textContent).toContain('Read-only');
  expect(main.textContent).toContain('The screen');
  expect(view.getByRole('button', { name: 'Log out', hidden: true }).closest('header')).toBeTruthy();
  expect(view.getByRole('link', { name: 'app.skipToContent', hidden: true }).getAttribute('href')).toBe('#main');
});

it('shows an entry the caller may not read as locked when the host says where it can be had', () => {
  const asked: string[] = [];
  setup((subject) => {
    asked.push(subject);
    return subject === 'Marketing' ? { to: '/plans', reason: 'Business plan', title: 'See the plans' } : null;
  });
  openMenu();
  expect([...new Set(asked)]).toEqual(['Marketing', 'Everything']);
  const lockedEntry = view.getByRole('link', { name: /Marketing/ });
  expect(lockedEntry.getAttribute('href')).toBe('/plans');
  expect(lockedEntry.getAttribute('title')).toBe('See the plans');
  expect(lockedEntry.textContent).toContain('Business plan');
  expect(view.queryByRole('link', { name: /Admin/ })).toBeNull();
});
