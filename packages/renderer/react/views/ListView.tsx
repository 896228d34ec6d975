import Avatar from '@mui/material/Avatar';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Fragment, type ReactNode } from 'react';
import { formatFields } from '../../core/format.js';
import { useRenderer } from '../context.js';
import { Cell, drawnInCards, valueHostOf } from './Cell.js';
import type { ViewProps } from './types.js';

/**
 * A card's subtitle: its fields written as their columns are (money, dates…), a field whose column is drawn (a
 * host's own type, a colour) drawn by that cell type, joined with spaces and skipping empty ones.
 */
function Subtitle({
  row,
  fields = [],
  screen,
}: {
  row: ViewProps['rows'][number];
  fields?: string[];
  screen: ViewProps['screen'];
}) {
  const ctx = useRenderer();
  const parts: ReactNode[] = [];
  for (const field of fields) {
    const column = screen.columns?.find((c) => c.field === field);
    const value = row[field];
    if (drawnInCards(column)) {
      if (value !== null && value !== undefined && value !== '') parts.push(<Cell column={column} record={row} />);
    } else {
      const text = formatFields(row, [field], screen.columns, ctx.t, ctx.locale, valueHostOf(ctx));
      if (text) parts.push(text);
    }
  }
  if (parts.length === 0) return null;
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && ' '}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** The compact list: avatar, title and subtitle per record; the whole row opens the record. */
export default function ListView({ rows, screen, onOpen }: ViewProps) {
  const ctx = useRenderer();
  const card = screen.card ?? {};
  const text = (row: ViewProps['rows'][number], fields?: string[]) =>
    formatFields(row, fields, screen.columns, ctx.t, ctx.locale, valueHostOf(ctx));
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
              <ListItemText
                primary={title}
                secondary={
                  card.subtitle?.length ? <Subtitle row={row} fields={card.subtitle} screen={screen} /> : undefined
                }
              />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
