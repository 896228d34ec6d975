import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { HttpError, useCardSource, useDataProvider, useRenderer, type ScreenWidget } from '@soloist/renderer';
import type { Archive } from './shared';

/** How often the list is read again while an archive is being made. */
const POLL_MS = 2000;
const COLOURS = { queued: 'default', running: 'info', ready: 'success', failed: 'error' } as const;

/**
 * The owner's archives, newest first, with "export now" (`POST /user/export-information`): each archive's day and
 * time in words, what it holds, its size and state, and a download once it is ready. While one is being made the
 * list is read again every two seconds.
 */
const ExportArchives: ScreenWidget = ({ card }) => {
  const { t, notify, can, locale } = useRenderer();
  const provider = useDataProvider();
  const { data, error, mutate } = useCardSource<{ data: Archive[] }>(card);
  const [pending, setPending] = useState(false);
  const underWay = data?.data.some((a) => a.status === 'queued' || a.status === 'running') ?? false;
  useEffect(() => {
    if (!underWay) return;
    const timer = setInterval(() => void mutate(), POLL_MS);
    return () => clearInterval(timer);
  }, [underWay, mutate]);
  if (error) return <Typography color="text.secondary">{t('app.loadFailed')}</Typography>;
  if (!data) return <Skeleton variant="rectangular" height={160} />;

  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const size = (bytes: number) =>
    bytes < 1024 * 1024
      ? new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(
          Math.max(1, bytes / 1024),
        )
      : new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
          bytes / 1024 / 1024,
        );
  const exportNow = async () => {
    setPending(true);
    try {
      const res = await provider.call<{ data: Archive; message?: string }>('export-information.create', { body: {} });
      notify(res.message ?? t('exportInformation.started'), 'success');
      await mutate();
    } catch (err) {
      notify(err instanceof HttpError ? err.message : t('app.networkError'), 'error');
    } finally {
      setPending(false);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {can('create', 'DataExport') && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Button variant="contained" onClick={() => void exportNow()} disabled={pending || underWay}>
            {t('exportInformation.exportNow')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('exportInformation.exportNowHelp')}
          </Typography>
        </Box>
      )}
      {data.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('exportInformation.empty')}
        </Typography>
      ) : (
        <List aria-label={t('exportInformation.archives')} disablePadding>
          {data.data.map((a) => (
            <ListItem key={a.id} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                sx={{ flex: '1 1 260px' }}
                primary={when.format(new Date(a.created_at))}
                secondary={[
                  t(`exportInformation.kind.${a.kind}`),
                  a.parts.map((p) => t(`exportInformation.parts.${p}`)).join(', '),
                  a.format === 'csv' ? 'CSV' : 'Excel',
                  a.size === null ? null : size(a.size),
                  a.status === 'ready' && a.delivery === 'email' ? t('exportInformation.emailed') : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <Chip size="small" color={COLOURS[a.status]} label={t(`exportInformation.status.${a.status}`)} />
                {a.status === 'ready' && (
                  <Button
                    size="small"
                    startIcon={<DownloadIcon />}
                    href={provider.url('export-information.download', { params: { id: a.id } })}
                    aria-label={`${t('exportInformation.download')}: ${when.format(new Date(a.created_at))}`}
                  >
                    {t('exportInformation.download')}
                  </Button>
                )}
              </Box>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
};

export default ExportArchives;
