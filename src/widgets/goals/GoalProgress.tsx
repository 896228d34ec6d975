import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link, routeFor, useCardSource, useRenderer, type ScreenWidget } from '@soloist/renderer';
import { useGoalWords, type GoalProgress as Progress, type ProgressAnswer } from './shared';

/** One goal: what it is, its period, a bar of how far along it is, and the figures in words. */
export function GoalBar({ goal, currency }: { goal: Progress; currency: string }) {
  const { t } = useRenderer();
  const words = useGoalWords(currency);
  const label = `${t(`enums.${goal.type}`)} · ${t(`goals.per.${goal.timeframe}`)}`;
  return (
    <Box sx={{ mb: 1.5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
          {label}
        </Typography>
        <Typography variant="body2" component="span" color={goal.percent >= 100 ? 'success.main' : 'text.secondary'}>
          {goal.percent >= 100 ? `${t('goals.reached')} · ` : ''}
          {t('goals.percent', { percent: goal.percent })}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, goal.percent)}
        color={goal.percent >= 100 ? 'success' : 'primary'}
        aria-label={label}
        aria-valuetext={t('goals.of', {
          achieved: words.figure(goal.unit, goal.achieved),
          amount: words.figure(goal.unit, goal.amount),
        })}
        sx={{ height: 8, borderRadius: 4, my: 0.5 }}
      />
      <Typography variant="caption" color="text.secondary">
        {t('goals.of', {
          achieved: words.figure(goal.unit, goal.achieved),
          amount: words.figure(goal.unit, goal.amount),
        })}
        {' · '}
        {words.period(goal.from, goal.to)}
      </Typography>
    </Box>
  );
}

/** The dashboard's goals card: each goal's progress in its current period, or the way to set one. */
const GoalProgress: ScreenWidget = ({ card }) => {
  const { t, manifest } = useRenderer();
  const { data, error } = useCardSource<ProgressAnswer>(card);
  if (error) return <Typography color="text.secondary">{t('app.loadFailed')}</Typography>;
  if (!data) return <Skeleton variant="rectangular" height={80} />;
  if (!data.data.length)
    return (
      <Box>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {t('goals.empty')}
        </Typography>
        <Button component={Link} to={routeFor(manifest, 'goals.new')} variant="outlined" size="small">
          {t('goals.create')}
        </Button>
      </Box>
    );
  return (
    <Box>
      {data.data.slice(0, 4).map((g) => (
        <GoalBar key={g.id} goal={g} currency={data.currency} />
      ))}
    </Box>
  );
};

export default GoalProgress;
