import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import { DateTextField, useRenderer, useSearchParams } from '../../../renderer';
import { useWidgetHost } from '../host';
import { thisMonth } from './shared';

/** A money list's filters in the URL: the period (default this month in the owner's zone), a client search, a page. */
export function useMoneyQuery() {
  const [query, setQuery] = useSearchParams();
  const { user } = useWidgetHost();
  const month = thisMonth(user?.calendarSettings?.time_zone ?? 'UTC');
  const state = {
    from: query.get('from') ?? month.from,
    to: query.get('to') ?? month.to,
    search: query.get('search') ?? '',
    page: Math.max(1, Number(query.get('page')) || 1),
    tab: query.get('tab') ?? '',
  };
  const set = (patch: Partial<Record<keyof typeof state, string | number>>) =>
    setQuery(
      (q) => {
        for (const [k, v] of Object.entries(patch)) {
          if (v === '' || v === undefined) q.delete(k);
          else q.set(k, String(v));
        }
        if (!('page' in patch)) q.delete('page');
        return q;
      },
      { replace: true },
    );
  return [state, set] as const;
}

/** From, to and a search by client; the search waits for a pause in typing. */
export function PeriodFilter({
  from,
  to,
  search,
  onChange,
  withPeriod = true,
}: {
  from: string;
  to: string;
  search: string;
  onChange(patch: { from?: string; to?: string; search?: string }): void;
  withPeriod?: boolean;
}) {
  const { t } = useRenderer();
  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);
  useEffect(() => {
    if (text === search) return;
    const id = setTimeout(() => onChange({ search: text }), 300);
    return () => clearTimeout(id);
  }, [text]);
  return (
    <Box
      role="search"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', md: withPeriod ? '180px 180px 1fr' : '1fr' },
      }}
    >
      {withPeriod && (
        <>
          <DateTextField size="small" label={t('money.from')} value={from} onChange={(d) => onChange({ from: d })} />
          <DateTextField size="small" label={t('money.to')} value={to} onChange={(d) => onChange({ to: d })} />
        </>
      )}
      <TextField
        size="small"
        type="search"
        label={t('money.searchClient')}
        value={text}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
        onChange={(e) => setText(e.target.value)}
      />
    </Box>
  );
}

export function Pages({ page, last, onPage }: { page: number; last: number; onPage(p: number): void }) {
  const { t } = useRenderer();
  if (last <= 1) return null;
  return (
    <Pagination
      sx={{ display: 'flex', justifyContent: 'center' }}
      page={page}
      count={last}
      onChange={(_, p) => onPage(p)}
      getItemAriaLabel={(type, p) => t(`money.page.${type}`, { page: p })}
    />
  );
}
