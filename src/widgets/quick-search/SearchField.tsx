import { useEffect, useState, type Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import ListSubheader from '@mui/material/ListSubheader';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { recordRoute, useCall, useNavigate, useRenderer } from '@soloist/renderer';
import type { CallAnswer } from '../../domain/calls';
import { DEBOUNCE_MS, secondLine, SHORTEST, type Found } from './found';

/** What is typed, once typing pauses (DEBOUNCE_MS). */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/**
 * The search field and its results: clients, appointments, invoices, sales, products and gift vouchers whose words
 * match, grouped by kind as the owner types (arrows move, Enter opens the record, Escape closes), each opening its
 * declared screen. A failure says so in the spec's words (§8).
 */
export interface FieldProps {
  autoFocus?: boolean;
  /** What was typed before this field took over (the desk's plain field, while this code loaded). */
  initialText?: string;
  /** Called when a result is opened (the phone's dialog closes). */
  onDone?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

export default function SearchField({ autoFocus, initialText = '', onDone, inputRef }: FieldProps) {
  const { t, locale, manifest } = useRenderer();
  const navigate = useNavigate();
  const [text, setText] = useState(initialText);
  const settled = useSettled(text.trim());
  const asked = settled.length >= SHORTEST;
  const { data, error, isLoading } = useCall<CallAnswer<'search.quick'>>(
    'search.quick',
    asked ? { query: { search: settled } } : null,
    { keepPreviousData: true, revalidateOnFocus: false },
  );
  const options = asked && !error ? (data?.data ?? []) : [];
  const waiting = text.trim() !== settled || (asked && isLoading);
  const none = error
    ? t('search.failed')
    : text.trim().length < SHORTEST
      ? t('search.hint')
      : waiting
        ? t('search.searching')
        : t('search.none');
  return (
    <Autocomplete<Found, false, false, false>
      options={options}
      filterOptions={(all) => all}
      groupBy={(found) => t(`search.kinds.${found.kind}`)}
      getOptionLabel={(found) => found.title}
      isOptionEqualToValue={(a, b) => a.kind === b.kind && a.id === b.id}
      value={null}
      inputValue={text}
      onInputChange={(_e, value, reason) => {
        if (reason !== 'reset') setText(value);
      }}
      onChange={(_e, found) => {
        const to = found && recordRoute(manifest, found.kind, found.id);
        if (!to) return;
        setText('');
        onDone?.();
        navigate(to);
      }}
      autoHighlight
      blurOnSelect
      clearOnBlur={false}
      loading={waiting}
      loadingText={t('search.searching')}
      noOptionsText={none}
      openOnFocus
      sx={{ width: { xs: '100%', md: 220, lg: 300 } }}
      slotProps={{ listbox: { sx: { maxHeight: 'min(70vh, 560px)' } } }}
      // Each kind a group named for screen readers (MUI's own grouping leaves list items inside the listbox).
      renderGroup={({ key, group, children }) => (
        <Box component="li" key={key} role="presentation" sx={{ listStyle: 'none' }}>
          <Box component="ul" role="group" aria-label={group} sx={{ p: 0 }}>
            <ListSubheader component="li" role="presentation" aria-hidden sx={{ lineHeight: '32px', top: -8 }}>
              {group}
            </ListSubheader>
            {children}
          </Box>
        </Box>
      )}
      renderOption={({ key, ...props }, found) => (
        <Box component="li" key={key} {...props} sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}>
          <Typography variant="body2">{found.title}</Typography>
          <Typography variant="caption" color="text.secondary">
            {secondLine(found, locale)}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          autoFocus={autoFocus}
          size="small"
          placeholder={t('search.placeholder')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': t('search.label'), enterKeyHint: 'search' },
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" aria-hidden />
                </InputAdornment>
              ),
              endAdornment: waiting && asked ? <CircularProgress color="inherit" size={16} /> : null,
            },
          }}
          sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
        />
      )}
    />
  );
}
