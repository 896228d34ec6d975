import { useRef, useState } from 'react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { HttpError } from '../../core/rest.js';
import { useRenderer } from '../context.js';

/**
 * Uploads an image through the data client and stores the returned URL in the field. With `ui:options.documents`
 * (a receipt) a PDF is taken too, and shown as a link to open it; until one is given, a receipt's icon stands where
 * it will show (not a person's silhouette), and the button says it takes a file.
 */
export default function ImageWidget({ id, value, onChange, disabled, readonly, label, options }: WidgetProps) {
  const { rest, t, notify } = useRenderer();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const documents = options?.documents === true;
  const pdf = typeof value === 'string' && value.toLowerCase().endsWith('.pdf');

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      onChange(await rest.upload(file, documents ? 'document' : 'image'));
    } catch (err) {
      notify(err instanceof HttpError ? err.message : t('errors.server'), 'error');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
      {pdf ? (
        <Link href={value as string} target="_blank" rel="noopener">
          {t('actions.openPdf')}
        </Link>
      ) : documents && !value ? (
        <Avatar
          variant="rounded"
          alt=""
          sx={{ width: 64, height: 64, bgcolor: 'action.hover', color: 'text.secondary' }}
        >
          <ReceiptIcon fontSize="large" />
        </Avatar>
      ) : (
        <Avatar
          src={typeof value === 'string' ? value : undefined}
          alt={label}
          variant={documents ? 'rounded' : 'circular'}
          sx={{ width: 64, height: 64 }}
        />
      )}
      <input
        ref={input}
        id={id}
        type="file"
        accept={`image/jpeg,image/png,image/webp,image/gif${documents ? ',application/pdf' : ''}`}
        hidden
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      <Button
        variant="outlined"
        size="small"
        disabled={disabled || readonly || busy}
        aria-describedby={ariaDescribedByIds(id)}
        onClick={() => input.current?.click()}
        startIcon={busy ? <CircularProgress size={16} /> : documents ? <UploadIcon /> : undefined}
      >
        {t(documents ? 'actions.uploadFile' : 'actions.upload')}
      </Button>
      {value && !busy && (
        <Button size="small" color="error" disabled={disabled || readonly} onClick={() => onChange(null)}>
          {t(documents ? 'actions.removeFile' : 'actions.removePhoto')}
        </Button>
      )}
    </div>
  );
}
