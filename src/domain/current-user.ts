import type { AbilityUser } from '../../permissions/defineAbilityFor';
import type { ApiResponse } from './generated/api';

/** Names the answer only while it carries everything the permission rules read: a dropped field fails to compile. */
type ReadableByAbilities<T extends AbilityUser> = T;

/**
 * GET /api/v1/user (spec §3): what the shell, guards and abilities read. Generated from the route's response schema
 * (features/auth/response-schemas.ts), which declares every field the route answers.
 */
export type CurrentUser = ReadableByAbilities<ApiResponse<'GET /api/v1/user', '200'>['data']>;
