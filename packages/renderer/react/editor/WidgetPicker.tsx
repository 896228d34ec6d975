import TextField from '@mui/material/TextField';
import { useRenderer } from '../context.js';

/**
 * A form field's widget, picked from those its type may take (the server's `widgets` for the shipped screen): the
 * first is what the field is drawn with when the screen names none. Choosing one saves a `set-widget` change.
 */
export function WidgetPicker({
  name,
  choices,
  current,
  onPick,
}: {
  name: string;
  choices: string[];
  current: string | undefined;
  onPick: (widget: string) => void;
}) {
  const { t } = useRenderer();
  return (
    <TextField
      select
      size="small"
      label={t('screenEditor.widget')}
      value={current ?? choices[0]}
      onChange={(e) => onPick(e.target.value)}
      slotProps={{ select: { native: true }, htmlInput: { 'aria-label': t('screenEditor.widgetNamed', { name }) } }}
      sx={{ flex: '0 1 190px' }}
    >
      {choices.map((w) => (
        <option key={w} value={w}>
          {t(`uiConfig.widget.${w}`)}
        </option>
      ))}
    </TextField>
  );
}
