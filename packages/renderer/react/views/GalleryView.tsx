import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { formatFields } from '../../core/format.js';
import { useRenderer } from '../context.js';
import { Cell, drawnInCards, valueHostOf } from './Cell.js';
import type { ViewProps } from './types.js';

/** Cards in a responsive grid: one column on phones, up to four on wide screens. */
export default function GalleryView({ rows, screen, onOpen }: ViewProps) {
  const ctx = useRenderer();
  const card = screen.card ?? {};
  const text = (row: ViewProps['rows'][number], fields?: string[]) =>
    formatFields(row, fields, screen.columns, ctx.t, ctx.locale, valueHostOf(ctx));
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
      }}
    >
      {rows.map((row) => {
        const title = text(row, card.title);
        return (
          <li key={String(row.id)}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea onClick={() => onOpen(row)} sx={{ height: '100%' }}>
                <CardContent
                  sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1 }}
                >
                  {card.image && (
                    <Avatar src={(row[card.image] as string) || undefined} alt="" sx={{ width: 72, height: 72 }}>
                      {title.slice(0, 1)}
                    </Avatar>
                  )}
                  <Typography variant="subtitle1" component="h2">
                    {title}
                  </Typography>
                  {card.subtitle?.map((f) => {
                    if (!row[f]) return null;
                    const column = screen.columns?.find((c) => c.field === f);
                    return (
                      <Typography key={f} variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                        {drawnInCards(column) ? <Cell column={column} record={row} /> : text(row, [f])}
                      </Typography>
                    );
                  })}
                </CardContent>
              </CardActionArea>
            </Card>
          </li>
        );
      })}
    </Box>
  );
}
