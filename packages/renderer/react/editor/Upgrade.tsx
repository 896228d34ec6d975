import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRenderer } from '../context.js';
import { useCall } from '../data.js';

interface Entry {
  index: number;
  class: 'applied' | 'rebased' | 'conflict' | 'orphaned';
  sentence: string;
}

const COLOURS = { applied: 'success', rebased: 'info', conflict: 'warning', orphaned: 'default' } as const;

/**
 * What became of the live changes over the screens as they ship now (after an upgrade): those applied as made are
 * counted, the others listed — rebased (applied, not quite as asked), conflict and orphaned (left out).
 */
export function Upgrade() {
  const { t } = useRenderer();
  const { data } = useCall<{ data: Entry[] }>('ui.upgrade');
  const entries = data?.data ?? [];
  const others = entries.filter((e) => e.class !== 'applied');
  if (entries.length === 0) return null;
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="se-upgrade">
      <Typography id="se-upgrade" variant="h6" component="h2" gutterBottom>
        {t('screenEditor.upgrade.title')}
      </Typography>
      <Alert severity={others.some((e) => e.class !== 'rebased') ? 'warning' : 'success'} sx={{ mb: 1 }}>
        {t('screenEditor.upgrade.summary', { count: entries.length, applied: entries.length - others.length })}
      </Alert>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {others.map((e) => (
          <Box component="li" key={e.index} sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Chip size="small" color={COLOURS[e.class]} label={t(`screenEditor.upgrade.${e.class}`)} />
            <Typography sx={{ overflowWrap: 'anywhere', flex: '1 1 240px' }}>{e.sentence}</Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
