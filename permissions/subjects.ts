/** Every subject a permission rule or a schema may name. `npm run validate:schemas` checks schemas against it. */
export const SUBJECTS = ['Client', 'Profile', 'AdminArea', 'AffiliateArea'] as const;
export type Subject = (typeof SUBJECTS)[number];

export const ACTIONS = ['manage', 'read', 'create', 'update', 'delete', 'export'] as const;
export type Action = (typeof ACTIONS)[number];
