import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAddress, useParams, useSearchParams } from '../router.js';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { Loading } from '../Loading.js';
import Typography from '@mui/material/Typography';
import { matchesWhen, ofKind } from '../../core/types.js';
import { currentStep, stepCounter, visibleSteps } from '../../core/wizard.js';
import { useRenderer, type WizardApi } from '../context.js';
import type { ScreenProps } from '../types.js';

type Data = Record<string, unknown>;

function stored(key: string): Data {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? '{}') as Data;
  } catch {
    return {};
  }
}

/**
 * The wizard kind: steps declared in the screen schema, each a registered widget. The step is in the URL
 * (`?step=`), so the browser's back button goes back a step; the data lives in sessionStorage for the tab, so a
 * reload or a round trip to a payment page keeps it.
 */
export default function WizardScreen(props: ScreenProps) {
  const screen = ofKind(props.screen, 'wizard');
  const ctx = useRenderer();
  const params = useParams();
  const location = useAddress();
  const [query, setQuery] = useSearchParams();
  const key = `wizard:${screen.id}:${location.pathname}`;
  const [data, setData] = useState<Data>(() => stored(key));
  const dataRef = useRef(data);
  dataRef.current = data;
  useEffect(() => sessionStorage.setItem(key, JSON.stringify(data)), [key, data]);
  // The steps passed on the way here, and the step that set each field, for a counter that does not jump (kept
  // with the data): a choice made again on its own step is not counted as made.
  const [passed, setPassed] = useState<string[]>(() => (stored(`${key}:passed`).ids ?? []) as string[]);
  const [setBy, setSetBy] = useState<Record<string, string>>(
    () => (stored(`${key}:passed`).setBy ?? {}) as Record<string, string>,
  );
  useEffect(
    () => sessionStorage.setItem(`${key}:passed`, JSON.stringify({ ids: passed, setBy })),
    [key, passed, setBy],
  );
  // A step that cannot go on (the booking page is paused, or there is none) is shown alone, without the frame.
  const [plainStep, setPlainStep] = useState<string | null>(null);

  const all = useMemo(() => screen.steps ?? [], [screen.steps]);
  const steps = visibleSteps(all, data);
  const index = currentStep(steps, data, query.get('step'));
  const step = steps[index];
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A new step moves focus to its heading (screen readers announce it) and the page to the top.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    headingRef.current?.focus();
  }, [step?.id]);

  const goTo = useCallback(
    (id: string | null, replace = false) => {
      setQuery(
        (q) => {
          const next = new URLSearchParams(q);
          if (id) next.set('step', id);
          else next.delete('step');
          return next;
        },
        { replace },
      );
    },
    [setQuery],
  );

  const api: WizardApi | null = step
    ? {
        data,
        params,
        step,
        update: (patch) => {
          setData((d) => ({ ...d, ...patch }));
          setSetBy((b) => ({ ...b, ...Object.fromEntries(Object.keys(patch).map((k) => [k, step.id])) }));
        },
        next: (patch = {}) => {
          const merged = { ...dataRef.current, ...patch };
          dataRef.current = merged;
          setData(merged);
          setSetBy((b) => ({ ...b, ...Object.fromEntries(Object.keys(patch).map((k) => [k, step.id])) }));
          // The next step in declared order that applies to the new data (the current one may no longer apply:
          // a verification step hides itself once verified).
          const following = all.slice(all.indexOf(step) + 1).find((s) => matchesWhen(s.when, merged));
          // Going on from a step reached by going back forgets what came after it.
          setPassed((p) => [...(p.includes(step.id) ? p.slice(0, p.indexOf(step.id)) : p), step.id]);
          if (following) goTo(following.id);
        },
        back: () => {
          const previous = steps[index - 1];
          if (previous) goTo(previous.id);
        },
        restart: (fresh = {}) => {
          dataRef.current = fresh;
          setData(fresh);
          setPassed([]);
          setSetBy({});
          goTo(null);
        },
        plain: (on) => setPlainStep(on ? step.id : null),
      }
    : null;

  if (!step || !api) return <Loading label={ctx.t('app.loading')} />;
  const counter = stepCounter(all, data, passed, step, setBy);
  const Widget = ctx.screenWidgets.get(step.widget, `screens/${screen.id}#/steps/${all.indexOf(step)}/widget`);
  if (plainStep === step.id)
    return (
      <Suspense fallback={null}>
        <Widget key={step.id} screen={screen} wizard={api} />
      </Suspense>
    );
  return (
    <Box component="section" aria-labelledby="wizard-step-title" sx={{ width: '100%' }}>
      <Typography variant="overline" color="text.secondary" component="p" data-testid="wizard-progress">
        {counter.total === null ? ctx.t('wizard.step', { n: counter.n }) : ctx.t('wizard.progress', counter)}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={counter.total === null ? 0 : (counter.n / counter.total) * 100}
        aria-hidden="true"
        sx={{ mb: 2, borderRadius: 1 }}
      />
      <Typography
        id="wizard-step-title"
        ref={headingRef}
        tabIndex={-1}
        variant="h5"
        component="h1"
        gutterBottom
        sx={{ outline: 'none' }}
      >
        {ctx.t(step.title)}
      </Typography>
      <Suspense fallback={<Loading label={ctx.t('app.loading')} />}>
        <Widget key={step.id} screen={screen} wizard={api} />
      </Suspense>
      {index > 0 && !step.final && (
        <Button sx={{ mt: 2 }} onClick={api.back}>
          {ctx.t('wizard.back')}
        </Button>
      )}
    </Box>
  );
}
