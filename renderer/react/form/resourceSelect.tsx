import { useMemo } from 'react';
import useSWR from 'swr';
import type { WidgetProps } from '@rjsf/utils';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useRenderer } from '../context';

const invalid = (props: WidgetProps) => (props.rawErrors?.length ?? 0) > 0 || undefined;

interface Option {
  id: number;
  label: string;
}

/**
 * Several records of another resource, chosen from its lite list (`?is_lite=1`). The field holds their ids.
 * `ui:options`: `resource` (the manifest name) and `label` (the field to show).
 */
export default function ResourceSelectWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, options, label } = props;
  const { manifest, rest, t } = useRenderer();
  const info = manifest.resources[String(options.resource)];
  const labelField = String(options.label ?? 'title');
  const { data, isLoading } = useSWR(info?.path ? ['lite', info.path] : null, () => rest.getList<Array<Record<string, unknown>>>(info!.path!, { is_lite: 1 }));
  const all: Option[] = useMemo(() => (data ?? []).map((r) => ({ id: Number(r.id), label: String(r[labelField] ?? r.id) })), [data, labelField]);
  // An integer field picks one record; an array of integers picks several.
  const single = [props.schema.type].flat().includes('integer');
  const ids = (single ? [value] : ((value as unknown[] | undefined) ?? [])).filter((v): v is number => typeof v === 'number');
  const selected = ids.map((v) => all.find((o) => o.id === v) ?? { id: v, label: `#${v}` });
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
      noOptionsText={t('widgets.noOptions')}
      loadingText={t('widgets.loading')}
      onChange={(_, chosen) => onChange(single ? ((chosen as unknown as Option | null)?.id ?? options.emptyValue ?? null) : (chosen as unknown as Option[]).map((o) => o.id))}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          placeholder={selected.length ? undefined : t('widgets.select')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'aria-label': label } }}
          error={Boolean(invalid(props))}
        />
      )}
    />
  );
}
