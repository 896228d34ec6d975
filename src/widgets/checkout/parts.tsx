import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useList, useRenderer } from '@soloist/renderer';
import { clientName, type ClientRef, type Page } from '../money/shared';
import { setQuantity, type BasketItem } from '../money/basket';
import type { Sellable } from './data';

type Client = ClientRef & { email?: string | null; phone?: string | null };

/**
 * Search a client by name, email or phone (GET /clients?search=); the chosen one is kept as given. `label` names the
 * field where "Client" alone would not say what for (a class session's attendee).
 */
export function ClientPicker({
  value,
  onChange,
  error,
  label,
  required = true,
  autoFocus = false,
}: {
  value: Client | null;
  onChange(client: Client | null): void;
  error?: string;
  label?: string;
  required?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useRenderer();
  const [input, setInput] = useState('');
  // The lite list is a plain array of the lite fields (name, email, phone).
  const list = useList<Client>('clients', { is_lite: 1, per_page: 20, search: input });
  const answer = list.data as Page<Client> | Client[] | undefined;
  const data = Array.isArray(answer) ? answer : answer?.data;
  const { isLoading } = list;
  return (
    <Autocomplete
      options={data ?? []}
      value={value}
      loading={isLoading}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(c) => clientName(c)}
      renderOption={(props, c) => (
        <li {...props} key={c.id}>
          <Box>
            <div>{clientName(c)}</div>
            <Typography variant="caption" color="text.secondary">
              {[c.email, c.phone].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        </li>
      )}
      onInputChange={(_, v, reason) => reason === 'input' && setInput(v)}
      onChange={(_, c) => onChange(c)}
      noOptionsText={t('checkout.noClients')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('checkout.client')}
          required={required}
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'checkout-client' },
          }}
        />
      )}
    />
  );
}

/** Adds a product, gift voucher or package from the catalogue to the basket. */
export function ItemPicker({ options, onPick }: { options: Sellable[]; onPick(item: Sellable): void }) {
  const { t } = useRenderer();
  const [key, setKey] = useState(0);
  return (
    <Autocomplete
      key={key}
      options={options}
      groupBy={(o) => t(`checkout.kinds.${o.kind}`)}
      getOptionLabel={(o) => o.title}
      isOptionEqualToValue={(a, b) => a.kind === b.kind && a.id === b.id}
      onChange={(_, o) => {
        if (o) onPick(o);
        setKey((k) => k + 1); // empty again, ready for the next one
      }}
      noOptionsText={t('checkout.nothingToSell')}
      renderInput={(params) => <TextField {...params} label={t('checkout.addItem')} />}
    />
  );
}

/** The things in the basket: each with its quantity (0 takes it out), line total and a remove button. */
export function ItemLines({
  items,
  onChange,
  money,
}: {
  items: BasketItem[];
  onChange(items: BasketItem[]): void;
  money(minor: number): string;
}) {
  const { t } = useRenderer();
  if (items.length === 0) return null;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {items.map((i) => (
        <Box
          component="li"
          key={`${i.kind}-${i.id}`}
          sx={{ display: 'grid', gridTemplateColumns: '1fr 72px auto auto', gap: 1, alignItems: 'center' }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography noWrap>{i.title}</Typography>
            <Typography variant="caption" color="text.secondary">
              {t(`checkout.kinds.${i.kind}`)} · {money(i.price)}
            </Typography>
          </Box>
          <TextField
            size="small"
            type="number"
            label={t('checkout.quantity')}
            value={i.quantity}
            slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
            onChange={(e) => onChange(setQuantity(items, i.kind, i.id, Number(e.target.value)))}
          />
          <Typography sx={{ whiteSpace: 'nowrap' }}>{money(i.price * i.quantity)}</Typography>
          <IconButton
            aria-label={t('checkout.removeItem', { title: i.title })}
            onClick={() => onChange(setQuantity(items, i.kind, i.id, 0))}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
    </Box>
  );
}
