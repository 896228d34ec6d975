import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from '../router.js';
import useSWR, { useSWRConfig } from 'swr';
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import { HttpError } from '../../core/rest.js';
import { routeFor, withQuery } from '../../core/routes.js';
import { ofKind, type RecordData } from '../../core/types.js';
import { refreshResource } from '../cache.js';
import { useRenderer } from '../context.js';
import { useDataProvider } from '../data.js';
import { save } from './form-save.js';
import { leanTemplates } from '../form/theme.js';
import '../form/form.css';
import { defaultWidgets } from '../form/widgets.js';
import {
  HIDDEN_FIELD,
  hasConditionalFields,
  hasFillingFields,
  schemaForForm,
  toErrorSchema,
  visibleFields,
  writableData,
} from '../../core/form-schema.js';
import { fromDefaults, withoutErrorsOf, withoutHidden, withoutPasswords } from '../../core/form-data.js';
import { hasConditionalRequired } from '../../core/conditional-required.js';
import { useFormValidator } from '../form/useFormValidator.js';
import { FormIntroSlot } from '../form/FormIntroSlot.js';
import type { ScreenProps } from '../types.js';
import { NotFound } from './NotFound.js';
import { loadFailedKey } from '../load-failed.js';
import { useTypedBeforeStart } from '../form/typed-before-start.js';

const hiddenFields = { [HIDDEN_FIELD]: () => null };
// Read-only facts beside a form (a booking's address) are few: their cells load with them, not with every form.
const Cell = lazy(() => import('../views/Cell.js').then((m) => ({ default: m.Cell })));

