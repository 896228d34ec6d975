import type { CurrentUser } from './session';

/** Each kind of user's own home (spec §6: admins and affiliates have their own areas). */
export function homeOf(user: CurrentUser): string {
  return user.is_admin ? '/admin/dashboard' : user.is_affiliate ? '/affiliate/dashboard' : '/dashboard';
}

/** Only same-app paths are followed after login: never another origin (`//evil.test`). */
export function safeRedirect(target: string | null, user: CurrentUser): string {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : homeOf(user);
}
