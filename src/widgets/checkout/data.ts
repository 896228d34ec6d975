import useSWR from 'swr';
import { useDataProvider, useRenderer } from '@soloist/renderer';
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

const LITE = { is_lite: 1, per_page: 100 };

/** The catalogue the till offers: products, and gift vouchers and packages on the plans that have them. */
export function useSellables(): Sellable[] {
  const { can } = useRenderer();
  const provider = useDataProvider();
  const { data } = useSWR(['products', 'checkout-sellables'], async () => {
    const get = <T>(resource: string, ok: boolean) =>
      ok
        ? provider
            .getList<T>(resource, LITE)
            .then((p: Page<T> | T[]) => (Array.isArray(p) ? p : p.data))
            .catch(() => [] as T[])
        : Promise.resolve([]);
    const [products, vouchers, packages] = await Promise.all([
      get<{ id: number; title: string; price: number }>('products', can('read', 'Product')),
      get<{ id: number; title: string; amount: number }>('gift-vouchers', can('read', 'GiftVoucher')),
      get<{ id: number; title: string; price: number }>('packages', can('read', 'Package')),
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
  const provider = useDataProvider();
  // Under the payments' reads: a payment (the checkout's own, a refund) reads them again.
  return useSWR(
    clientId ? ['payments', 'checkout-owing', clientId] : null,
    async () => {
      const out: Owing[] = [];
      for (let page = 1; page <= 20; page++) {
        const res = await provider.call<Page<Owing>>('payments.owing-appointments', {
          query: { client_id: clientId!, to: AHEAD, page },
        });
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
  const { can, t } = useRenderer();
  const provider = useDataProvider();
  return useSWR(
    clientId && can('read', 'Sale') ? ['payments', 'checkout-owing-sales', clientId] : null,
    async () => {
      const res = await provider.call<
        Page<{
          id: number;
          date: string;
          total: number;
          left_to_pay: number;
          client: Owing['clients'][number] | null;
          items: { title: string; quantity: number }[];
        }>
      >('payments.owing-sales', { query: { client_id: clientId!, to: AHEAD } });
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
  const provider = useDataProvider();
  const { data } = useSWR(clientId ? ['payments', 'checkout-redeemable', clientId] : null, () =>
    provider
      .call<{ packages?: Redeemable[]; data?: { packages?: Redeemable[] } }>('payments.redeemable', {
        query: { client_id: clientId! },
      })
      .then((r) => r.packages ?? r.data?.packages ?? [])
      .catch(() => [] as Redeemable[]),
  );
  return data ?? [];
}
