import { useEffect, useId, useState, type MouseEvent } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { visuallyHidden } from '@mui/utils';
import { HttpError, useCall, useMutation, useRenderer } from '@soloist/renderer';
import { NewsItems, NotificationItems, type NewsItem, type Notification } from './BellItems';

type Tab = 'notifications' | 'news';
type Page<T> = { data: T[]; unread: number };
/** The bell reads its counts again this often while the app is open. */
const POLL_MS = 60_000;
const NAMES = {
  notifications: {
    read: 'bell.notification-read',
    all: 'bell.notifications-read-all',
    delete: 'bell.notification-delete',
  },
  news: { read: 'bell.news-read', all: 'bell.news-read-all', delete: 'bell.news-delete' },
} as const;

/**
 * The owner's bell in the app bar (spec §4, §7): a button naming how many notifications and news are unread (its
 * badge, and its label for screen readers), opening a panel of two tabs — notifications (the events to know, each
 * linking to its record; reading one removes it) and news (READ once read) — each with mark read, delete and mark
 * all read. It reads and writes only through the data provider's named calls (`bell.*`, schemas/calls.json).
 */
export default function Bell() {
  const { t, notify } = useRenderer();
  const write = useMutation();
  const ids = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [tab, setTab] = useState<Tab>('notifications');
  const [busy, setBusy] = useState(false);
  const poll = { refreshInterval: POLL_MS, revalidateOnFocus: true };
  const notifications = useCall<Page<Notification>>('bell.notifications', {}, poll);
  const news = useCall<Page<NewsItem>>('bell.news', {}, poll);
  const unread = (notifications.data?.unread ?? 0) + (news.data?.unread ?? 0);
  const open = anchor !== null;
  const failed = notifications.error || news.error;

  async function run(type: Tab, what: 'read' | 'all' | 'delete', id?: number) {
    setBusy(true);
    try {
      await write.call(NAMES[type][what], { ...(id === undefined ? {} : { params: { id } }), body: {} });
    } catch (err) {
      notify(err instanceof HttpError ? err.message : t('bell.failed'), 'error');
    } finally {
      setBusy(false);
    }
  }
  const items = (type: Tab) => ({
    busy,
    onRead: (item: { id: number }) => void run(type, 'read', item.id),
    onDelete: (item: { id: number }) => void run(type, 'delete', item.id),
    onLeave: () => setAnchor(null),
  });
  // A button that marks read goes with what it marked: focus stays in the panel (Escape still closes it) rather than
  // falling to the page behind.
  useEffect(() => {
    const panel = open && !busy ? document.getElementById(`${ids}-panel`) : null;
    if (panel && !panel.contains(document.activeElement)) panel.focus();
  }, [open, busy, notifications.data, news.data, ids]);
  const tabUnread = tab === 'notifications' ? notifications.data?.unread : news.data?.unread;
  const label = (type: Tab) => {
    const n = (type === 'notifications' ? notifications.data?.unread : news.data?.unread) ?? 0;
    return n > 0 ? `${t(`bell.${type}`)} (${n})` : t(`bell.${type}`);
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={unread > 0 ? t('bell.open', { count: unread }) : t('bell.openNone')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? `${ids}-panel` : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
      >
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Box component="span" role="status" sx={visuallyHidden}>
        {unread > 0 ? t('bell.open', { count: unread }) : ''}
      </Box>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            id: `${ids}-panel`,
            role: 'dialog',
            'aria-labelledby': `${ids}-title`,
            sx: { width: 'min(420px, calc(100vw - 16px))', maxHeight: 'min(560px, calc(100vh - 80px))' },
          } as object,
        }}
      >
        <Typography id={`${ids}-title`} component="h2" variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
          {t('bell.title')}
        </Typography>
        <Tabs value={tab} onChange={(_, v: Tab) => setTab(v)} variant="fullWidth" aria-label={t('bell.title')}>
          {(['notifications', 'news'] as const).map((type) => (
            <Tab
              key={type}
              value={type}
              label={label(type)}
              id={`${ids}-tab-${type}`}
              aria-controls={`${ids}-tabpanel-${type}`}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`${ids}-tabpanel-${tab}`} aria-labelledby={`${ids}-tab-${tab}`}>
          {failed && (
            <Typography sx={{ p: 2 }} color="error">
              {t('bell.failed')}
            </Typography>
          )}
          {(tabUnread ?? 0) > 0 && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, pt: 1 }}>
              <Button size="small" disabled={busy} onClick={() => void run(tab, 'all')}>
                {t('bell.markAllRead')}
              </Button>
            </Box>
          )}
          {tab === 'notifications' ? (
            <NotificationItems items={notifications.data?.data ?? []} {...items('notifications')} />
          ) : (
            <NewsItems items={news.data?.data ?? []} {...items('news')} />
          )}
        </Box>
      </Popover>
    </>
  );
}
