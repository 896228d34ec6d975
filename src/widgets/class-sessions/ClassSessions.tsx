import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  HttpError,
  Link,
  useCall,
  useMutation,
  useOne,
  useParams,
  useRenderer,
  type ScreenWidget,
} from '@soloist/renderer';
import { Attendees } from './Attendees';
import { ScopeChoice, SessionDialog, type Scope, type SessionInput } from './SessionDialog';
import { dayInWords, TONES, type ClassShown, type Session } from './types';

type When = 'coming' | 'past';

/**
 * A class's sessions and attendees (the page `classes.sessions`, `/appointments/classes/:id/sessions`): the class
 * named with the way back to it, then its coming or past sessions (`Sessions`).
 */
const ClassSessions: ScreenWidget = ({ screen }) => {
  const { t } = useRenderer();
  const { id } = useParams();
  const { data: cls, error } = useOne<ClassShown>('classes', id ?? null);
  if (error) return <Alert severity="error">{error instanceof HttpError ? error.message : t('errors.server')}</Alert>;
  if (!cls) return <Skeleton variant="rounded" height={160} aria-label={t('app.loading')} />;
  return (
    <Box>
      <Link
        to={`/appointments/classes/${cls.id}`}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, marginBottom: 8 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden />
        {t('classSessions.back', { title: cls.title })}
      </Link>
      <Sessions cls={cls} back={screen.route.replace(':id', String(cls.id))} />
    </Box>
  );
};

/**
 * Coming or past sessions, each with its day in words, its weekly pattern and the spaces taken, and its attendees
 * (`Attendees`). The owner adds a session or a weekly pattern until a date, changes or deletes one — a session of a
 * pattern for this one or this and later ones — and seats clients. `back` is this page, where the till returns.
 */
function Sessions({ cls, back }: { cls: ClassShown; back: string }) {
  const { t, locale, notify, can, readOnly } = useRenderer();
  const write = useMutation();
  const [when, setWhen] = useState<When>('coming');
  const [editing, setEditing] = useState<Session | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Session | null>(null);
  const { data, error, isLoading } = useCall<{ data: Session[] }>(
    'classes.session-list',
    { params: { id: cls.id }, query: { when } },
    { revalidateOnMount: true },
  );
  // Offline (read-only) the controls stay, disabled, as every screen's do: the screen reads the same.
  const writable = can('update', 'Class') && !cls.archived;
  const sessions = data?.data ?? [];

  async function save(session: Session | null, input: SessionInput, scope: Scope | undefined) {
    const res = session
      ? await write.call<{ message?: string }>('classes.session-change', {
          params: { id: cls.id, session: session.id },
          query: scope ? { scope } : undefined,
          body: input,
        })
      : await write.call<{ message?: string }>('classes.session-add', { params: { id: cls.id }, body: input });
    if (res.message) notify(res.message, 'success');
  }

  async function remove(session: Session, scope: Scope | undefined) {
    try {
      const res = await write.call<{ message?: string }>('classes.session-delete', {
        params: { id: cls.id, session: session.id },
        query: scope ? { scope } : undefined,
      });
      if (res.message) notify(res.message, 'success');
      setDeleting(null);
    } catch (err) {
      const fields = err instanceof HttpError ? err.errors : undefined;
      notify(
        fields ? Object.values(fields)[0][0] : err instanceof HttpError ? err.message : t('errors.server'),
        'error',
      );
    }
  }

  return (
    <Box data-tour="class-sessions">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Tabs value={when} onChange={(_, v: When) => setWhen(v)} aria-label={t('fields.classes.sessions')}>
          <Tab value="coming" label={t('classSessions.coming')} />
          <Tab value="past" label={t('classSessions.past')} />
        </Tabs>
        {writable && (
          <Button
            startIcon={<AddIcon />}
            variant="outlined"
            disabled={readOnly}
            onClick={() => setEditing('new')}
            sx={{ ml: 'auto' }}
          >
            {t('classSessions.add')}
          </Button>
        )}
      </Box>
      {error && <Alert severity="error">{error instanceof HttpError ? error.message : t('errors.server')}</Alert>}
      {isLoading && !data && <Skeleton variant="rounded" height={96} aria-label={t('app.loading')} />}
      {data && sessions.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t(when === 'coming' ? 'classSessions.noComing' : 'classSessions.noPast')}
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {sessions.map((s) => (
          <Paper
            key={s.id}
            data-testid="class-session"
            variant="outlined"
            sx={{ p: 1.5 }}
            component="section"
            aria-label={dayInWords(s.date, locale)}
          >
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
              <Typography component="h3" variant="subtitle2" sx={{ mr: 'auto' }}>
                {t('classSessions.when', { date: dayInWords(s.date, locale), time: s.start_time })}
              </Typography>
              {writable && (
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  <Button size="small" disabled={readOnly} onClick={() => setEditing(s)}>
                    {t('actions.edit')}
                  </Button>
                  <Button size="small" color="error" disabled={readOnly} onClick={() => setDeleting(s)}>
                    {t('actions.delete')}
                  </Button>
                </Box>
              )}
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }}>
              {s.repeats_until && (
                <Chip
                  size="small"
                  label={t('classSessions.weekly', { date: dayInWords(s.repeats_until, locale, false) })}
                />
              )}
              <Chip
                size="small"
                sx={s.clients.length >= cls.spaces ? TONES.owed : TONES.plain}
                label={
                  s.clients.length >= cls.spaces
                    ? t('classSessions.full')
                    : t('classSessions.spaces', { taken: s.clients.length, spaces: cls.spaces })
                }
              />
            </Box>
            <Attendees classId={cls.id} session={s} spaces={cls.spaces} back={back} writable={writable} />
          </Paper>
        ))}
      </Box>
      {editing && (
        <SessionDialog
          session={editing === 'new' ? null : editing}
          onSave={(input, scope) => save(editing === 'new' ? null : editing, input, scope)}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteSession session={deleting} onDelete={remove} onClose={() => setDeleting(null)} />}
    </Box>
  );
}

/** Asks before deleting a session; for one of a weekly pattern, whether this one alone or this and later ones. */
function DeleteSession({
  session,
  onDelete,
  onClose,
}: {
  session: Session;
  onDelete(session: Session, scope: Scope | undefined): Promise<void>;
  onClose(): void;
}) {
  const { t, locale } = useRenderer();
  const [scope, setScope] = useState<Scope>('this');
  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-session" fullWidth maxWidth="xs">
      <DialogTitle id="delete-session">{t('classSessions.deleteTitle')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          {t('classSessions.when', { date: dayInWords(session.date, locale), time: session.start_time })}
        </Typography>
        {session.series_id && <ScopeChoice value={scope} onChange={setScope} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => void onDelete(session, session.series_id ? scope : undefined)}
        >
          {t('actions.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default ClassSessions;
