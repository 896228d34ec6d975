import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { matchesWhen, type RecordData } from '../../core/types.js';
import type { NoteDef } from '../../core/generated/schema-language.js';
import { useRenderer } from '../context.js';
import { rowTexts } from '../list/row-values.js';
import { Link } from '../router.js';
import { valueHostOf } from '../views/Cell.js';

/**
 * A section's sentences about its record (`notes`): each shown while the record matches its `showWhen`, its
 * `{{names}}` the record's fields written as its `values` columns write them (money in its currency, dates in words),
 * its plural form picked by the field `count` names; plain, or a notice of its `tone` with a way on (`link`).
 */
export function Notes({ notes, record }: { notes: NoteDef[]; record: RecordData }) {
  const ctx = useRenderer();
  const { t, locale } = ctx;
  const shown = notes.filter((n) => matchesWhen(n.showWhen, record));
  if (shown.length === 0) return null;
  return (
    <>
      {shown.map((note, i) => {
        const values: Record<string, unknown> = rowTexts(
          record,
          note.values ?? [],
          t,
          locale,
          valueHostOf(ctx, record),
        );
        if (note.count) values.count = Number(record[note.count] ?? 0);
        const text = t(note.text, values);
        const link = note.link && (
          <Link to={note.link.to.replace(/\{(\w+)\}/g, (_, f: string) => encodeURIComponent(String(record[f] ?? '')))}>
            {t(note.link.label)}
          </Link>
        );
        if (!note.tone || note.tone === 'plain')
          return (
            <Typography key={i} variant="body2" sx={{ mb: 1 }}>
              {text}
              {link && <> {link}</>}
            </Typography>
          );
        return (
          <Alert key={i} severity={note.tone} sx={{ mb: 1 }} action={link}>
            {text}
          </Alert>
        );
      })}
    </>
  );
}
