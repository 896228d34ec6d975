import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useRenderer } from '../context.js';

/** A list's new column: one of the fields its resource reads that no column shows (the shipped ones included). */
export function AddColumn({
  fields,
  labelOf,
  onAdd,
}: {
  fields: string[];
  labelOf: (field: string) => string;
  onAdd: (field: string) => void;
}) {
  const { t } = useRenderer();
  const [field, setField] = useState('');
  if (fields.length === 0) return null;
  return (
    <Box
      component="form"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 2 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (!field) return;
        onAdd(field);
        setField('');
      }}
    >
      <TextField
        select
        size="small"
        label={t('screenEditor.addColumnField')}
        value={field}
        onChange={(e) => setField(e.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ flex: '1 1 200px' }}
      >
        <option value="">—</option>
        {fields.map((f) => (
          <option key={f} value={f}>
            {labelOf(f)}
          </option>
        ))}
      </TextField>
      <Button type="submit" variant="outlined" disabled={!field}>
        {t('screenEditor.addColumn')}
      </Button>
    </Box>
  );
}
