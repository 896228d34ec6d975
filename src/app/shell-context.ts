import { createContext, useContext } from 'react';
import type { AppAbility } from '../../permissions/defineAbilityFor';
import type { CurrentUser } from './session';
import type { Locale } from './i18n';

export interface ShellState {
  user: CurrentUser | null | undefined;
  locale: Locale;
  /** The signed-in user's abilities; null for a guest. */
  ability: AppAbility | null;
  setLocale(l: Locale): void;
  logout(): Promise<void>;
  /** Ends a sign-in-as and returns to the admin's own account. */
  backToAdmin(): Promise<void>;
}

export const ShellContext = createContext<ShellState | null>(null);

export function useShell(): ShellState {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell() outside <App>');
  return value;
}
