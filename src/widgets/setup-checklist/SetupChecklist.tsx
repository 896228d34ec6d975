import { Link as RouterLink } from '@soloist/renderer';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Loading, routeFor, useCall, useRenderer, type ScreenWidget } from '@soloist/renderer';
import { useWidgetHost } from '../host';

interface Step {
  id: 'service' | 'businessHours' | 'onlineBooking' | 'client' | 'plan';
  done: boolean;
}

/** Where each step is done: the screen that does it. */
const SCREENS: Record<Step['id'], string> = {
  service: 'services.form',
  businessHours: 'account.business-hours',
  onlineBooking: 'appointments.online-booking',
  client: 'clients.form',
  plan: 'account.subscription',
};

/**
 * A new owner's first steps on the dashboard (GET /api/v1/user/setup-checklist): add a service, set business hours,
 * turn on online booking, add a client, on the trial choose the plan — each linking to its screen, ticked from real
 * data, gone when all are done.
 */
const SetupChecklist: ScreenWidget = () => {
  const { t, manifest } = useRenderer();
  const { user } = useWidgetHost();
  // Read-only accounts cannot act on it: no checklist for them.
  const { data } = useCall<{ data: Step[] }>('setup-checklist', user && !user.read_only ? {} : null, {
    revalidateOnFocus: true,
    revalidateOnMount: true,
    dedupingInterval: 0,
  });
  const steps = data?.data ?? [];
  const done = steps.filter((s) => s.done).length;
  // Read-only accounts have none; a list with every step done hides itself.
  if (user?.read_only) return null;
  if (!data) return <Loading label={t('app.loading')} inline />;
  if (done === steps.length) return null;
  return (
    <Card component="section" aria-labelledby="setup-title">
      <CardContent>
        <Typography id="setup-title" variant="h6" component="h2">
          {t('setup.title')}
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {t('setup.progress', { done, total: steps.length })}
        </Typography>
        <LinearProgress variant="determinate" value={(done / steps.length) * 100} sx={{ mb: 1 }} aria-hidden />
        <List dense>
          {steps.map((s) => (
            <ListItemButton key={s.id} component={RouterLink} to={routeFor(manifest, SCREENS[s.id])} data-done={s.done}>
              <ListItemIcon>
                {s.done ? (
                  <CheckCircleIcon color="success" titleAccess={t('setup.done')} />
                ) : (
                  <RadioButtonUncheckedIcon titleAccess={t('setup.todo')} />
                )}
              </ListItemIcon>
              <ListItemText
                primary={t(`setup.steps.${s.id}`)}
                sx={s.done ? { textDecoration: 'line-through', color: 'text.secondary' } : undefined}
              />
            </ListItemButton>
          ))}
        </List>
      </CardContent>
    </Card>
  );
};

export default SetupChecklist;
