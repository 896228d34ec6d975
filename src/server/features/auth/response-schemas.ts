import { INTEGER, NULLABLE_STRING, object, STRING } from '../../engine/responses';

/** The signed-in user as the app reads them (infra/users.ts presentUser, and their active locations). */
export const USER = object(
  {
    id: INTEGER,
    email: STRING,
    locations: {
      type: 'array',
      items: object({
        id: INTEGER,
        title: NULLABLE_STRING,
        address_1: NULLABLE_STRING,
        city: NULLABLE_STRING,
        post_code: NULLABLE_STRING,
      }),
    },
  },
  { open: true },
);
