import useSWR from 'swr';
import { useRenderer } from '../../../renderer';
import type { Owing, Page } from '../money/shared';
import type { ItemKind } from '../money/basket';

/** A thing the till sells: a product, a gift voucher (template) or a package, at its price. */
export interface Sellable {
  kind: ItemKind;
  id: number;
  title: string;
  price: number;
}

export interface Redeemable {
  package_sale_id: number;
  title: string;
  expires_on: string | null;
  services: { service_id: number; title: string; left: number }[];
}

export interface VoucherCode {
  code: string;
  title: string;
  amount: number;
  amount_left: number;
  expires_on: string | null;
}

const LITE = 'is_lite=1&per_page=100';

/** The catalogue the till offers: products, and gift vouchers and packages on the plans that have them. */
export function useSellables(): Sellable[] {
  const { rest, can } = useRenderer();
  const { data } = useSWR('checkout-sellables', async () => {
    const get = <T>(path: string, ok: boolean) =>
      ok
        ? rest
            .getJson<Page<T> | T[]>(`${path}?${LITE}`)
            .then((p) => (Array.isArray(p) ? p : p.data))
            .catch(() => [] as T[])
        : Promise.resolve([]);
    const [products, vouchers, packages] = await Promise.all([
      get<{ id: number; title: string; price: number }>('/api/v1/products', can('read', 'Product')),
      get<{ id: number; title: string; amount: number }>('/api/v1/gift-voucher', can('read', 'GiftVoucher')),
      get<{ id: number; title: string; price: number }>('/api/v1/packages', can('read', 'Package')),
    ]);
    return [
      ...products.map((p) => ({ kind: 'product' as const, id: p.id, title: p.title, price: p.price ?? 0 })),
      ...vouchers.map((v) => ({ kind: 'gift_voucher' as const, id: v.id, title: v.title, price: v.amount ?? 0 })),
      ...packages.map((p) => ({ kind: 'package' as const, id: p.id, title: p.title, price: p.price ?? 0 })),
    ];
  });
  return data ?? [];
}

/** Far enough ahead to list every coming appointment too: a client may pay for one ahead. */
const AHEAD = '2099-12-31';

/** The client's appointments and class seats with something left to pay, coming ones too (page after page). */
export function useOwing(clientId: number | null) {
  const { rest } = useRenderer();
  return useSWR(
    clientId ? ['checkout-owing', clientId] : null,
    async () => {
      const out: Owing[] = [];
      for (let page = 1; page <= 20; page++) {
        const res = await rest.getJson<Page<Owing>>(
          `/api/v1/payments/left-to-pay/appointment?client_id=${clientId}&to=${AHEAD}&page=${page}`,
        );
        // A server that does not filter by client yet answers everyone's: keep this client's only.
        out.push(...res.data.filter((a) => a.clients.some((c) => c.id === clientId)));
        if (page >= res.meta.last_page) break;
      }
      return out;
    },
    { revalidateOnMount: true, dedupingInterval: 0 },
  );
}

/** The client's earlier sales with something left to pay, as rows of the owed list (kind sale). */
export function useOwingSales(clientId: number | null) {
  const { rest, can, t } = useRenderer();
  return useSWR(
    clientId && can('read', 'Sale') ? ['checkout-owing-sales', clientId] : null,
    async () => {
      const res = await rest.getJson<
        Page<{
          id: number;
          date: string;
          total: number;
          left_to_pay: number;
          client: Owing['clients'][number] | null;
          items: { title: string; quantity: number }[];
        }>
      >(`/api/v1/payments/left-to-pay/sale?client_id=${clientId}&to=${AHEAD}`);
      return res.data.map((s): Owing => ({
        id: s.id,
        kind: 'sale',
        date: s.date,
        start_time: null,
        service: t('checkout.saleRest', {
          items: s.items.map((i) => `${i.quantity} × ${i.title}`).join(', '),
        }),
        clients: s.client ? [s.client] : [],
        price: s.total,
        amount: s.left_to_pay,
        payment_status: 'leftToPay',
      }));
    },
    { revalidateOnMount: true, dedupingInterval: 0 },
  );
}

/** The client's package sales with sessions left (none while the route is missing or the plan has no packages). */
export function useRedeemable(clientId: number | null): Redeemable[] {
  const { rest } = useRenderer();
  const { data } = useSWR(clientId ? ['checkout-redeemable', clientId] : null, () =>
    rest
      .getJson<{ packages?: Redeemable[]; data?: { packages?: Redeemable[] } }>(
        `/api/v1/payments/redeemable?client_id=${clientId}`,
      )
      .then((r) => r.packages ?? r.data?.packages ?? [])
      .catch(() => [] as Redeemable[]),
  );
  return data ?? [];
}
