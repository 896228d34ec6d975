import { useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { HttpError } from '../../core/rest';
import { useRenderer } from '../context';

/** Uploads an image through the data client and stores the returned URL in the field. */
export default function ImageWidget({ id, value, onChange, disabled, readonly, label }: WidgetProps) {
  const { rest, t, notify } = useRenderer();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      onChange(await rest.upload(file));
    } catch (err) {
      notify(err instanceof HttpError ? err.message : t('errors.server'), 'error');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
      <Avatar src={typeof value === 'string' ? value : undefined} alt={label} sx={{ width: 64, height: 64 }} />
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        hidden
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      <Button
        variant="outlined"
        size="small"
        disabled={disabled || readonly || busy}
        onClick={() => input.current?.click()}
        startIcon={busy ? <CircularProgress size={16} /> : undefined}
      >
        {t('actions.upload')}
      </Button>
      {value && !busy && (
        <Button size="small" color="error" disabled={disabled || readonly} onClick={() => onChange(null)}>
          {t('actions.removePhoto')}
        </Button>
      )}
    </div>
  );
}
