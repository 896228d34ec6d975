import { INTEGER, NULLABLE_STRING, object, STRING } from '../engine/responses';

/**
 * A refund of a payment as the API shows it: its own ledger row, negative. The payments list and a sale's detail
 * both list a payment's refunds so, and neither owns the other.
 */
export const REFUND = object(
  { id: INTEGER, amount: INTEGER, date: STRING, reason: NULLABLE_STRING, created_at: STRING },
  { required: ['id', 'amount', 'date', 'reason', 'created_at'] },
);
