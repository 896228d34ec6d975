import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useRenderer } from '@soloist/renderer';
import { dayInWords, type Owing } from '../money/shared';

/**
 * The client's appointments and class seats with something left to pay, each a checkbox: what (a class seat says
 * so), when in words, and what is left of its price.
 */
/** A row's name in tests and the page: an appointment by its id, a seat or a sale with its kind before. */
const rowId = (a: Owing) => (a.kind === 'class' ? `seat-${a.id}` : a.kind === 'sale' ? `sale-${a.id}` : `${a.id}`);

export function OwedList({
  rows,
  chosen,
  onToggle,
  money,
}: {
  rows: Owing[];
  chosen: (a: Owing) => boolean;
  onToggle: (a: Owing, on: boolean) => void;
  money: (minor: number) => string;
}) {
  const { t, locale } = useRenderer();
  return (
    <Box sx={{ display: 'grid' }}>
      {rows.map((a) => (
        <FormControlLabel
          key={`${a.kind}-${a.id}`}
          data-owed-row={rowId(a)}
          sx={{
            mr: 0,
            ml: -1,
            py: 0.5,
            alignItems: 'flex-start',
            borderBottom: 1,
            borderColor: 'divider',
            '& .MuiFormControlLabel-label': { flex: 1, minWidth: 0, pt: 1 },
            '& .MuiCheckbox-root': { py: 0.75 },
          }}
          control={
            <Checkbox
              checked={chosen(a)}
              slotProps={{
                input: {
                  'data-testid': `owed-${rowId(a)}`,
                } as React.InputHTMLAttributes<HTMLInputElement>,
              }}
              onChange={(e) => onToggle(a, e.target.checked)}
            />
          }
          label={
            <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 1 }}>
              <Box component="span" sx={{ minWidth: 0 }}>
                <Box component="span" sx={{ display: 'block' }}>
                  {a.kind === 'class' ? t('checkout.classSeat', { title: a.service ?? '—' }) : (a.service ?? '—')}
                </Box>
                <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.85em' }}>
                  {dayInWords(a.date, locale)}
                  {a.start_time ? `, ${a.start_time.slice(0, 5)}` : ''}
                </Box>
              </Box>
              <Box component="b" data-owed-amount sx={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
                {t('checkout.leftOf', { left: money(a.amount), price: money(a.price) })}
              </Box>
            </Box>
          }
        />
      ))}
    </Box>
  );
}
