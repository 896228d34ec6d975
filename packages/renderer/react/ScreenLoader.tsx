import { lazy, Suspense, useMemo, useRef } from 'react';
import useSWR from 'swr';
import type { Registry } from '../core/registry.js';
import { restSchemaSource } from '../core/schema-source.js';
import type { ScreenDef } from '../core/types.js';
import { useRenderer } from './context.js';
import { Loading } from './Loading.js';
import type { ScreenKind } from './types.js';
import { ScreenErrorBoundary } from './ScreenErrorBoundary.js';
import { Redirect } from './router.js';
import { useLook } from './look.js';
import { loadFailedKey } from './load-failed.js';
import { GateRequest } from './GateRequest.js';

export type { ScreenKind, ScreenProps } from './types.js';

/** A screen's tour: its own chunk, loaded only for a screen with a tour when the host keeps tours (not for guests). */
const ScreenTour = lazy(() =>
  import(/* webpackChunkName: "screen-tour" */ './tour/ScreenTour.js').then((m) => ({ default: m.ScreenTour })),
);

/** The screen drawn by the component its `kind` names: an unknown kind is an error the boundary shows. */
function ScreenOfKind({ kinds, screen }: { kinds: Registry<ScreenKind>; screen: ScreenDef }) {
  const Kind = kinds.get(screen.kind, `screens/${screen.id}#/kind`);
  return <Kind screen={screen} />;
}

/** Fetches one screen's schema and renders it with the component its `kind` names. */
export function ScreenLoader({ id, kinds }: { id: string; kinds: Registry<ScreenKind> }) {
  const { rest, t, checkGate, manifest, readOnly, tours, ...ctx } = useRenderer();
  const { Notice, Action } = useLook();
  const schemas = useMemo(() => ctx.schemas ?? restSchemaSource(rest), [ctx.schemas, rest]);
  const summary = manifest.screens.find((s) => s.id === id);
  const carried = schemas.peekScreen?.(id);
  // Keyed by the manifest's hash too: a publish (a new hash) reads the screen again, in place.
  const {
    data: read,
    error,
    mutate,
  } = useSWR(['ui-screen', id, manifest.hash], () => schemas.screen(id).then((screen) => ({ data: screen })), {
    revalidateOnFocus: false,
    fallbackData: carried ? { data: carried } : undefined,
  });
  // While a publish's version is read, this screen's last version stays — never another screen's: SWR's
  // `keepPreviousData` kept the screen left behind, drawn under the new address (and its reads made there).
  const last = useRef<{ id: string; data: { data: ScreenDef } } | null>(null);
  if (read) last.current = { id, data: read };
  const data = read ?? (last.current?.id === id ? last.current.data : undefined);
  const refusal = <GateRefusal gate={summary?.gate} />;
  if (checkGate(summary?.gate)) return refusal;
  if (error) {
    return (
      <Notice severity="error" actions={<Action onClick={() => void mutate()}>{t('app.retry')}</Action>}>
        {t(loadFailedKey(readOnly))}
      </Notice>
    );
  }
  // The one place every screen waits (its schema, then its code): a spinner after 300 ms, never a blank main area.
  if (!data) return <Loading label={t('app.loading')} />;
  return (
    <>
      <ScreenView key={id} kinds={kinds} screen={data.data} />
      {tours && data.data.tour && (
        <Suspense fallback={null}>
          <ScreenTour key={`tour-${id}`} screen={data.data} />
        </Suspense>
      )}
    </>
  );
}

/** A screen by its kind, inside the boundary that says what failed and the spinner that waits for its code. */
export function ScreenView({ kinds, screen }: { kinds: Registry<ScreenKind>; screen: ScreenDef }) {
  const { t } = useRenderer();
  return (
    <ScreenErrorBoundary t={t}>
      <Suspense fallback={<Loading label={t('app.loading')} />}>
        <ScreenOfKind kinds={kinds} screen={screen} />
      </Suspense>
    </ScreenErrorBoundary>
  );
}

/**
 * What the host's gate says instead of a screen (`checkGate`): a redirect, or its message with a way on (which plan
 * offers the feature) and, when the gate names a `request` call, a way to ask for it. Nothing when the gate lets the
 * user in.
 */
export function GateRefusal({ gate }: { gate: ScreenDef['gate'] }) {
  const { checkGate } = useRenderer();
  const { Notice, Action } = useLook();
  const verdict = checkGate(gate);
  if (!verdict) return null;
  if (typeof verdict === 'string') return <Redirect to={verdict} replace />;
  const link = verdict.link && <Action to={verdict.link.to}>{verdict.link.label}</Action>;
  // With a request beside the way up, both go under the message (side by side they squeeze it on a phone).
  return (
    <Notice
      severity="info"
      actionsBelow={Boolean(gate?.request)}
      actions={
        gate?.request ? (
          <>
            <GateRequest call={gate.request} />
            {link}
          </>
        ) : (
          link
        )
      }
    >
      {verdict.message}
    </Notice>
  );
}
