/** Money lists show their rows the way the renderer's related lists do: a table, or cards on a phone. */
export { RowCards as MoneyRows, type RowCard as MoneyRow } from '@soloist/renderer/mui';
