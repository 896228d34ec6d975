import type { Agent } from './app';

/** A client of the owner's, by first name. */
export const newClient = async (owner: Agent, first_name: string) => {
  const res = await owner.post('/api/v1/clients', { first_name, last_name: 'Ledger' });
  if (res.statusCode !== 201) throw new Error(`client: ${res.body}`);
  return res.json().data.id as number;
};

/** A service of the owner's at this price (minor units). */
export const newService = async (owner: Agent, price: number, title = 'Haircut') => {
  const res = await owner.post('/api/v1/services', { title, price, duration: 30 });
  if (res.statusCode !== 201) throw new Error(`service: ${res.body}`);
  return res.json().data.id as number;
};

let slot = 0;
/** A service appointment for these clients, each on its own half hour of a past January (so nothing overlaps). */
export const book = async (owner: Agent, serviceId: number, clientIds: number[], date?: string) => {
  const n = slot++;
  const day = date ?? `2026-01-${String(5 + (Math.floor(n / 16) % 20)).padStart(2, '0')}`;
  const minutes = 8 * 60 + (n % 16) * 30;
  const start_time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const res = await owner.post('/api/v1/appointments', {
    type: 'service',
    service_id: serviceId,
    client_ids: clientIds,
    date: day,
    start_time,
  });
  if (res.statusCode !== 201) throw new Error(`appointment: ${res.body}`);
  return res.json().data.id as number;
};

/** The appointment's presented payment status and what is left to pay. */
export const statusOf = async (owner: Agent, id: number) => {
  const data = (await owner.get(`/api/v1/appointments/${id}`)).json().data;
  return { status: data.payment_status as string, left: data.left_to_pay as number };
};

/** A checkout: the answer's status code and body. */
export const checkout = async (owner: Agent, body: Record<string, unknown>) => {
  const res = await owner.post('/api/v1/payments', body);
  return { code: res.statusCode, body: res.json() };
};

/** A product of the owner's at this price, tracking stock when `stock` is given. */
export const newProduct = async (owner: Agent, price: number, stock: number | null = null, title = 'Shampoo') => {
  const res = await owner.post('/api/v1/products', { title, price, stock });
  if (res.statusCode !== 201) throw new Error(`product: ${res.body}`);
  return res.json().data.id as number;
};

/** A gift voucher (template) of the owner's worth `amount`. */
export const newGiftVoucher = async (owner: Agent, amount: number, title = 'Gift 50') => {
  const res = await owner.post('/api/v1/gift-voucher', { title, amount });
  if (res.statusCode !== 201) throw new Error(`gift voucher: ${res.body}`);
  return res.json().data.id as number;
};

/** A package of the owner's: these services, so many sessions each. */
export const newPackage = async (
  owner: Agent,
  price: number,
  services: Array<{ service_id: number; quantity: number }>,
  expiry_days: number | null = null,
  title = 'Five cuts',
) => {
  const res = await owner.post('/api/v1/packages', { title, price, services, expiry_days });
  if (res.statusCode !== 201) throw new Error(`package: ${res.body}`);
  return res.json().data.id as number;
};

/** Sells items to a client at the till, paid in cash in full; the sale's id and its detail. */
export const sell = async (
  owner: Agent,
  client_id: number,
  items: Array<{ kind: string; id: number; quantity?: number }>,
  cash: number,
) => {
  const res = await checkout(owner, {
    client_id,
    items,
    payments: cash > 0 ? [{ method: 'cash', amount: cash }] : [],
  });
  if (res.code !== 201) throw new Error(`sale: ${JSON.stringify(res.body)}`);
  const saleId = res.body.data.sale_id as number;
  const detail = (await owner.get(`/api/v1/sales/${saleId}`)).json().data;
  return { saleId, detail, checkout: res.body.data };
};
