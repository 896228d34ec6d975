import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { applyOverlay, type OverlayChange } from '../../core/overlay.js';
import type { ChartSeries } from '../../core/overlay-cards.js';
import { widgetChoices, type FieldShape } from '../../core/overlay-widgets.js';
import { useRenderer, type ScreenWidget } from '../context.js';
import { useCall } from '../data.js';
import { Loading } from '../Loading.js';
import { AddColumn } from './AddColumn.js';
import { AddCard } from './AddCard.js';
import { MenuEditor } from './MenuEditor.js';
import { PreviewPanel } from './Preview.js';
import { RenameForm } from './RenameForm.js';
import { RowButtons } from './RowButtons.js';
import { TourTexts } from './TourTexts.js';
import { Releases } from './Releases.js';
import { Transfer } from './Transfer.js';
import { Upgrade } from './Upgrade.js';
import { WidgetPicker } from './WidgetPicker.js';
import { useDraft } from './use-draft.js';

type Node = Record<string, unknown>;
type ScreenFile = Node & { id: string; kind: string; title: string; resource?: string };
/** What a screen shows that an admin may rename, hide or move, by the screen's kind. */
const LISTS: Record<string, string> = { list: 'columns', form: 'fields', detail: 'sections', dashboard: 'cards' };

/** A node's keyed path: `columns[field=phone]`, `fields[phone]`, `sections[title=…]`, `cards[id=income-week]`. */
function targetOf(list: string, node: unknown): string {
  if (typeof node === 'string') return `${list}[${node}]`;
  const n = node as Node;
  if (list === 'cards') return n.id ? `cards[id=${String(n.id)}]` : `cards[title=${String(n.title)}]`;
  return list === 'sections' ? `sections[title=${String(n.title)}]` : `${list}[field=${String(n.field)}]`;
}

/**
 * The screen editor a host places for its admins (a `page` screen's widget): it speaks to the host's named calls
 * `ui.draft`, `ui.save`, `ui.discard`, `ui.reset`, `ui.publish`, `ui.rollback`, `ui.releases`, `ui.diff` and
 * `ui.shipped-screen`, `ui.export` and `ui.import` (Soloist's are /api/v1/admin/ui/…), and its texts are the host's
 * `screenEditor.*` keys.
 *
 * Admins change screens in the running app (UiConfig): pick a screen, rename, hide or move what it shows — each
 * change saved to the draft at once over the version read — read what the draft changes in words, publish it with a
 * note, or roll back to an earlier release. Every control is a button or a field: no drag, and each change is
 * announced.
 * @example const screenWidgets = { 'screen-editor': preloadable(() => import('@soloist/renderer/editor')) };
 */
