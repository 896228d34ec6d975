import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { HttpError, useMutation, useRenderer } from '@soloist/renderer';

type Field = 'public_key' | 'private_key';

export interface LiqpayFormProps {
  /** The public key already connected (reconnecting), else empty. */
  publicKey?: string;
  canChange: boolean;
  /** After LiqPay accepted the keys and the server kept them. */
  onConnected(): Promise<unknown>;
}

/**
 * Connects the owner's LiqPay shop with its keys (`POST /integrations/liqpay`), which the server checks with LiqPay
 * before it keeps them: a key LiqPay refuses is said under its field (422), and the private key never shows unless
 * the owner asks to see it.
 */
export function LiqpayForm({ publicKey = '', canChange, onConnected }: LiqpayFormProps) {
  const { t, notify } = useRenderer();
  const write = useMutation();
  const [keys, setKeys] = useState<Record<Field, string>>({ public_key: publicKey, private_key: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);

  const change = (field: Field, value: string) => {
    setKeys((k) => ({ ...k, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const missing = Object.fromEntries(
      (['public_key', 'private_key'] as const)
        .filter((f) => !keys[f].trim())
        .map((f) => [f, t('integrations.liqpay.required')]),
    );
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      const res = await write.call<{ message?: string }>('integrations.liqpay', {
        body: { public_key: keys.public_key.trim(), private_key: keys.private_key.trim() },
      });
      if (res?.message) notify(res.message, 'success');
      setKeys((k) => ({ ...k, private_key: '' }));
      await onConnected();
    } catch (err) {
      const fields = err instanceof HttpError ? err.body.errors : undefined;
      const onFields = { public_key: fields?.public_key?.[0], private_key: fields?.private_key?.[0] };
      setErrors(onFields);
      if (!onFields.public_key && !onFields.private_key)
        setFailure(err instanceof HttpError ? err.message : t('app.networkError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate sx={{ display: 'grid', gap: 2 }}>
      {failure && <Alert severity="error">{failure}</Alert>}
      <TextField
        label={t('integrations.liqpay.publicKey')}
        value={keys.public_key}
        onChange={(e) => change('public_key', e.target.value)}
        error={Boolean(errors.public_key)}
        helperText={errors.public_key}
        required
        disabled={!canChange || busy}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 255, spellCheck: false } }}
      />
      <TextField
        label={t('integrations.liqpay.privateKey')}
        type={shown ? 'text' : 'password'}
        value={keys.private_key}
        onChange={(e) => change('private_key', e.target.value)}
        error={Boolean(errors.private_key)}
        helperText={errors.private_key}
        required
        disabled={!canChange || busy}
        // A secret of the shop, not the owner's password: the browser should not offer to save it.
        autoComplete="new-password"
        slotProps={{
          htmlInput: { maxLength: 255, spellCheck: false },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={t(shown ? 'integrations.liqpay.hideKey' : 'integrations.liqpay.showKey')}
                  aria-pressed={shown}
                  onClick={() => setShown((s) => !s)}
                  edge="end"
                  disabled={!canChange || busy}
                >
                  {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Typography variant="body2" color="text.secondary">
        {t('integrations.liqpay.hint')}
      </Typography>
      <Box>
        <Button type="submit" variant="contained" disabled={!canChange || busy}>
          {t('integrations.connect')}
        </Button>
      </Box>
    </Box>
  );
}
