import Box from '@mui/material/Box';
import MuiLink from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link, routeFor, useCardSource, useRenderer, type ScreenWidget } from '@soloist/renderer';
import { dateInWords } from '../../domain/dates-in-words';

interface AgendaItem {
  id: number;
  date: string;
  start_time: string;
  end_time: string;
  type: string;
  title: string | null;
  service: string | null;
  clients: string[];
  cancelled: boolean;
}
interface Statistic {
  data: { appointments: { today: AgendaItem[]; next: AgendaItem[] } | null };
}

/** Today's appointments and the next ones (from `/data/statistic`), each opening its appointment. */
const Agenda: ScreenWidget = ({ card }) => {
  const { t, locale, manifest } = useRenderer();
  const { data, error } = useCardSource<Statistic>(card);
  if (error) return <Typography color="text.secondary">{t('app.loadFailed')}</Typography>;
  if (!data) return <Skeleton variant="rectangular" height={160} />;
  const agenda = data.data.appointments;
  if (!agenda) return null;

  const item = (a: AgendaItem, withDate: boolean) => {
    const who = a.type === 'private' ? a.title || t('dashboard.privateTime') : a.clients.join(', ') || a.title || '—';
    // The next ones may be in the new year: their date carries its year then ("Fri 8 Jan 2027").
    const when = `${withDate ? `${dateInWords(a.date, locale, { weekday: 'short', month: 'short' })}, ` : ''}${a.start_time}–${a.end_time}`;
    return (
      <ListItem key={a.id} disablePadding>
        <ListItemButton
          component={Link}
          to={routeFor(manifest, 'appointments.form', { id: a.id })}
          sx={{ px: 1, borderRadius: 1 }}
        >
          <ListItemText
            primary={who}
            secondary={[when, a.service, a.cancelled ? t('dashboard.allCancelled') : null].filter(Boolean).join(' · ')}
            slotProps={{
              primary: { sx: a.cancelled ? { textDecoration: 'line-through', color: 'text.secondary' } : {} },
            }}
          />
        </ListItemButton>
      </ListItem>
    );
  };
  const section = (title: string, items: AgendaItem[], empty: string, withDate: boolean) => (
    <Box component="section" aria-label={title}>
      <Typography variant="overline" component="h3" color="text.secondary">
        {title}
      </Typography>
      {items.length ? (
        <List dense disablePadding>
          {items.map((a) => item(a, withDate))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {empty}
        </Typography>
      )}
    </Box>
  );
  return (
    <Box>
      {section(t('dashboard.today'), agenda.today, t('dashboard.noneToday'), false)}
      {section(t('dashboard.next'), agenda.next, t('dashboard.noneNext'), true)}
      <MuiLink component={Link} to={routeFor(manifest, 'appointments.calendar')}>
        {t('dashboard.openCalendar')}
      </MuiLink>
    </Box>
  );
};

export default Agenda;
