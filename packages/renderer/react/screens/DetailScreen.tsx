import { Suspense, useState } from 'react';
import { useNavigate, useParams } from '../router.js';
import useSWR, { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { Loading } from '../Loading.js';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { fieldLabelKey, formatFields, isBlank, joinFields } from '../../core/format.js';
import { HttpError } from '../../core/rest.js';
import { routeFor } from '../../core/routes.js';
import { matchesWhen, ofKind, type ActionDef, type RecordData, type ScreenDef } from '../../core/types.js';
import { writesData } from '../../core/writes.js';
import { runAction, shownFor } from '../actions.js';
import { useRenderer, type DetailWidgetApi } from '../context.js';
import { useDataProvider } from '../data.js';
import { Notes } from '../detail/Notes.js';
import { ScreenErrorBoundary } from '../ScreenErrorBoundary.js';
import type { ScreenProps } from '../types.js';
import { Cell, valueHostOf } from '../views/Cell.js';
import { ActionDialog } from '../list/ActionDialog.js';
import { RelatedList, relatedSource } from '../list/RelatedList.js';
import { rowQuery, rowTexts } from '../list/row-values.js';
import { NotFound } from './NotFound.js';
import { loadFailedKey } from '../load-failed.js';

export { relatedSource };

/** A section's hand-written widget, by the name the section gives, with the record. */
function SectionWidget({
  screen,
  name,
  path,
  detail,
}: {
  screen: ScreenDef;
  name: string;
  path: string;
  detail: DetailWidgetApi;
}) {
  const Widget = useRenderer().screenWidgets.get(name, path);
  return <Widget screen={screen} detail={detail} />;
}

/** One record: header, sections of fields or widgets, related lists, and the screen's actions. */
export default function DetailScreen(props: ScreenProps) {
  const screen = ofKind(props.screen, 'detail');
  const ctx = useRenderer();
  const { manifest, rest, t, can } = ctx;
  const provider = useDataProvider();
  const navigate = useNavigate();
  const { id } = useParams();
  const { mutate: mutateCache } = useSWRConfig();
  const info = manifest.resources[screen.resource];
  // A record read from a hand-written route (`source`, {id} the route's) or from the resource's show route.
  const recordKey = ['record', screen.source ?? info.path, id];
  const [asking, setAsking] = useState<ActionDef | null>(null);
  // A record that changes by itself (a campaign sending) is read again while it matches `refresh.while`.
  const { data, error } = useSWR(
    recordKey,
    () =>
      screen.source
        ? rest.getJson<{ data: RecordData }>(relatedSource(screen.source, id))
        : provider.getOne<RecordData>(screen.resource, id!),
    {
      refreshInterval: (latest?: { data: RecordData }) =>
        screen.refresh && latest && matchesWhen(screen.refresh.while, latest.data) ? screen.refresh.every : 0,
    },
  );
  if (error) {
    if (error instanceof HttpError && error.status === 404) return <NotFound screen={screen} />;
    return <Alert severity="error">{t(loadFailedKey(ctx.readOnly))}</Alert>;
  }
  if (!data) return <Loading label={t('app.loading')} />;
  const record = data.data;
  const header = screen.header ?? {};
  const fieldsShown = (screen.sections ?? []).flatMap((s) => s.fields ?? []);
  // Sections and related lists that say when they are shown (a campaign's review, progress or outcome).
  const sections = (screen.sections ?? []).filter((s) => matchesWhen(s.showWhen, record));
  // Sections of fields share rows two by two; the last of an odd number of them has a row of its own.
  const plain = sections.filter((s) => !s.widget && !s.notes);
  const alone = plain.length % 2 === 1 ? plain[plain.length - 1] : null;
  const related = (screen.related ?? []).filter((r) => matchesWhen(r.showWhen, record));
  const title = joinFields(record, header.title) || t(screen.title);
  const subject = info.subject ?? '';
  const writable = Object.keys(screen.record?.properties ?? {}).filter((f) => !screen.record?.properties?.[f].readOnly);
  const listScreen = manifest.screens.find((s) => s.kind === 'list' && s.resource === screen.resource);
  const actions = (screen.actions ?? []).filter((a) => {
    if (a.permission && !can(a.permission, a.subject ?? subject)) return false;
    if (!shownFor(a, record)) return false;
    if (a.kind === 'archive') return info.archivable && !record.archived;
    if (a.kind === 'restore') return info.archivable && Boolean(record.archived);
    return true;
  });

  // A dialog's call changed the record (a sale refunded): read it and its related lists again.
  const reread = () =>
    Promise.all([mutateCache(recordKey), mutateCache((key) => Array.isArray(key) && key[0] === 'related')]);

  async function act(action: (typeof actions)[number]) {
    if (action.dialog) return setAsking(action);
    // A link's query may name any field of the record (the checkout for the sale's client).
    if ((action.kind ?? 'navigate') === 'navigate' && !action.confirm)
      return navigate(routeFor(manifest, action.screen!, { id: record.id ?? '' }) + rowQuery(action.query, record));
    const changed = await runAction(
      ctx,
      navigate,
      action,
      { resource: screen.resource, record, writable },
      mutateCache,
    );
    if (!changed) return;
    const gone = action.kind === 'delete' || (action.kind === 'call' && action.method === 'DELETE');
    // A call changed the record (sent, cancelled, paid): read it again.
    if (action.kind === 'call' && !gone) await mutateCache(recordKey);
    if (gone) navigate(listScreen ? routeFor(manifest, listScreen.id) : '/', { replace: true });
  }

  return (
    // minmax(0, 1fr) everywhere: a grid column never grows past the screen for a long value (an email on a phone).
    <Box
      component="article"
      aria-labelledby="record-title"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      <Paper sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        {header.image && (
          <Avatar src={(record[header.image] as string) || undefined} alt="" sx={{ width: 72, height: 72 }}>
            {title.slice(0, 1)}
          </Avatar>
        )}
        {/* A long email or name wraps inside the card instead of widening the page on a phone. */}
        <Box sx={{ flex: '1 1 200px', minWidth: 0, overflowWrap: 'anywhere' }}>
          <Typography id="record-title" variant="h5" component="h1">
            {title} {record.archived ? <Chip size="small" label={t('detail.archived')} sx={{ ml: 1 }} /> : null}
          </Typography>
          <Typography color="text.secondary">
            {formatFields(record, header.subtitle, fieldsShown, t, ctx.locale, valueHostOf(ctx, record))}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {actions.map((a) => (
            <Button
              key={a.id}
              variant={a.kind === 'navigate' ? 'contained' : 'outlined'}
              color={a.kind === 'delete' ? 'error' : 'primary'}
              disabled={ctx.readOnly && writesData(a, manifest.screens)}
              onClick={() => void act(a)}
            >
              {t(a.label)}
            </Button>
          ))}
        </Box>
      </Paper>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
      >
        {sections.map((section) => (
          <Paper
            key={section.title}
            // A widget's section spans the screen's width: a review or a chart needs the room. So does the last of an
            // odd number of sections of fields, rather than leaving half of a wide screen empty beside it (a message's
            // one, or a class's details above its sessions).
            sx={{ p: 2, gridColumn: section.widget || section.notes || section === alone ? '1 / -1' : undefined }}
            component="section"
            aria-label={t(section.title)}
          >
            <Typography variant="subtitle1" component="h2" gutterBottom>
              {t(section.title)}
            </Typography>
            {section.notes && <Notes notes={section.notes} record={record} />}
            {section.widget ? (
              <ScreenErrorBoundary t={t}>
                <Suspense fallback={<Loading label={t('app.loading')} />}>
                  <SectionWidget
                    screen={screen}
                    name={section.widget}
                    path={`screens/${screen.id}#/sections/${(screen.sections ?? []).indexOf(section)}/widget`}
                    detail={{ record, refresh: () => mutateCache(recordKey) }}
                  />
                </Suspense>
              </ScreenErrorBoundary>
            ) : (
              (section.fields ?? []).length > 0 && (
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    display: 'grid',
                    gridTemplateColumns: 'minmax(96px, 40%) minmax(0, 1fr)',
                    rowGap: 1,
                    columnGap: 2,
                  }}
                >
                  {(section.fields ?? [])
                    // A field that says so is left out while it has nothing to say (why a sale that stands was cancelled).
                    .filter((c) => !(c.hideBlank && isBlank(record[c.field], c)))
                    .map((c) => (
                      <Box key={c.field} sx={{ display: 'contents' }}>
                        <Typography component="dt" variant="body2" color="text.secondary">
                          {t(fieldLabelKey(screen.resource, c))}
                        </Typography>
                        {/* pre-line: an address or bank details keep their lines. */}
                        <Typography
                          component="dd"
                          variant="body2"
                          sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
                        >
                          <Cell column={c} record={record} />
                        </Typography>
                      </Box>
                    ))}
                </Box>
              )
            )}
          </Paper>
        ))}
      </Box>
      {related.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            // One related list a row: side by side, a half-width card could not show all of a table's columns.
            gridTemplateColumns: 'minmax(0, 1fr)',
          }}
        >
          {related.map((r) => (
            <RelatedList
              key={r.id}
              path={r.source ? relatedSource(r.source, record.id) : `${info.path}/${r.id}/${record.id}`}
              related={r}
              resource={screen.resource}
              subject={subject}
            />
          ))}
        </Box>
      )}
      {asking?.dialog && (
        <ActionDialog
          action={asking as ActionDef & { dialog: NonNullable<ActionDef['dialog']> }}
          row={record}
          currency={valueHostOf(ctx, record).currency ?? ''}
          text={
            asking.dialog.text
              ? t(asking.dialog.text, rowTexts(record, fieldsShown, t, ctx.locale, valueHostOf(ctx, record)))
              : undefined
          }
          onClose={(done) => {
            setAsking(null);
            if (done) void reread();
          }}
        />
      )}
    </Box>
  );
}
