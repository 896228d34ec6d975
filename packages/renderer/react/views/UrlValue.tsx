import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useRenderer } from '../context.js';

/** An address to share (the booking page): the address itself, a button that opens it and one that copies it. */
export function UrlValue({ url }: { url: string }) {
  const { t, notify } = useRenderer();
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      notify(t('widgets.copied'), 'success');
    } catch {
      notify(t('widgets.copyFailed'), 'error');
    }
  }
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Link
        href={url}
        target="_blank"
        rel="noopener"
        sx={{ wordBreak: 'break-all' }}
        onClick={(e) => e.stopPropagation()}
      >
        {url}
      </Link>
      <Button size="small" variant="outlined" href={url} target="_blank" rel="noopener">
        {t('actions.open')}
      </Button>
      <Button size="small" variant="outlined" onClick={() => void copy()}>
        {t('actions.copyLink')}
      </Button>
    </Box>
  );
}
