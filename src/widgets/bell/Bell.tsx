import { lazy, Suspense, useEffect, useId, useState, type MouseEvent } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { visuallyHidden } from '@mui/utils';
import { HttpError, useCall, useMutation, useRenderer } from '@soloist/renderer';
import type { NewsItem, Notification } from './BellItems';
import type { BellTab as Tab } from './BellPanel';

/** The panel's code (its tabs and lists) loads when the bell is first pointed at, focused or opened. */
const loadPanel = () => import(/* webpackChunkName: "widget-bell-panel" */ './BellPanel');
const BellPanel = lazy(loadPanel);
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
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
      >
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Box component="span" role="status" sx={visuallyHidden}>
        {unread > 0 ? t('bell.open', { count: unread }) : ''}
      </Box>
      {open && (
        <Suspense fallback={null}>
          <BellPanel
            ids={ids}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            tab={tab}
            onTab={setTab}
            label={label}
            failed={Boolean(failed)}
            unread={tabUnread ?? 0}
            busy={busy}
            onReadAll={() => void run(tab, 'all')}
            notifications={notifications.data?.data ?? []}
            news={news.data?.data ?? []}
            itemsFor={items}
          />
        </Suspense>
      )}
    </>
  );
}
