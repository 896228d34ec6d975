import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { PlainText } from '../../core/overlay.js';
import { useRenderer } from '../context.js';

/**
 * A new name for what a screen shows, in English and Ukrainian, starting from the name as it reads now in the
 * language shown (`current`); a language left empty keeps its name. A tour step's text is changed with it too.
 */
export function RenameForm({
  current,
  onRename,
  onCancel,
  words = { en: 'screenEditor.nameEn', uk: 'screenEditor.nameUk', submit: 'screenEditor.rename' },
}: {
  current: string;
  onRename(value: PlainText): void;
  onCancel(): void;
  /** The keys of the two fields' labels and of the button (a tour step's text says "Text in English"). */
  words?: { en: string; uk: string; submit: string };
}) {
  const { t, locale } = useRenderer();
  const [names, setNames] = useState({ en: '', uk: '', [locale]: current });
  return (
    <Box
      component="form"
      sx={{ display: 'grid', gap: 1, mt: 2 }}
      onSubmit={(e) => {
        e.preventDefault();
        onRename(Object.fromEntries(Object.entries({ en: names.en, uk: names.uk }).filter(([, v]) => v.trim())));
      }}
    >
      <TextField
        label={t(words.en)}
        value={names.en}
        autoFocus
        onChange={(e) => setNames({ ...names, en: e.target.value })}
      />
      <TextField label={t(words.uk)} value={names.uk} onChange={(e) => setNames({ ...names, uk: e.target.value })} />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={!names.en.trim() && !names.uk.trim()}>
          {t(words.submit)}
        </Button>
        <Button onClick={onCancel}>{t('actions.cancel')}</Button>
      </Box>
    </Box>
  );
}
