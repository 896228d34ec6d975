import { Fragment, type ReactElement } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { colourNameKey } from '../../core/colours.js';
import { formatValue, joinFields, type ValueHost } from '../../core/format.js';
import { createRegistry, type Registry } from '../../core/registry.js';
import type { ColumnDef, RecordData } from '../../core/types.js';
import type { CellProps, CellType } from './types.js';
import { useRenderer, type RendererContextValue } from '../context.js';
import { RecordNames } from './RecordNames.js';
import { UrlValue } from './UrlValue.js';

/** The host's currency for money values (the owner's), from the context every form's widgets read too. */
export const currencyOf = (ctx: Pick<RendererContextValue, 'formContext'>): string | undefined =>
  typeof ctx.formContext.currency === 'string' ? ctx.formContext.currency : undefined;

/**
 * The host's currency and time zone (the business's), for values written as text; a record that names its own
 * `currency` (a payment taken in another) is written in it.
 */
export const valueHostOf = (ctx: Pick<RendererContextValue, 'formContext'>, record?: RecordData): ValueHost => ({
  currency: typeof record?.currency === 'string' && record.currency ? record.currency : currencyOf(ctx),
  timeZone: typeof ctx.formContext.timeZone === 'string' ? ctx.formContext.timeZone : undefined,
});

/**
 * The value as text, in the column's type: dates in words, money with its sign, durations in hours and minutes, a
 * number with its unit.
 */
export function PlainValue({ value, column, record }: CellProps) {
  const ctx = useRenderer();
  return <>{formatValue(value, column.type, ctx.t, ctx.locale, valueHostOf(ctx, record), column)}</>;
}

/** A list item with the fields its column types (`itemTypes`) written as such: dates in words, money with its sign. */
function formatItem(item: RecordData, column: ColumnDef, ctx: RendererContextValue): RecordData {
  if (!column.itemTypes) return item;
  const out: RecordData = { ...item };
  for (const [field, type] of Object.entries(column.itemTypes)) {
    if (item[field] !== null && item[field] !== undefined && item[field] !== '')
      out[field] = formatValue(item[field], type, ctx.t, ctx.locale, valueHostOf(ctx));
  }
  return out;
}

const ImageCell: CellType = ({ value, alt }) => (
  <Avatar src={typeof value === 'string' ? value : undefined} alt={alt ?? ''} sx={{ width: 32, height: 32 }} />
);

/** Ids named by another resource's records (`names`), or nested records written by their fields (`items`). */
function ListCell(props: CellProps) {
  const ctx = useRenderer();
  const { value, column } = props;
  if (!Array.isArray(value)) return <PlainValue {...props} />;
  if (column.names) return <RecordNames ids={value} resource={column.names.resource} fields={column.names.fields} />;
  if (!column.items) return <PlainValue {...props} />;
  if (value.length === 0) return <>—</>;
  const nested = column.nested;
  return (
    <ul style={{ margin: 0, paddingLeft: 18 }}>
      {(value as RecordData[]).map((item, i) => {
        const sub = nested ? ((item[nested.field] as RecordData[] | undefined) ?? []) : [];
        return (
          <li key={String(item.id ?? i)}>
            {column.itemText
              ? ctx.t(column.itemText, formatItem(item, column, ctx))
              : joinFields(formatItem(item, column, ctx), column.items)}
            {nested && (
              <span style={{ display: 'block', color: 'rgba(0,0,0,0.6)' }}>
                {nested.label ? `${ctx.t(nested.label)}: ` : ''}
                {sub.length
                  ? sub.map((s) => joinFields(s, nested.items)).join(', ')
                  : ctx.t(nested.empty ?? 'detail.empty')}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A cell type for non-empty strings; anything else is written as text. */
const forText = (draw: (text: string) => ReactElement): CellType =>
  function TextCell(props: CellProps) {
    return typeof props.value === 'string' && props.value ? draw(props.value) : <PlainValue {...props} />;
  };

const stop = (e: { stopPropagation(): void }) => e.stopPropagation();

/**
 * An address with places to break a line: before its `@` and each dot after it, so a narrow column wraps it as
 * "amelia.evans0 / @example.com", never inside a word.
 */
const breakable = (address: string) => {
  const at = address.indexOf('@');
  if (at < 0) return address;
  const parts = address.slice(at).split(/(?=\.)/);
  return [address.slice(0, at), ...parts].map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
};

/** A colour as a disc, named in words when it is one of the swatches (its code otherwise). */
function ColourCell(props: CellProps) {
  const { t } = useRenderer();
  const { value } = props;
  if (typeof value !== 'string' || !value) return <PlainValue {...props} />;
  const name = colourNameKey(value);
  return (
    <span
      role="img"
      aria-label={name ? t(name) : value}
      style={{
        display: 'inline-block',
        width: 20,
        height: 20,
        borderRadius: '50%',
        background: value,
        border: '1px solid rgba(0,0,0,0.2)',
        verticalAlign: 'middle',
      }}
    />
  );
}

/**
 * An address: a link named by the column's `linkText` (a document's PDF, opened in a new tab), or the address itself
 * with buttons to open and copy it (the booking page).
 */
function UrlCell(props: CellProps) {
  const { t } = useRenderer();
  const { value, column } = props;
  if (typeof value !== 'string' || !value) return <PlainValue {...props} />;
  if (!column.linkText) return <UrlValue url={value} />;
  return (
    <a href={value} target="_blank" rel="noopener" onClick={stop}>
      {t(column.linkText)}
    </a>
  );
}

/** A share done (a percentage): a bar and its figure, in the success colour once 100 % is reached. */
function ProgressCell(props: CellProps) {
  const { t, locale } = useRenderer();
  const percent = Number(props.value);
  if (props.value === null || props.value === undefined || !Number.isFinite(percent)) return <PlainValue {...props} />;
  const done = percent >= 100;
  const text = `${percent.toLocaleString(locale, { maximumFractionDigits: 0 })} %`;
  return (
    <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 96 }}>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, Math.max(0, percent))}
        color={done ? 'success' : 'primary'}
        aria-label={t(props.column.label ?? 'list.progress')}
        aria-valuetext={text}
        sx={{ flex: 1, height: 8, borderRadius: 4 }}
      />
      <Box component="span" sx={{ whiteSpace: 'nowrap', color: done ? 'success.main' : 'text.secondary' }}>
        {text}
      </Box>
    </Box>
  );
}

/** The built-in cell types; every other type (text, date, money, enum, duration, boolean…) is written as text. */
export const defaultCellTypes: Registry<CellType> = createRegistry<CellType>('cell type', {
  image: ImageCell,
  list: ListCell,
  colour: ColourCell,
  url: UrlCell,
  progress: ProgressCell,
  email: forText((v) => (
    <a href={`mailto:${v}`} onClick={stop}>
      {breakable(v)}
    </a>
  )),
  phone: forText((v) => (
    <a href={`tel:${v.replace(/\s/g, '')}`} onClick={stop}>
      {v}
    </a>
  )),
});
