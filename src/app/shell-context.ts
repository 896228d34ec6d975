import { createContext, useContext } from 'react';
import type { CurrentUser } from './session';
import type { Locale } from './i18n';

export interface ShellState {
  user: CurrentUser | null | undefined;
  locale: Locale;
  setLocale(l: Locale): void;
  logout(): Promise<void>;
}

export const ShellContext = createContext<ShellState | null>(null);

export function useShell(): ShellState {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell() outside <App>');
  return value;
}
