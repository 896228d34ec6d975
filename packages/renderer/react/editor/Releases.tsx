import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRenderer } from '../context.js';
import { useCall } from '../data.js';

interface Release {
  id: number;
  note: string;
  copied_from: number | null;
  published_at: string;
  published_by: string | null;
  changes: number;
}

/** Every release, newest first, with its note, who published it and when; an older one can be made live again. */
export function Releases({
  write,
}: {
  write: (name: string, options: { params?: Record<string, number>; body?: unknown }, done: string) => Promise<boolean>;
}) {
  const { t, locale, confirm } = useRenderer();
  const { data } = useCall<{ data: Release[] }>('ui.releases');
  const releases = data?.data ?? [];
  // A release that was itself a roll back is named by the one it copied, so notes do not nest ("Back to 'Back to …'").
  const original = (r: Release): Release => {
    let at = r;
    for (let hops = 0; at.copied_from !== null && hops < releases.length; hops++)
      at = releases.find((x) => x.id === at.copied_from) ?? at;
    return at;
  };
  const rollBack = async (r: Release) => {
    const { note } = original(r);
    if (!(await confirm(t('screenEditor.rollbackQuestion', { note })))) return;
    await write(
      'ui.rollback',
      { params: { id: r.id }, body: { note: t('screenEditor.rollbackNote', { note }) } },
      'screenEditor.rolledBack',
    );
  };
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="se-releases">
      <Typography id="se-releases" variant="h6" component="h2" gutterBottom>
        {t('screenEditor.releases')}
      </Typography>
      {releases.length === 0 && <Typography color="text.secondary">{t('screenEditor.noReleases')}</Typography>}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {releases.map((r, i) => (
          <Box component="li" key={r.id}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{r.note}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('screenEditor.releaseLine', {
                when: new Date(r.published_at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }),
                who: r.published_by ?? '—',
                count: r.changes,
              })}
            </Typography>
            {i > 0 && (
              <Button size="small" onClick={() => void rollBack(r)}>
                {t('screenEditor.rollback')}
              </Button>
            )}
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
