import { query } from './query';

const PRESET = { appointment: 'appointment_id', class: 'class_seat_id', sale: 'sale_id' } as const;

/**
 * The checkout for a client with what they owe named (an appointment, a class seat or an earlier sale) and ticked;
 * it comes back to `back` once paid.
 */
export const checkoutLink = (
  clientId: number,
  owed: { id: number; kind: keyof typeof PRESET } | undefined,
  back: string,
): string =>
  `/financials/income/checkout${query({ client_id: clientId, ...(owed ? { [PRESET[owed.kind]]: owed.id } : {}), back })}`;
