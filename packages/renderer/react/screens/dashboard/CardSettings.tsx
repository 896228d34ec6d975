import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
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
import { HttpError } from '../../../core/rest.js';
import type { ScreenDef } from '../../../core/types.js';
import { useCardSource } from '../../card-source.js';
import { useRenderer, type ScreenWidget } from '../../context.js';

type Setting = { id: string; shown: boolean };

/**
 * A dashboard's card settings, for a page to host: the cards of the dashboard its `source` names (the screen's URL,
 * `/api/v1/ui/screens/dashboard.home`) that the caller's rules allow, each shown or hidden and moved up or down,
 * saved with PUT to the dashboard's `settings` — which the dashboard reads (the same cache entry, so it follows at
 * once). A caller who may not `update` the page resource's subject sees them without changing them, and is told why.
 */
const CardSettings: ScreenWidget = ({ screen, card }) => {
  const { t, rest, can, notify, manifest, readOnly } = useRenderer();
  const { mutate } = useSWRConfig();
  const dashboard = useCardSource<{ data: ScreenDef<'dashboard'> }>(card).data?.data;
  const path = dashboard?.settings;
  const saved = useCardSource<{ data: { cards: Setting[] } }>(path ? { source: path } : undefined).data;
  const [cards, setCards] = useState<Setting[] | null>(null);
  const [pending, setPending] = useState(false);
  const subject = screen.resource ? manifest.resources[screen.resource]?.subject : undefined;
  const mayChange = !subject || can('update', subject);
  const locked = pending || !mayChange || Boolean(readOnly);
  const declared = (dashboard?.cards ?? []).filter(
    (c) => c.id && (!c.gate?.subject || can(c.gate.action ?? 'read', c.gate.subject)),
  );
  const titles = new Map(declared.map((c) => [c.id!, t(c.title)]));
  useEffect(() => {
    if (saved && dashboard && !cards) setCards(saved.data.cards.filter((c) => titles.has(c.id)));
  }, [saved, dashboard]);
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
      // Cards this caller cannot see keep their place after the ones listed.
      const hidden = saved!.data.cards.filter((c) => !titles.has(c.id));
      const res = await rest.send<{ data: { cards: Setting[] } }>('PUT', path!, { cards: [...list, ...hidden] });
      await mutate(['card-source', path], res, { revalidate: false });
      setCards(list);
      notify(t('dashboard.saved'), 'success');
    } catch (err) {
      notify(err instanceof HttpError ? err.message : t('app.networkError'), 'error');
    } finally {
      setPending(false);
    }
  };
  const describedBy = mayChange ? undefined : 'card-settings-locked';
  return (
    <Box>
      <Typography color="text.secondary" gutterBottom>
        {t('dashboard.settingsIntro')}
      </Typography>
      {!mayChange && (
        <Alert id="card-settings-locked" severity="info" sx={{ mb: 1 }}>
          {t('permissions.readOnly')}
        </Alert>
      )}
      <List>
        {cards.map((c, i) => {
          const title = titles.get(c.id)!;
          return (
            <ListItem
              key={c.id}
              divider
              secondaryAction={
                <Box>
                  <IconButton
                    aria-label={t('dashboard.moveUp', { card: title })}
                    disabled={locked || i === 0}
                    onClick={() => move(i, -1)}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={t('dashboard.moveDown', { card: title })}
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
                slotProps={{ input: { 'aria-label': t('dashboard.shown', { card: title }) } }}
              />
              <ListItemText primary={title} />
            </ListItem>
          );
        })}
      </List>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
        <Button variant="contained" disabled={locked} aria-describedby={describedBy} onClick={() => void save(cards)}>
          {t('actions.save')}
        </Button>
        <Button
          disabled={locked}
          aria-describedby={describedBy}
          onClick={() => void save(declared.map((c) => ({ id: c.id!, shown: true })))}
        >
          {t('dashboard.reset')}
        </Button>
      </Box>
    </Box>
  );
};

export default CardSettings;
