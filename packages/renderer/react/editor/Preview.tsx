import { useMemo, useState } from 'react';
import { SWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ChartSeries } from '../../core/overlay-cards.js';
import type { ScreenDef, Translate } from '../../core/types.js';
import { RendererContext, useRenderer, type PreviewIdentity, type RendererContextValue } from '../context.js';
import { useCall } from '../data.js';
import { Loading } from '../Loading.js';
import { Route } from '../router.js';
import { MemoryRouter } from '../routers.js';
import { GateRefusal, ScreenView } from '../ScreenLoader.js';
import { useLook } from '../look.js';
import { createRegistry } from '../../core/registry.js';
import { previewRest } from './preview-rest.js';

type Answer = { data: ScreenDef; texts: Record<string, Record<string, string>>; charts?: ChartSeries[] };

/** `/clients/:id` → `/clients/1`, `/clients/form/:id?` → `/clients/form/1`: the sample record the preview reads. */
const samplePath = (route: string) => route.replace(/:\w+\??/g, '1');

/**
 * One screen as `of` (the draft, or what is live) would serve it, drawn by the screen kinds every user gets, as
 * `who` would see it: their abilities and gates, made-up records, nothing that writes, and an address of its own —
 * links move within the preview, never the admin's page.
 */
function PreviewPane({ id, of, who, heading }: { id: string; of: string; who: PreviewIdentity; heading: string }) {
  const outer = useRenderer();
  // The look's screen kinds, as the app draws them.
  const look = useLook();
  const kinds = useMemo(() => createRegistry('screen kind', look.screenKinds), [look]);
  const { data: answer, error } = useCall<Answer>('ui.preview', { params: { id }, query: { of } });
  const screen = answer?.data;
  const context = useMemo<RendererContextValue | null>(() => {
    if (!answer || !screen) return null;
    const { texts } = answer;
    // The texts the release adds (a renamed column) first, then the host's.
    const t = ((key: string, options?: Record<string, unknown>) =>
      texts[outer.locale]?.[key] ?? texts.en?.[key] ?? outer.t(key, options)) as Translate;
    const path = screen.resource ? (outer.manifest.resources[screen.resource]?.path ?? null) : null;
    const currency = outer.formContext.currency as string | undefined;
    return {
      ...outer,
      rest: previewRest(path, screen.record, (n) => outer.t('screenEditor.sample', { n }), currency, answer.charts),
      data: undefined,
      t,
      can: who.can,
      checkGate: who.checkGate,
      readOnly: true,
      notify: () => undefined,
      confirm: async () => false,
    };
  }, [answer, screen, outer, who]);
  const verdict = screen ? who.checkGate(screen.gate) : null;
  return (
    <Box component="section" aria-label={heading} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" color="text.secondary" gutterBottom>
        {heading}
      </Typography>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, overflow: 'auto', maxHeight: 640 }}>
        {error ? (
          <Alert severity="error">{outer.t('screenEditor.previewFailed')}</Alert>
        ) : !context || !screen ? (
          <Loading label={outer.t('app.loading')} />
        ) : typeof verdict === 'string' ? (
          <Alert severity="info">{outer.t('screenEditor.previewSentTo', { who: who.label, path: verdict })}</Alert>
        ) : (
          // A cache of its own: made-up records never reach the admin's screens, nor theirs the preview.
          <SWRConfig value={{ provider: () => new Map(), revalidateOnFocus: false, refreshInterval: 0 }}>
            <RendererContext.Provider value={context}>
              <MemoryRouter path={samplePath(screen.route)}>
                <Route path={screen.route}>
                  {verdict ? <GateRefusal gate={screen.gate} /> : <ScreenView kinds={kinds} screen={screen} />}
                </Route>
              </MemoryRouter>
            </RendererContext.Provider>
          </SWRConfig>
        )}
      </Box>
    </Box>
  );
}

/**
 * The editor's preview: the chosen screen as the draft would draw it above what is live, each as wide as the main
 * area, in the shoes of each role and plan the host offers (`previewAs`). Only the screen editor shows it, so only UiConfig
 * holders; the public screen answers never serve a draft.
 */
export function PreviewPanel({ screenId }: { screenId: string }) {
  const { previewAs, t } = useRenderer();
  const [whoId, setWhoId] = useState(previewAs?.[0]?.id ?? '');
  const who = previewAs?.find((p) => p.id === whoId) ?? previewAs?.[0];
  if (!who || !screenId) return null;
  return (
    <Paper sx={{ p: 2, gridColumn: '1 / -1' }} component="section" aria-labelledby="se-preview">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography id="se-preview" variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
          {t('screenEditor.preview')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('screenEditor.previewAs')}
          value={who.id}
          onChange={(e) => setWhoId(e.target.value)}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 220 }}
        >
          {previewAs!.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </TextField>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <PreviewPane
          key={`d-${screenId}`}
          id={screenId}
          of="draft"
          who={who}
          heading={t('screenEditor.previewDraft')}
        />
        <PreviewPane key={`l-${screenId}`} id={screenId} of="live" who={who} heading={t('screenEditor.previewLive')} />
      </Box>
    </Paper>
  );
}
