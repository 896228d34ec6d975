import Avatar from '@mui/material/Avatar';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { formatFields } from '../../core/format';
import { useRenderer } from '../context';
import { currencyOf } from './Cell';
import type { ViewProps } from './types';

/** The compact list: avatar, title and subtitle per record; the whole row opens the record. */
export default function ListView({ rows, screen, onOpen }: ViewProps) {
  const ctx = useRenderer();
  const card = screen.card ?? {};
  const text = (row: ViewProps['rows'][number], fields?: string[]) =>
    formatFields(row, fields, screen.columns, ctx.t, ctx.locale, currencyOf(ctx));
  return (
    <List disablePadding aria-label={ctx.t(screen.title)}>
      {rows.map((row) => {
        const title = text(row, card.title);
        return (
          <ListItem key={String(row.id)} disablePadding divider>
            <ListItemButton onClick={() => onOpen(row)}>
              {card.image && (
                <ListItemAvatar>
                  <Avatar src={(row[card.image] as string) || undefined} alt="">
                    {title.slice(0, 1)}
                  </Avatar>
                </ListItemAvatar>
              )}
              <ListItemText primary={title} secondary={text(row, card.subtitle) || undefined} />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
