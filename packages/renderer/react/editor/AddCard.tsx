import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CHART_FORMATS, CHART_TYPES, type ChartSeries, type NewCard } from '../../core/overlay-cards.js';
import { useRenderer } from '../context.js';

/** `data.advanced.by_service` → "advanced › by service": where the records are, in words an admin can read. */
const words = (path: string) =>
  path
    .split('.')
    .filter((p) => p !== 'data')
    .map((p) => p.replace(/_/g, ' '))
    .join(' › ');

/** A name for the new card's id, from its English title: "Takings by day" → `takings-by-day`. */
const idFrom = (title: string, taken: string[]) => {
  const base =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 30) || 'chart';
  const id = /^[a-z]/.test(base) ? base : `chart-${base}`;
  let n = 1;
  while (taken.includes(n === 1 ? id : `${id}-${n}`)) n++;
  return n === 1 ? id : `${id}-${n}`;
};

/**
 * A dashboard's new chart: records one of its sources already reads (`series`), one number of them along a text or
 * date field, drawn as a bar, line or pie chart, with a title in both languages. Every choice is a native select.
 */
export function AddCard({
  series,
  taken,
  onAdd,
}: {
  series: ChartSeries[];
  taken: string[];
  onAdd(id: string, card: NewCard): void;
}) {
  const { t } = useRenderer();
  // Each choice of "what": records, a number field and a field along the axis.
  const choices = series.flatMap((s, i) =>
    s.values.flatMap((value) => s.index.map((index) => ({ key: `${i}:${value}:${index.field}`, s, value, index }))),
  );
  const [what, setWhat] = useState('');
  const [type, setType] = useState<NewCard['type']>('bar');
  const [format, setFormat] = useState<NewCard['format']>('money');
  const [title, setTitle] = useState({ en: '', uk: '' });
  const chosen = choices.find((c) => c.key === what) ?? choices[0];
  if (!chosen) return <Typography sx={{ mt: 2 }}>{t('screenEditor.addCard.none')}</Typography>;
  const select = { select: true, size: 'small' as const, slotProps: { select: { native: true } } };
  return (
    <Box
      component="form"
      aria-labelledby="se-add-card"
      sx={{ display: 'grid', gap: 1.5, mt: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
      onSubmit={(e) => {
        e.preventDefault();
        const { s, value, index } = chosen;
        const card = { type, format, source: s.source, items: s.items, index: index.field, value, title };
        onAdd(idFrom(title.en, taken), card);
        setTitle({ en: '', uk: '' });
      }}
    >
      <Typography id="se-add-card" variant="subtitle1" component="h3" sx={{ gridColumn: '1 / -1' }}>
        {t('screenEditor.addCard.heading')}
      </Typography>
      <TextField
        {...select}
        label={t('screenEditor.addCard.what')}
        value={chosen.key}
        onChange={(e) => setWhat(e.target.value)}
        sx={{ gridColumn: '1 / -1' }}
      >
        {choices.map((c) => (
          <option key={c.key} value={c.key}>
            {t('screenEditor.addCard.series', {
              value: words(c.value),
              index: words(c.index.field),
              items: words(c.s.items),
            })}
          </option>
        ))}
      </TextField>
      <TextField
        {...select}
        label={t('screenEditor.addCard.type')}
        value={type}
        onChange={(e) => setType(e.target.value as NewCard['type'])}
      >
        {CHART_TYPES.map((c) => (
          <option key={c} value={c}>
            {t(`uiConfig.chart.${c}`)}
          </option>
        ))}
      </TextField>
      <TextField
        {...select}
        label={t('screenEditor.addCard.format')}
        value={format}
        onChange={(e) => setFormat(e.target.value as NewCard['format'])}
      >
        {CHART_FORMATS.map((f) => (
          <option key={f} value={f}>
            {t(`screenEditor.addCard.${f}`)}
          </option>
        ))}
      </TextField>
      <TextField
        size="small"
        required
        label={t('screenEditor.addCard.titleEn')}
        value={title.en}
        onChange={(e) => setTitle({ ...title, en: e.target.value })}
      />
      <TextField
        size="small"
        required
        label={t('screenEditor.addCard.titleUk')}
        value={title.uk}
        onChange={(e) => setTitle({ ...title, uk: e.target.value })}
      />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Button type="submit" variant="outlined" disabled={!title.en.trim() || !title.uk.trim()}>
          {t('screenEditor.addCard.add')}
        </Button>
      </Box>
    </Box>
  );
}
