/** A step of an onboarding tour a user has done (migration 0047): `<screen id>:<step id>`, once per user. */
export interface OnboardingStepsTable {
  user_id: number;
  step_id: string;
  created_at: string;
}
