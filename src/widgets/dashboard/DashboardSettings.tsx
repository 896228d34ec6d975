import { useEffect, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { HttpError, useRenderer, type ScreenDef, type ScreenWidget } from '../../../renderer';

const DASHBOARD = 'dashboard.home';
const SETTINGS = '/api/v1/user/dashboard-settings';
type Setting = { id: string; shown: boolean };

/**
 * Dashboard settings (`/account-setup/customisation/dashboard-settings`): the dashboard's cards the owner may see,
 * each shown or hidden and moved up or down, saved with `PUT /user/dashboard-settings`.
 */
const DashboardSettings: ScreenWidget = () => {
  const { t, rest, can, notify } = useRenderer();
  const { mutate } = useSWRConfig();
  const { data: screen } = useSWR(['ui-screen', DASHBOARD], () =>
    rest.getJson<{ data: ScreenDef }>(`/api/v1/ui/screens/${DASHBOARD}`),
  );
  const { data: saved } = useSWR(['card-source', SETTINGS], () =>
    rest.getJson<{ data: { cards: Setting[] } }>(SETTINGS),
  );
  const [cards, setCards] = useState<Setting[] | null>(null);
  const [pending, setPending] = useState(false);
  // Read-only mode (the subscription ended, a payment is owed): the settings are shown, not changed, and the owner
  // is told why rather than refused after pressing Save.
  const mayChange = can('update', 'DashboardSettings');
  const locked = pending || !mayChange;
  const declared = (screen?.data.cards ?? []).filter(
    (c) => c.id && (!c.gate?.subject || can(c.gate.action ?? 'read', c.gate.subject)),
  );
  const titles = new Map(declared.map((c) => [c.id!, t(c.title)]));
  useEffect(() => {
    if (saved && screen && !cards) setCards(saved.data.cards.filter((c) => titles.has(c.id)));
  }, [saved, screen]);
  if (!cards) return <Skeleton variant="rectangular" height={240} />;

  const move = (i: number, by: number) =>
    setCards((list) => {
      const next = [...list!];
      [next[i], next[i + by]] = [next[i + by], next[i]];
      return next;
    });
  const save = async (list: Setting[]) => {
    setPending(true);
    try {
      // Cards this owner cannot see keep their place after the ones listed.
      const hidden = saved!.data.cards.filter((c) => !titles.has(c.id));
      const res = await rest.send<{ data: { cards: Setting[] } }>('PUT', SETTINGS, { cards: [...list, ...hidden] });
      await mutate(['card-source', SETTINGS], res, { revalidate: false });
      setCards(list);
      notify(t('dashboard.saved'), 'success');
    } catch (err) {
      notify(err instanceof HttpError ? err.message : t('app.networkError'), 'error');
    } finally {
      setPending(false);
    }
  };
  return (
    <Box>
      <Typography color="text.secondary" gutterBottom>
        {t('dashboard.settingsIntro')}
      </Typography>
      {!mayChange && (
        <Alert id="dashboard-settings-locked" severity="info" sx={{ mb: 1 }}>
          {t('permissions.readOnly')}
        </Alert>
      )}
      <List>
        {cards.map((c, i) => {
          const card = titles.get(c.id)!;
          return (
            <ListItem
              key={c.id}
              divider
              secondaryAction={
                <Box>
                  <IconButton
                    aria-label={t('dashboard.moveUp', { card })}
                    disabled={locked || i === 0}
                    onClick={() => move(i, -1)}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={t('dashboard.moveDown', { card })}
                    disabled={locked || i === cards.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </Box>
              }
            >
              <Checkbox
                edge="start"
                checked={c.shown}
                disabled={locked}
                onChange={(e) => setCards(cards.map((x) => (x.id === c.id ? { ...x, shown: e.target.checked } : x)))}
                slotProps={{ input: { 'aria-label': t('dashboard.shown', { card }) } }}
              />
              <ListItemText primary={card} />
            </ListItem>
          );
        })}
      </List>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
        <Button
          variant="contained"
          disabled={locked}
          aria-describedby={mayChange ? undefined : 'dashboard-settings-locked'}
          onClick={() => void save(cards)}
        >
          {t('actions.save')}
        </Button>
        <Button
          disabled={locked}
          aria-describedby={mayChange ? undefined : 'dashboard-settings-locked'}
          onClick={() => void save(declared.map((c) => ({ id: c.id!, shown: true })))}
        >
          {t('dashboard.reset')}
        </Button>
      </Box>
    </Box>
  );
};

export default DashboardSettings;
