import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useRenderer } from '@soloist/renderer';
import { NewsItems, NotificationItems, type NewsItem, type Notification } from './BellItems';

export type BellTab = 'notifications' | 'news';

/** What a list of the panel does with an item: read it, delete it, follow its link. */
interface ItemActions {
  busy: boolean;
  onRead: (item: { id: number }) => void;
  onDelete: (item: { id: number }) => void;
  onLeave: () => void;
}

interface Props {
  /** The bell's id prefix: the panel, its title, tabs and tab panels are named from it. */
  ids: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  tab: BellTab;
  onTab: (tab: BellTab) => void;
  /** A tab's name with its unread count. */
  label: (tab: BellTab) => string;
  failed: boolean;
  /** The unread of the tab shown: "mark all read" is offered while there are some. */
  unread: number;
  busy: boolean;
  onReadAll: () => void;
  notifications: Notification[];
  news: NewsItem[];
  itemsFor: (tab: BellTab) => ItemActions;
}

/**
 * The bell's panel: a dialog under the button with two tabs, notifications and news, the one shown with "mark all
 * read" while it has unread items. Its code is a chunk of its own, loaded when the bell is first pointed at or
 * opened: the app bar's first paint does without the tabs and the lists.
 */
export default function BellPanel(props: Props) {
  const { ids, tab, label } = props;
  const { t } = useRenderer();
  return (
    <Popover
      open
      anchorEl={props.anchor}
      onClose={props.onClose}
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
      <Tabs value={tab} onChange={(_, v: BellTab) => props.onTab(v)} variant="fullWidth" aria-label={t('bell.title')}>
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
        {props.failed && (
          <Typography sx={{ p: 2 }} color="error">
            {t('bell.failed')}
          </Typography>
        )}
        {props.unread > 0 && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, pt: 1 }}>
            <Button size="small" disabled={props.busy} onClick={props.onReadAll}>
              {t('bell.markAllRead')}
            </Button>
          </Box>
        )}
        {tab === 'notifications' ? (
          <NotificationItems items={props.notifications} {...props.itemsFor('notifications')} />
        ) : (
          <NewsItems items={props.news} {...props.itemsFor('news')} />
        )}
      </Box>
    </Popover>
  );
}