const ScreenEditor: ScreenWidget = () => {
  const { manifest, t, locale } = useRenderer();
  const [announced, say] = useState('');
  const { state, write, save } = useDraft(say);
  const editable = manifest.screens.filter((s) => LISTS[s.kind]);
  // A list first: its columns are what admins most often change.
  const [screenId, setScreenId] = useState((editable.find((s) => s.kind === 'list') ?? editable[0])?.id ?? '');
  const [renaming, setRenaming] = useState<{ target: string; name: string } | null>(null);
  const [note, setNote] = useState('');
  const { data: served } = useCall<{
    data: ScreenFile;
    readable?: string[];
    shapes?: Record<string, FieldShape>;
    charts?: ChartSeries[];
  }>('ui.shipped-screen', screenId ? { params: { id: screenId } } : null);
  const { data: diff } = useCall<{ data: string[] }>('ui.diff');
  const changes = state?.draft.changes ?? [];
  // The screen as the draft would show it: the draft's changes to it over the screen as it ships.
  const view = useMemo(() => {
    const screen = served?.data;
    if (!screen) return null;
    const mine = changes.filter((c) => 'screen' in c && c.screen === screenId);
    try {
      return applyOverlay(
        { screens: new Map([[screen.id, screen]]), navigation: manifest.navigation },
        { changes: mine },
        () => [],
        () => served?.readable ?? [],
        () => served?.shapes ?? {},
        () => served?.charts ?? [],
      );
    } catch {
      return null;
    }
  }, [served, changes, screenId, manifest.navigation]);
  const list = served?.data ? LISTS[served.data.kind] : undefined;
  // A screen the draft does not change is as it ships.
  const shown = view?.screens.get(screenId) ?? served?.data;
  const nodes = (shown?.[list ?? ''] as unknown[] | undefined) ?? [];
  const labelOf = (node: unknown) => {
    const n = (typeof node === 'string' ? { field: node } : node) as Node;
    const key = (n.label ?? n.title ?? `fields.${served?.data.resource ?? 'common'}.${String(n.field)}`) as string;
    return view?.texts[locale]?.[key] ?? view?.texts.en?.[key] ?? t(key);
  };
  const add = (change: OverlayChange) => void save([...changes, change]);
  const widgetOf = (screen: Node | undefined, field: string) =>
    ((screen?.uiSchema as Node | undefined)?.[field] as Node | undefined)?.['ui:widget'] as string | undefined;
  // A form field's widgets: those its type may take, unless the screen as it ships draws it with one of its own.
  const choicesFor = (field: string) => widgetChoices(served?.shapes?.[field], widgetOf(served?.data, field));

  if (!state) return <Loading label={t('app.loading')} />;

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
        // Each card as tall as what it holds, not as the taller column beside it.
        alignItems: 'start',
      }}
    >
      <Paper sx={{ p: 2 }} component="section" aria-labelledby="se-screen">
        <Typography id="se-screen" variant="h6" component="h2" gutterBottom>
          {t('screenEditor.screen')}
        </Typography>
        <TextField
          select
          fullWidth
          label={t('screenEditor.choose')}
          value={screenId}
          onChange={(e) => setScreenId(e.target.value)}
          slotProps={{ select: { native: true } }}
        >
          {/* By area: the same title can name a screen of the owners' app and one of the admin area. */}
          {manifest.navigation.areas.map((area) => {
            const screens = editable.filter((s) => area.screens.includes(s.id));
            return screens.length === 0 ? null : (
              <optgroup key={area.id} label={t(`screenEditor.area.${area.id}`)}>
                {screens.map((s) => (
                  <option key={s.id} value={s.id}>
                    {t(s.title)}
                  </option>
                ))}
              </optgroup>
            );
          })}
          {editable
            .filter((s) => !manifest.navigation.areas.some((area) => area.screens.includes(s.id)))
            .map((s) => (
              <option key={s.id} value={s.id}>
                {t(s.title)}
              </option>
            ))}
        </TextField>
        {!served && <Loading label={t('app.loading')} />}
        {served && nodes.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('screenEditor.nothingHere')}
          </Typography>
        )}
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: '16px 0 0', display: 'grid', gap: 1 }}>
          {nodes.map((node, i) => {
            const target = targetOf(list!, node);
            const name = labelOf(node);
            return (
              <Box component="li" key={target} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography sx={{ flex: '1 1 120px', minWidth: 0, overflowWrap: 'anywhere' }}>{name}</Typography>
                {typeof node === 'string' && choicesFor(node).length > 1 && (
                  <WidgetPicker
                    name={name}
                    choices={choicesFor(node)}
                    current={widgetOf(shown, node)}
                    onPick={(value) => add({ op: 'set-widget', screen: screenId, target, value })}
                  />
                )}
                <RowButtons
                  name={name}
                  index={i}
                  count={nodes.length}
                  // The name as it reads now, in the language shown, to edit rather than type again.
                  onRename={list !== 'fields' ? () => setRenaming({ target, name }) : undefined}
                  onMove={(to) => add({ op: 'move', screen: screenId, target, value: to })}
                  onHide={() => add({ op: 'hide', screen: screenId, target })}
                />
              </Box>
            );
          })}
        </Box>
        {renaming && (
          <RenameForm
            key={renaming.target}
            current={renaming.name}
            onCancel={() => setRenaming(null)}
            onRename={(value) => {
              add({ op: 'set-label', screen: screenId, target: renaming.target, value });
              setRenaming(null);
            }}
          />
        )}
        {(shown?.tour as { steps?: [] } | undefined)?.steps?.length ? (
          <TourTexts
            steps={(shown!.tour as { steps: [] }).steps}
            say={(key) => view?.texts[locale]?.[key] ?? view?.texts.en?.[key] ?? t(key)}
            onChange={(target, value) => add({ op: 'set-tour-text', screen: screenId, target, value })}
          />
        ) : null}
        {list === 'cards' && (
          <AddCard
            series={served?.charts ?? []}
            taken={nodes.map((n) => String((n as Node).id ?? ''))}
            onAdd={(id, value) => add({ op: 'add-card', screen: screenId, target: `cards[id=${id}]`, value })}
          />
        )}
        {list === 'columns' && (
          <AddColumn
            fields={(served?.readable ?? []).filter(
              (f) => ![...nodes, ...((served?.data.columns as unknown[]) ?? [])].some((n) => (n as Node).field === f),
            )}
            labelOf={(field) => labelOf({ field })}
            onAdd={(field) => add({ op: 'add-column', screen: screenId, target: `columns[field=${field}]` })}
          />
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          <Button onClick={() => void write('ui.reset', { params: { screen: screenId } }, 'screenEditor.resetDone')}>
            {t('screenEditor.reset')}
          </Button>
        </Box>
      </Paper>
      <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <Paper sx={{ p: 2 }} component="section" aria-labelledby="se-changes">
          <Typography id="se-changes" variant="h6" component="h2" gutterBottom>
            {t('screenEditor.changes')}
          </Typography>
          {(diff?.data ?? []).length === 0 ? (
            <Typography color="text.secondary">{t('screenEditor.noChanges')}</Typography>
          ) : (
            <Box component="ul" sx={{ pl: 2.5, m: 0 }}>
              {diff!.data.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </Box>
          )}
          <Box
            component="form"
            sx={{ display: 'grid', gap: 1, mt: 2 }}
            onSubmit={(e) => {
              e.preventDefault();
              void write('ui.publish', { body: { note } }, 'screenEditor.published').then((ok) => ok && setNote(''));
            }}
          >
            <TextField label={t('screenEditor.note')} value={note} required onChange={(e) => setNote(e.target.value)} />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button type="submit" variant="contained" disabled={note.trim().length < 3 || !(diff?.data ?? []).length}>
                {t('screenEditor.publish')}
              </Button>
              <Button onClick={() => void write('ui.discard', {}, 'screenEditor.discarded')}>
                {t('screenEditor.discard')}
              </Button>
            </Box>
          </Box>
        </Paper>
        <Paper sx={{ p: 2 }}>
          <MenuEditor changes={changes} add={add} />
        </Paper>
        <Upgrade />
        <Releases write={write} />
        <Transfer write={write} />
      </Box>
      <PreviewPanel screenId={screenId} />
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announced}
      </Box>
    </Box>
  );
};

export default ScreenEditor;
