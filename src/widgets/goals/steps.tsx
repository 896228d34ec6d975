import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  moneyInputText,
  parseMoney,
  routeFor,
  useDataProvider,
  useMutation,
  useNavigate,
  useRenderer,
  useSearchParams,
  type ScreenWidget,
} from '@soloist/renderer';
import { ChoiceList, need, problemOf } from '../booking-wizard/shared';
import { GOAL_TYPES, TIMEFRAMES, unitOf, useGoalWords } from './shared';

/** The most a goal may aim at: the schema's maximum (minor units for money). */
const MAX_AMOUNT = 100_000_000_000;

/** Step 1: what the goal measures. Opened with `?edit=<id>`, the wizard starts from that goal's values. */
export const CategoryStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t } = useRenderer();
  const provider = useDataProvider();
  const [query] = useSearchParams();
  const edit = Number(query.get('edit')) || null;
  useEffect(() => {
    if (!edit || w.data.id === edit) return;
    void provider
      .getOne<{ id: number; type: string; timeframe: string; amount: number }>('goals', edit)
      .then(({ data }) => w.restart({ id: data.id, type: data.type, timeframe: data.timeframe, amount: data.amount }))
      .catch(() => undefined); // a goal gone or not theirs: a new goal, then
  }, [edit]);
  return (
    <ChoiceList
      items={GOAL_TYPES.map((type) => ({
        key: type,
        title: t(`enums.${type}`),
        lines: [t(`goals.describe.${type}`)],
        selected: w.data.type === type,
        onClick: () => w.next({ type }),
      }))}
    />
  );
};

/** Step 2: the period each goal is measured over, again and again. */
export const TimeframeStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t } = useRenderer();
  return (
    <ChoiceList
      items={TIMEFRAMES.map((timeframe) => ({
        key: timeframe,
        title: t(`enums.${timeframe}`),
        lines: [],
        selected: w.data.timeframe === timeframe,
        onClick: () => w.next({ timeframe }),
      }))}
    />
  );
};

/** Step 3: the amount, in the goal's unit: money in the owner's currency (kept in minor units), hours, or a count. */
export const AmountStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t, locale, formContext } = useRenderer();
  const currency = (formContext.currency as string | undefined) ?? 'GBP';
  const unit = unitOf(String(w.data.type));
  const stored = typeof w.data.amount === 'number' ? w.data.amount : null;
  const [text, setText] = useState(() =>
    stored === null ? '' : unit === 'money' ? moneyInputText(stored, currency, locale) : String(stored),
  );
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const amount =
      unit === 'money' ? parseMoney(text, currency, locale) : /^\d+$/.test(text.trim()) ? Number(text) : null;
    if (amount === null || !(amount > 0) || amount > MAX_AMOUNT) return setError(t('goals.amountRequired'));
    w.next({ amount });
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ display: 'grid', gap: 2, maxWidth: 360 }}
    >
      <TextField
        label={t(`goals.unit.${unit}`)}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        inputMode={unit === 'money' ? 'decimal' : 'numeric'}
        autoFocus
        error={Boolean(error)}
        helperText={
          error ?? t(`goals.amountHelp.${unit}`, { per: t(`goals.per.${String(w.data.timeframe)}`), currency })
        }
      />
      <Box>
        <Button type="submit" variant="contained">
          {t('goals.next')}
        </Button>
      </Box>
    </Box>
  );
};

/** Step 4: the goal in words, saved as a new goal or over the one being changed. */
export const ReviewStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t, notify, manifest, formContext } = useRenderer();
  const write = useMutation();
  const navigate = useNavigate();
  const words = useGoalWords(formContext.currency as string | undefined);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { id, type, timeframe, amount } = w.data as { id?: number; type: string; timeframe: string; amount: number };
  const save = async () => {
    setPending(true);
    setProblem(null);
    try {
      const body = { type, timeframe, amount };
      // Writes to the goals read every cached read of them again (the goals page's progress card among them).
      await (id ? write.update('goals', id, body) : write.create('goals', body));
      notify(t('goals.saved'), 'success');
      w.restart({});
      navigate(routeFor(manifest, 'goals.list'), { replace: true });
    } catch (err) {
      const { fields, message } = problemOf(err, t('app.networkError'));
      setProblem(message ?? Object.values(fields).join(' '));
    } finally {
      setPending(false);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography sx={{ fontWeight: 600 }}>{t(`enums.${type}`)}</Typography>
        <Typography>
          {t('goals.review', {
            type: t(`goals.unit.${unitOf(type)}`),
            amount: words.figure(unitOf(type), amount),
            per: t(`goals.per.${timeframe}`),
          })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(`goals.describe.${type}`)}
        </Typography>
      </Paper>
      {problem && <Alert severity="error">{problem}</Alert>}
      <Box>
        <Button variant="contained" onClick={() => void save()} disabled={pending} aria-busy={pending}>
          {t('goals.save')}
        </Button>
      </Box>
    </Box>
  );
};
