import { useMemo } from 'react';
import useSWR from 'swr';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useRenderer } from '../context.js';
import { useDataProvider } from '../data.js';

/**
 * Free text with suggestions from another resource's lite list: a trip's start typed as an address or picked from
 * the owner's locations. `ui:options`: `resource` (the manifest name) and `label` (the fields a suggestion is made
 * of, joined by commas: `["title", "address_1"]`). The field holds the text, whichever way it was written.
 */
export default function ResourceTextWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, options, label, rawErrors } = props;
  const { manifest } = useRenderer();
  const provider = useDataProvider();
  const info = manifest.resources[String(options.resource)];
  const fields = Array.isArray(options.label) ? options.label.map(String) : ['title'];
  const { data } = useSWR(info?.path ? ['lite', info.path] : null, () =>
    provider.getLite<Record<string, unknown>>(String(options.resource)),
  );
  const suggestions = useMemo(
    () => [
      ...new Set(
        (data ?? [])
          .map((r) =>
            fields
              .map((f) => r[f])
              .filter((v) => v !== null && v !== undefined && v !== '')
              .join(', '),
          )
          .filter(Boolean),
      ),
    ],
    [data, fields.join()],
  );
  if (!info) throw new Error(`Unknown resource "${String(options.resource)}" at uiSchema ${id}/ui:options/resource`);
  return (
    <Autocomplete
      freeSolo
      id={id}
      options={suggestions}
      value={typeof value === 'string' ? value : ''}
      disabled={disabled || readonly}
      onInputChange={(_, text) => onChange(text === '' ? (options.emptyValue ?? null) : text)}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              'aria-label': label,
              'aria-describedby': ariaDescribedByIds(id),
            },
          }}
          error={(rawErrors?.length ?? 0) > 0}
        />
      )}
    />
  );
}