/** Renders a form screen with rjsf: create/edit a resource record, or post to a named endpoint (login). */
export default function FormScreen(props: ScreenProps) {
  const screen = ofKind(props.screen, 'form');
  const { manifest, rest, t, locale, notify, widgets, onSession, formContext: hostContext, readOnly } = useRenderer();
  const { mutate } = useSWRConfig();
  const provider = useDataProvider();
  const navigate = useNavigate();
  const { id } = useParams();
  // The built-in widgets with the host's own, which may replace them.
  const allWidgets = useMemo(() => defaultWidgets.with(widgets.entries()).entries(), [widgets]);
  const resource = screen.resource ? manifest.resources[screen.resource] : undefined;
  const { schema, uiSchema } = useMemo(() => schemaForForm(screen, t), [screen, t]);
  const templates = useMemo(() => leanTemplates(t), [t]);
  const clearErrorsOf = useRef((_fields: string[]) => {});
  // Widgets that fill other fields (a service fills duration and price) set several fields at once.
  const setFields = useCallback((patch: Record<string, unknown>) => {
    setFormData((prev) => ({ ...(prev ?? {}), ...patch }));
    clearErrorsOf.current(Object.keys(patch));
  }, []);

  const params = useParams();
  const [query] = useSearchParams();
  const editing = Boolean(id && resource?.path);
  // A `load` path may name route parameters (`/api/v1/appointments/:id`): without them there is nothing to load.
  const loadPath = screen.load?.replace(/:(\w+)/g, (_, k: string) => params[k] ?? '\u0000');
  const loadable = loadPath && !loadPath.includes('\u0000') ? loadPath : null;
  const editingOther = Boolean(id && !resource?.path && loadable);
  // Initial data: the record being edited, or whatever the screen's `load` endpoint answers (e.g. the profile).
  const loadKey = editing ? ['record', resource!.path, id] : loadable ? ['load', loadable] : null;
  const { data: loaded, error: loadError } = useSWR(
    loadKey,
    () =>
      editing ? provider.getOne<RecordData>(screen.resource!, id!) : rest.getJson<{ data: RecordData }>(loadable!),
    { revalidateOnFocus: false },
  );
  // `$today` is the owner's day: the business's zone when the host gives it.
  const timeZone = typeof hostContext.timeZone === 'string' ? hostContext.timeZone : undefined;
  const [formData, setFormData] = useState<Record<string, unknown> | undefined>(() =>
    fromDefaults(screen.defaults, params, query, { timeZone }),
  );
  // Widgets read the other fields' values (a message's preview follows the channel chosen above it).
  const formContext = useMemo(
    () => ({ ...hostContext, t, locale, setFields, values: formData ?? {} }),
    [hostContext, t, locale, setFields, formData],
  );
  useEffect(() => {
    if (!loaded) return;
    const record = writableData(schema, loaded.data);
    setFormData({ ...record, ...fromDefaults(screen.defaults, params, query, { timeZone, record }) });
  }, [loaded, schema]);

  const {
    formSchema,
    validator,
    error: validatorError,
  } = useFormValidator(screen, schema, formData, resource?.validator, t);

  // Fields shown (or required) only for some values of another field follow the data as it is typed.
  const conditional = useMemo(
    () => hasConditionalFields(uiSchema) || hasConditionalRequired(screen.schema),
    [uiSchema, screen.schema],
  );
  const filling = useMemo(() => hasFillingFields(uiSchema), [uiSchema]);
  const shown = useMemo(
    // `$editing` names whether a record is being changed: a field can show only then (which ones a change applies to).
    () => (conditional ? visibleFields(uiSchema, { ...formData, $editing: editing }) : { uiSchema, hidden: [] }),
    [conditional, uiSchema, formData, editing],
  );

  const [pending, setPending] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, unknown> | undefined>();
  const [summary, setSummary] = useState<string | null>(null);
  // The server's errors of fields that changed go away, and its summary with the last of them.
  clearErrorsOf.current = (fields: string[]) => {
    const next = withoutErrorsOf(serverErrors, fields);
    if (next === serverErrors) return;
    setServerErrors(next);
    if (!next) setSummary(null);
  };
  const [done, setDone] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const started = useTypedBeforeStart(formRef, formSchema, formData, (typed) =>
    setFormData((d) => ({ ...(d ?? {}), ...typed })),
  );
  // After a refusal (in the page or by the server) the first wrong field takes the focus, which scrolls it into
  // view: a long form refused at its Save button otherwise looks as if nothing happened.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  async function submit(data: Record<string, unknown>) {
    // What was typed stays in the form whatever the server answers (rjsf rebuilds its state from this prop when
    // errors arrive); passwords are typed again.
    setFormData(withoutPasswords(data, uiSchema));
    setPending(true);
    setServerErrors(undefined);
    setSummary(null);
    // A success said before is no longer true once the form is sent again.
    setDone(null);
    try {
      const res = await save({ rest, provider, screen, id, editing, editingOther, resourcePath: resource?.path }, data);
      if (res?.message) notify(res.message, 'success');
      if (resource?.path) await refreshResource(mutate, resource.path, res?.data, screen.resource);
      // A loaded form's facts follow what was saved (a new page address).
      else if (loadKey && res?.data) await mutate(loadKey, { data: res.data }, { revalidate: false });
      if (screen.submit?.then === 'session') {
        // The host reloads the user; its guards then move the page on (e.g. to the ?redirect target).
        await onSession();
      } else if (screen.submit?.then === 'message') {
        setDone(res?.message ?? null);
      } else if (screen.submit?.then === 'screen' && screen.submit.screen) {
        // The next screen's query from what was saved (the calendar opens on the appointment's date).
        const to = routeFor(manifest, screen.submit.screen, { id: res?.data?.id ?? id ?? '' });
        navigate(withQuery(to, screen.submit.query, { ...data, ...res?.data }), { replace: true });
      }
    } catch (err) {
      if (err instanceof HttpError && err.status === 422) {
        setServerErrors(toErrorSchema(err.body.errors));
        setSummary(err.body.message ?? t('form.fixErrors'));
        setRefusals((n) => n + 1);
      } else if (err instanceof HttpError) {
        notify(err.message, 'error');
      } else {
        notify(t('app.networkError'), 'error');
      }
    } finally {
      setPending(false);
    }
  }

  if (loadError instanceof HttpError && loadError.status === 404) return <NotFound screen={screen} />;
  if (validatorError || loadError) return <Alert severity="error">{t(loadFailedKey(readOnly))}</Alert>;
  if (!validator || (loadKey && !loaded)) return <LinearProgress aria-label={t('app.loading')} />;

  const heading =
    resource?.path || screen.load?.includes(':')
      ? `${t(editing || editingOther ? 'form.edit' : 'form.new')}: ${t(screen.title)}`
      : t(screen.title);
  return (
    <Paper component="section" sx={{ p: { xs: 2, md: 3 }, maxWidth: 880, mx: 'auto' }} ref={formRef}>
      <Typography variant="h5" component="h1" gutterBottom>
        {heading}
      </Typography>
      {screen.intro && <FormIntroSlot intro={screen.intro} />}
      {summary && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {summary}
        </Alert>
      )}
      {done && (
        <Alert severity="success" sx={{ mb: 2, '& .MuiAlert-message': { overflowWrap: 'anywhere' } }} role="status">
          {done}
        </Alert>
      )}
      {/* Read-only facts of the loaded data beside the form (the booking page's address). */}
      {loaded &&
        (screen.sections ?? []).map((section) => (
          <Box
            key={section.title}
            component="section"
            aria-label={t(section.title)}
            sx={{ mb: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <Typography variant="subtitle1" component="h2" gutterBottom>
              {t(section.title)}
            </Typography>
            {(section.fields ?? []).map((c) => (
              <Box key={c.field} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <Typography variant="body2" color="text.secondary" component="span">
                  {t(c.label ?? `fields.${screen.resource}.${c.field}`)}:
                </Typography>
                <Suspense fallback={null}>
                  <Cell column={c} record={loaded.data} />
                </Suspense>
              </Box>
            ))}
          </Box>
        ))}
      <Form
        className={`sf-form${screen.resource && resource?.path ? ' sf-columns' : ''}`}
        schema={formSchema as RJSFSchema}
        uiSchema={shown.uiSchema}
        formData={formData}
        // The data is followed as it is typed only where needed: conditional or filling fields, and while the
        // server's errors are shown (each goes away once its field changes).
        onChange={
          conditional || filling || serverErrors
            ? (e) => {
                const next = e.formData as Record<string, unknown>;
                if (serverErrors) clearErrorsOf.current(Object.keys(next).filter((k) => next[k] !== formData?.[k]));
                setFormData(next);
              }
            : undefined
        }
        validator={validator}
        templates={templates}
        widgets={allWidgets}
        fields={hiddenFields}
        formContext={formContext}
        extraErrors={serverErrors as never}
        noHtml5Validate
        // An array with minItems is not pre-filled with empty entries: the person adds what they mean.
        // nor is an optional object without defaults (an appointment's repeat rule) filled with an empty one.
        experimental_defaultFormStateBehavior={{
          arrayMinItems: { populate: 'never' },
          emptyObjectFields: 'skipEmptyDefaults',
        }}
        showErrorList={false}
        disabled={pending || readOnly}
        onSubmit={(e) => void submit(withoutHidden(e.formData as Record<string, unknown>, shown.hidden))}
        onError={() => {
          setSummary(t('form.fixErrors'));
          setRefusals((n) => n + 1);
        }}
      >
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
          {(resource?.path || screen.submit?.then === 'screen') && (
            <Button
              onClick={() =>
                window.history.length > 1 || !screen.submit?.screen
                  ? window.history.back()
                  : navigate(routeFor(manifest, screen.submit.screen))
              }
              disabled={pending}
            >
              {t('actions.cancel')}
            </Button>
          )}
          <Button
            type="submit"
            data-tour="submit"
            variant="contained"
            color={screen.submit?.method === 'DELETE' ? 'error' : 'primary'}
            disabled={pending || readOnly || !started}
            aria-busy={pending}
            startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {pending ? t('form.saving') : t(screen.submit?.label ?? 'actions.save')}
          </Button>
        </Box>
      </Form>
      {(screen.links ?? []).length > 0 && (
        <Box component="nav" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'center', mt: 2 }}>
          {screen.links!.map((l) => (
            <Link key={l.id} component={RouterLink} to={routeFor(manifest, l.screen!)}>
              {t(l.label)}
            </Link>
          ))}
        </Box>
      )}
    </Paper>
  );
}
