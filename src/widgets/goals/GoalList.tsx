import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { HttpError, Link, routeFor, useCardSource, useRenderer, type ScreenWidget } from '../../../renderer';
import { GoalBar } from './GoalProgress';
import type { ProgressAnswer } from './shared';

/** The goals screen: every goal with its progress, to change (the wizard again) or delete. */
const GoalList: ScreenWidget = ({ card }) => {
  const { t, manifest, rest, notify, confirm, can } = useRenderer();
  const { data, error, mutate } = useCardSource<ProgressAnswer>(card);
  if (error) return <Typography color="text.secondary">{t('app.loadFailed')}</Typography>;
  if (!data) return <Skeleton variant="rectangular" height={120} />;
  const wizard = routeFor(manifest, 'goals.new');
  if (!data.data.length)
    return (
      <Box sx={{ textAlign: 'center', py: 3 }}>
        <Typography color="text.secondary" gutterBottom>
          {t('goals.empty')}
        </Typography>
        {can('create', 'Goal') && (
          <Button component={Link} to={wizard} variant="contained">
            {t('goals.create')}
          </Button>
        )}
      </Box>
    );
  const remove = async (id: number) => {
    if (!(await confirm(t('goals.deleteConfirm'), { confirm: t('goals.delete'), cancel: t('goals.keep') }))) return;
    try {
      await rest.remove('/api/v1/goals', id);
      notify(t('goals.deleted'), 'success');
      await mutate();
    } catch (err) {
      notify(err instanceof HttpError ? err.message : t('app.networkError'), 'error');
    }
  };
  return (
    <Box component="ul" sx={{ display: 'grid', gap: 1.5, p: 0, m: 0, listStyle: 'none' }}>
      {data.data.map((g) => (
        <Paper component="li" key={g.id} variant="outlined" sx={{ p: 2 }}>
          <GoalBar goal={g} currency={data.currency} />
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            {can('update', 'Goal') && (
              <Button size="small" component={Link} to={`${wizard}?edit=${g.id}`}>
                {t('goals.edit')}
              </Button>
            )}
            {can('delete', 'Goal') && (
              <Button size="small" color="error" onClick={() => void remove(g.id)}>
                {t('goals.delete')}
              </Button>
            )}
          </Box>
        </Paper>
      ))}
    </Box>
  );
};

export default GoalList;
