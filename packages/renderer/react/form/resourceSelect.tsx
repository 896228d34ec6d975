import { useMemo } from 'react';
import useSWR from 'swr';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useRenderer } from '../context.js';
import { useDataProvider } from '../data.js';

const invalid = (props: WidgetProps) => (props.rawErrors?.length ?? 0) > 0 || undefined;

interface Option {
  id: number;
  label: string;
  /** The first non-empty of the `detail` fields (a client's email, else phone), shown under the label. */
  detail: string;
  /** Every shown text, lower-cased, for matching typed words. */
  text: string;
}

const fieldList = (v: unknown, fallback: string[]): string[] =>
  Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : fallback;
const textOf = (r: Record<string, unknown>, fields: string[]) =>
  fields
    .map((f) => r[f])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .join(' ');

/** Like the server's list search: every typed word must appear in the label or the detail ("lee ann" finds Ann Lee). */
function filterOptions(options: Option[], { inputValue }: { inputValue: string }): Option[] {
  const words = inputValue.toLowerCase().split(/\s+/).filter(Boolean);
  return words.length ? options.filter((o) => words.every((w) => o.text.includes(w))) : options;
}

/**
 * Several records of another resource, chosen from its lite list (`?is_lite=1`). The field holds their ids.
 * `ui:options`: `resource` (the manifest name), `label` (the field or fields to show: `["first_name", "last_name"]`),
 * `detail` (fields of which the first non-empty is shown under it: `["email", "phone"]`); for a single record, `fill`
 * (`{ "duration": "duration", "price": "price" }`) copies fields of the chosen record into the form's fields at once
 * (through the form's `setFields`).
 */
export default function ResourceSelectWidget(props: WidgetProps) {
  const { id, name, value, onChange, disabled, readonly, options, label, registry } = props;
  const { manifest, t } = useRenderer();
  const provider = useDataProvider();
  const info = manifest.resources[String(options.resource)];
  const labelFields = fieldList(options.label, ['title']);
  const detailFields = fieldList(options.detail, []);
  const { data, isLoading } = useSWR(info?.path ? ['lite', info.path] : null, () =>
    provider.getLite<Record<string, unknown>>(String(options.resource)),
  );
  const all: Option[] = useMemo(
    () =>
      (data ?? []).map((r) => {
        const shown = textOf(r, labelFields) || String(r.id);
        const detail = detailFields.map((f) => textOf(r, [f])).find(Boolean) ?? '';
        return { id: Number(r.id), label: shown, detail, text: `${shown} ${textOf(r, detailFields)}`.toLowerCase() };
      }),
    [data, labelFields.join(), detailFields.join()],
  );
  // An integer field picks one record; an array of integers picks several.
  const single = [props.schema.type].flat().includes('integer');
  const ids = (single ? [value] : ((value as unknown[] | undefined) ?? [])).filter(
    (v): v is number => typeof v === 'number',
  );
  // The same array while the choice is the same: the picker clears what is being typed when its value changes.
  const idsKey = ids.join();
  const selected = useMemo(
    () => ids.map((v) => all.find((o) => o.id === v) ?? { id: v, label: `#${v}`, detail: '', text: '' }),
    [idsKey, all],
  );
  if (!info) throw new Error(`Unknown resource "${String(options.resource)}" at uiSchema ${id}/ui:options/resource`);
  return (
    <Autocomplete
      multiple={single ? undefined : true}
      id={id}
      options={all}
      value={(single ? (selected[0] ?? null) : selected) as never}
      loading={isLoading}
      disabled={disabled || readonly}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      filterOptions={filterOptions}
      renderOption={({ key, ...itemProps }, o) => (
        <Box
          component="li"
          key={key}
          {...itemProps}
          sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start !important' }}
        >
          <span>{o.label}</span>
          {o.detail && (
            <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.85em' }}>
              {o.detail}
            </Box>
          )}
        </Box>
      )}
      noOptionsText={t('widgets.noOptions')}
      loadingText={t('widgets.loading')}
      onChange={(_, chosen) => {
        const next = single
          ? ((chosen as unknown as Option | null)?.id ?? options.emptyValue ?? null)
          : (chosen as unknown as Option[]).map((o) => o.id);
        const fill = options.fill as Record<string, string> | undefined;
        const setFields = (registry.formContext as { setFields?: (patch: Record<string, unknown>) => void } | undefined)
          ?.setFields;
        const record = single && fill ? data?.find((r) => Number(r.id) === next) : undefined;
        if (!fill || !record || !setFields) return onChange(next);
        setFields({
          [name]: next,
          ...Object.fromEntries(
            Object.entries(fill)
              .filter(([, from]) => record[from] !== undefined)
              .map(([to, from]) => [to, record[from]]),
          ),
        });
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          placeholder={selected.length ? undefined : t('widgets.select')}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              'aria-label': label,
              'aria-describedby': ariaDescribedByIds(id),
            },
          }}
          error={Boolean(invalid(props))}
          // While the records load, a choice shows as its number: the field says it is not ready yet.
          aria-busy={isLoading || undefined}
        />
      )}
    />
  );
}
