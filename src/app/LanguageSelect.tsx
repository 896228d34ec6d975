import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from './i18n';
import { useShell } from './shell-context';

export function LanguageSelect({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation();
  const { locale, setLocale } = useShell();
  return (
    <TextField
      select
      size="small"
      label={t('app.language')}
      value={locale}
      onChange={(e) => setLocale(e.target.value as Locale)}
      sx={dark ? { minWidth: 120, '& *': { color: '#fff !important', borderColor: 'rgba(255,255,255,0.6) !important' } } : { minWidth: 120 }}
    >
      {LOCALES.map((l) => <MenuItem key={l} value={l}>{t(`locales.${l}`)}</MenuItem>)}
    </TextField>
  );
}
