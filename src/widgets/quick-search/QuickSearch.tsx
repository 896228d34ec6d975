import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type Ref } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';
import { useRenderer } from '@soloist/renderer';
import { typingIn } from './found';
import type { FieldProps } from './SearchField';

/**
 * The field with its results (MUI's autocomplete, a tenth of the dashboard's first load) is a chunk of its own,
 * loaded when the owner first points at the search, focuses it or opens it on a phone.
 */
const loadField = () => import(/* webpackChunkName: "widget-search-field" */ './SearchField');
const LazySearchField = lazy(loadField);

/**
 * On a desk, until the results' code is here: a field that looks and is named as the search and keeps what is typed
 * into it; pointed at or focused, it loads that code and hands over what was typed, and the focus if it had it.
 */
function DeskSearch({ inputRef }: { inputRef: Ref<HTMLInputElement> }) {
  const { t } = useRenderer();
  const [Field, setField] = useState<ComponentType<FieldProps> | null>(null);
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const load = () => void loadField().then((m) => setField(() => m.default));
  if (Field) return <Field inputRef={inputRef} initialText={text} autoFocus={focused} />;
  return (
    <TextField
      inputRef={inputRef}
      size="small"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onPointerEnter={load}
      onFocus={() => {
        setFocused(true);
        load();
      }}
      onBlur={() => setFocused(false)}
      placeholder={t('search.placeholder')}
      slotProps={{
        htmlInput: {
          'aria-label': t('search.label'),
          role: 'combobox',
          'aria-expanded': false,
          enterKeyHint: 'search',
        },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" aria-hidden />
            </InputAdornment>
          ),
        },
      }}
      sx={{ bgcolor: 'background.paper', borderRadius: 1, width: { md: 220, lg: 300 } }}
    />
  );
}

/**
 * The header's quick search (spec §8). On a desk a field in the app bar, focused by `/` from anywhere but a field;
 * on a phone a button opening the field over the page.
 */
export default function QuickSearch() {
  const { t } = useRenderer();
  const desk = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || typingIn(e.target)) return;
      e.preventDefault();
      if (desk) field.current?.focus();
      else setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [desk]);
  if (desk) return <DeskSearch inputRef={field} />;
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('search.open')}
        title={t('search.open')}
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadField()}
      >
        <SearchIcon />
      </IconButton>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        aria-label={t('search.label')}
        slotProps={{ paper: { sx: { alignSelf: 'flex-start', m: 1, width: 'calc(100% - 16px)', p: 1 } } }}
      >
        <Suspense
          fallback={
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
              <CircularProgress size={24} aria-label={t('search.searching')} />
            </Box>
          }
        >
          <LazySearchField autoFocus onDone={() => setOpen(false)} />
        </Suspense>
      </Dialog>
    </>
  );
}
