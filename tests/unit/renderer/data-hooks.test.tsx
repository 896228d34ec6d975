import { act, screen, waitFor } from '@testing-library/react';
import { useSWRConfig } from 'swr';
import type { DataProvider } from '../../../packages/renderer/core/data-provider';
import type { Manifest } from '../../../packages/renderer/core/types';
import { forgetData } from '../../../packages/renderer/react/cache';
import { useCall, useList, useMutation, useOne } from '../../../packages/renderer/react/data';
import { rendererContext, renderScreen } from '../../helpers/renderer-context';

const calls = {
  'appointments.range': { method: 'GET', path: '/api/v1/appointments', resource: 'appointments' },
  'appointments.time': { method: 'PUT', path: '/api/v1/appointments/:id/time', invalidates: ['appointments'] },
  'clients.note': { method: 'POST', path: '/api/v1/clients/:id/note' },
} as const;

/** A provider that counts every read by what it read, and answers with that count. */
function countingProvider() {
  const reads: Record<string, number> = {};
  const read = (what: string) => Promise.resolve({ data: `${what}#${(reads[what] = (reads[what] ?? 0) + 1)}` });
  const provider = {
    getList: (r: string) => read(`list:${r}`),
    getOne: (r: string, id: string | number) => read(`one:${r}:${id}`),
    create: () => Promise.resolve({ data: {} }),
    update: () => Promise.resolve({ data: {} }),
    delete: () => Promise.resolve({}),
    call: (name: string) =>
      calls[name as keyof typeof calls].method === 'GET' ? read(`call:${name}`) : Promise.resolve({}),
    callInfo: (name: string) => calls[name as keyof typeof calls],
  } as unknown as DataProvider;
  return { provider, reads };
}

let api: ReturnType<typeof useMutation>;
let mutateAll: ReturnType<typeof useSWRConfig>['mutate'];

function Reads() {
  const list = useList<string>('clients', { search: 'a' });
  const one = useOne<string>('clients', 5);
  const day = useCall<{ data: string }>('appointments.range', { query: { from: '2027-01-01' } });
  api = useMutation();
  mutateAll = useSWRConfig().mutate;
  return (
    <p>
      {String(list.data?.data)} | {String(one.data)} | {String(day.data?.data)}
    </p>
  );
}

function setup() {
  const { provider, reads } = countingProvider();
  const manifest = { resources: { clients: { path: '/api/v1/clients' } }, calls } as unknown as Manifest;
  renderScreen(<Reads />, rendererContext({ data: provider, manifest }));
  return reads;
}

describe('the data hooks', () => {
  it('reads each resource once, and a write to it reads all its cached reads again, and only them', async () => {
    const reads = setup();
    await screen.findByText('list:clients#1 | one:clients:5#1 | call:appointments.range#1');
    await act(() => api.update('clients', 5, { first_name: 'Ann' }));
    await screen.findByText('list:clients#2 | one:clients:5#2 | call:appointments.range#1');
    expect(reads).toEqual({ 'list:clients': 2, 'one:clients:5': 2, 'call:appointments.range': 1 });
  });

  it('reads again what a named call invalidates, and nothing for a call that invalidates nothing', async () => {
    const reads = setup();
    await screen.findByText('list:clients#1 | one:clients:5#1 | call:appointments.range#1');
    await act(() => api.call('clients.note', { params: { id: 5 }, body: {} }));
    await act(() => api.call('appointments.time', { params: { id: 9 }, body: {} }));
    await screen.findByText('list:clients#1 | one:clients:5#1 | call:appointments.range#2');
    expect(reads['list:clients']).toBe(1);
  });

  it("forgets the provider's reads on log-out, as every other cached answer", async () => {
    const reads = setup();
    await screen.findByText('list:clients#1 | one:clients:5#1 | call:appointments.range#1');
    await act(() => forgetData(mutateAll));
    await waitFor(() => expect(screen.getByText('undefined | undefined | undefined')).toBeTruthy());
    expect(reads).toEqual({ 'list:clients': 1, 'one:clients:5': 1, 'call:appointments.range': 1 });
  });
});
