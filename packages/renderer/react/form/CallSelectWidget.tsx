import { useMemo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useCall } from '../data.js';
import { SelectWidget } from './theme.js';

type Item = Record<string, unknown>;
const fieldList = (v: unknown, fallback: string[]): string[] =>
  Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : fallback;

/**
 * A choice among the items of a named call's list (`"ui:widget": "call-select"`), for lists that are not a resource:
 * the currencies, the countries. `ui:options`: `call` (a GET of the manifest's calls answering `{ data: [...] }`),
 * `value` (the item's field the form holds, `code` unless said) and `label` (the fields shown, joined: `["name",
 * "code"]`). A plain select, so typing a letter jumps to the first item it begins.
 * @example uiSchema: { currency: { "ui:widget": "call-select", "ui:options": { call: "data.currencies", label: ["name", "code"] } } }
 */
export default function CallSelectWidget(props: WidgetProps) {
  const { options } = props;
  const { data } = useCall<{ data: Item[] }>(String(options.call));
  const valueField = typeof options.value === 'string' ? options.value : 'code';
  const labels = fieldList(options.label, ['name']);
  const enumOptions = useMemo(
    () =>
      (data?.data ?? []).map((item) => ({
        value: item[valueField],
        label: labels
          .map((f) => item[f])
          .filter((v) => v !== null && v !== undefined && v !== '')
          .join(' · '),
      })),
    [data, valueField, labels.join()],
  );
  // The labels are the list's own words (already in the reader's language): no enum texts to look up.
  const registry = { ...props.registry, formContext: { ...props.registry.formContext, t: undefined } };
  // Nothing is chosen until the person chooses: the empty choice stays first, even when the field is required (the
  // form says so beside its label), rather than a first item that looks chosen and is not.
  return <SelectWidget {...props} required={false} registry={registry} options={{ ...options, enumOptions }} />;
}
