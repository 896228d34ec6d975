import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link, useRenderer } from '@soloist/renderer';
import type { CallAnswer } from '../../domain/calls';

export type Notification = CallAnswer<'bell.notifications', '200'>['data'][number];
export type NewsItem = CallAnswer<'bell.news', '200'>['data'][number];

const ROW = {
  py: 1.5,
  px: 2,
  borderBottom: 1,
  borderColor: 'divider',
  listStyle: 'none',
  '&:last-of-type': { borderBottom: 0 },
} as const;

interface ItemsProps<T> {
  items: T[];
  busy: boolean;
  /** Marks one read (news: READ; a notification: it leaves the list). */
  onRead(item: T): void;
  onDelete(item: T): void;
  /** Closes the bell (a link followed). */
  onLeave(): void;
}

/** The owner's unread notifications: each its text, a link to its record, mark read and delete. */
export function NotificationItems({ items, busy, onRead, onDelete, onLeave }: ItemsProps<Notification>) {
  const { t, locale } = useRenderer();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  if (items.length === 0)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {t('bell.emptyNotifications')}
      </Typography>
    );
  return (
    <Box component="ul" sx={{ m: 0, p: 0 }}>
      {items.map((n) => (
        <Box component="li" key={n.id} sx={ROW}>
          <Typography variant="body2">
            {n.link ? (
              <Link
                to={n.link}
                onClick={() => {
                  onRead(n);
                  onLeave();
                }}
              >
                {n.text}
              </Link>
            ) : (
              n.text
            )}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {when.format(new Date(n.created_at))}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
            <Button size="small" disabled={busy} onClick={() => onRead(n)}>
              {t('bell.markRead')}
            </Button>
            <Button size="small" color="inherit" disabled={busy} onClick={() => onDelete(n)}>
              {t('bell.delete')}
            </Button>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The news for this owner, newest first: unread ones marked New, each with mark read (until READ) and delete. */
export function NewsItems({ items, busy, onRead, onDelete }: ItemsProps<NewsItem>) {
  const { t, locale } = useRenderer();
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  if (items.length === 0)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {t('bell.emptyNews')}
      </Typography>
    );
  return (
    <Box component="ul" sx={{ m: 0, p: 0 }}>
      {items.map((n) => {
        const unread = n.status === 'UNREAD';
        return (
          <Box component="li" key={n.id} sx={ROW}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="subtitle2" component="h3" sx={{ fontWeight: unread ? 700 : 500 }}>
                {n.title}
              </Typography>
              {unread && <Chip size="small" color="primary" label={t('bell.unreadBadge')} />}
            </Box>
            <Typography variant="caption" color="text.secondary" component="p">
              {day.format(new Date(`${n.publish_date}T00:00:00Z`))}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mt: 0.5 }}>
              {n.text}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
              {unread && (
                <Button size="small" disabled={busy} onClick={() => onRead(n)}>
                  {t('bell.markRead')}
                </Button>
              )}
              <Button size="small" color="inherit" disabled={busy} onClick={() => onDelete(n)}>
                {t('bell.delete')}
              </Button>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
