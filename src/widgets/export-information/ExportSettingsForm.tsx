import { useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { HttpError, useCardSource, useDataProvider, useRenderer, type ScreenWidget } from '@soloist/renderer';
import { PARTS, type ExportSettings } from './shared';

const label = (field: string) => `fields.export-information-settings.${field}`;

/**
 * Export information settings (`/account-setup/helpful-tools/export-information`): what an archive holds, its files'
 * format, whether one is made by itself each week or month, and whether it is emailed — saved with
 * `PUT /user/export-information-settings`, which "export now" uses too.
 */
const ExportSettingsForm: ScreenWidget = ({ card }) => {
  const { t, notify, can, readOnly } = useRenderer();
  const provider = useDataProvider();
  const { data, error, mutate } = useCardSource<{ data: ExportSettings }>(card);
  const [form, setForm] = useState<ExportSettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (data && !form) setForm(data.data);
  }, [data]);
  if (error) return <Typography color="text.secondary">{t('app.loadFailed')}</Typography>;
  if (!form) return <Skeleton variant="rectangular" height={280} />;
  const mayChange = can('update', 'DataExport');
  // Offline (read-only) the settings and their Save are there, disabled.
  const editable = mayChange && !readOnly;
  const set = (change: Partial<ExportSettings>) => setForm({ ...form, ...change });
  const togglePart = (part: string, on: boolean) =>
    set({
      parts: on ? PARTS.filter((p) => p === part || form.parts.includes(p)) : form.parts.filter((p) => p !== part),
    });

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setErrors({});
    try {
      const res = await provider.call<{ data: ExportSettings; message?: string }>('export-information.settings', {
        body: form,
      });
      await mutate(res, { revalidate: false });
      notify(res.message ?? t('messages.updated'), 'success');
    } catch (err) {
      if (err instanceof HttpError && err.body.errors) setErrors(err.body.errors);
      notify(err instanceof HttpError ? err.message : t('app.networkError'), 'error');
    } finally {
      setPending(false);
    }
  };
  const radios = (field: 'frequency' | 'format' | 'delivery', values: string[], disabled = false) => (
    <FormControl disabled={disabled || !editable} error={!!errors[field]}>
      <FormLabel id={`export-${field}`}>{t(label(field))}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={`export-${field}`}
        value={form[field]}
        onChange={(_, value) => set({ [field]: value } as Partial<ExportSettings>)}
      >
        {values.map((v) => (
          <FormControlLabel
            key={v}
            value={v}
            control={<Radio />}
            label={t(field === 'delivery' ? `exportInformation.delivery.${v}` : `enums.${v}`)}
          />
        ))}
      </RadioGroup>
      {errors[field] && <FormHelperText>{errors[field][0]}</FormHelperText>}
    </FormControl>
  );
  return (
    <Box component="form" onSubmit={(e) => void save(e)} sx={{ display: 'grid', gap: 2.5, maxWidth: 640 }}>
      <Typography color="text.secondary">{t('exportInformation.intro')}</Typography>
      <FormControl error={!!errors.parts} component="fieldset" disabled={!editable}>
        <FormLabel component="legend">{t(label('parts'))}</FormLabel>
        <FormGroup row>
          {PARTS.map((p) => (
            <FormControlLabel
              key={p}
              control={<Checkbox checked={form.parts.includes(p)} onChange={(_, on) => togglePart(p, on)} />}
              label={t(`exportInformation.parts.${p}`)}
            />
          ))}
        </FormGroup>
        {errors.parts && <FormHelperText>{errors.parts[0]}</FormHelperText>}
      </FormControl>
      {radios('format', ['xlsx', 'csv'])}
      {radios('delivery', ['email', 'download'])}
      <Box>
        <FormControlLabel
          control={
            <Switch checked={form.automatic} disabled={!editable} onChange={(_, on) => set({ automatic: on })} />
          }
          label={t(label('automatic'))}
        />
        <FormHelperText sx={{ mt: 0 }}>{t('exportInformation.automaticHelp')}</FormHelperText>
      </Box>
      {radios('frequency', ['weekly', 'monthly'], !form.automatic)}
      {mayChange && (
        <Box>
          <Button type="submit" variant="contained" disabled={!editable || pending || form.parts.length === 0}>
            {pending ? t('form.saving') : t('actions.save')}
          </Button>
        </Box>
      )}
    </Box>
  );
};

export default ExportSettingsForm;
