import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRenderer } from '../context.js';

/**
 * The buttons of one row of an editor's list (a column, a field, a card, a menu entry), each named after the row for
 * a screen reader ("Move Phone up"): rename (when `onRename` is given), up, down and hide. They stay together,
 * moving to a line of their own on a phone.
 */
export function RowButtons({
  name,
  index,
  count,
  onRename,
  onMove,
  onHide,
}: {
  /** The row's name as it reads now. */
  name: string;
  /** The row's place in its list and the list's length: the first cannot go up, the last not down. */
  index: number;
  count: number;
  onRename?: () => void;
  /** Moves the row to place `to`. */
  onMove(to: number): void;
  onHide(): void;
}) {
  const { t } = useRenderer();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, ml: 'auto' }}>
      {onRename && (
        <Button size="small" aria-label={t('screenEditor.renameNamed', { name })} onClick={onRename}>
          {t('screenEditor.rename')}
        </Button>
      )}
      <Button
        size="small"
        disabled={index === 0}
        aria-label={t('screenEditor.upNamed', { name })}
        onClick={() => onMove(index - 1)}
      >
        {t('screenEditor.up')}
      </Button>
      <Button
        size="small"
        disabled={index === count - 1}
        aria-label={t('screenEditor.downNamed', { name })}
        onClick={() => onMove(index + 1)}
      >
        {t('screenEditor.down')}
      </Button>
      <Button size="small" color="error" aria-label={t('screenEditor.hideNamed', { name })} onClick={onHide}>
        {t('screenEditor.hide')}
      </Button>
    </Box>
  );
}
