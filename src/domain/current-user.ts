import type { AbilityUser } from '../../permissions/defineAbilityFor';

/** GET /api/v1/user (spec §3): what the shell, guards and abilities read. */
export interface CurrentUser extends AbilityUser {
  email: string;
  first_name: string;
  last_name: string;
  role: 'users' | 'affiliates';
  read_only: boolean;
  region: 'GB' | 'UA' | 'OTHER';
  locale: string;
  impersonating: boolean;
  plan_level: 'lite' | 'business' | 'premium' | null;
  credits: { sms: number; email: number };
  affiliate: { code: string | null } | null;
  subscription: AbilityUser['subscription'] & {
    stage: string;
    ends_at: string | null;
    deletion_in_days: number | null;
  };
}
