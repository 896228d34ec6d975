import { fireEvent, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { HttpError } from '../../../renderer';
import { RendererContext } from '../../../renderer/react/context';
import AdminSmsCredits from '../../../src/widgets/admin/SmsCredits';
import { rendererContext } from '../../helpers/renderer-context';

function mount(send: jest.Mock) {
  let balance = 12;
  const getJson = jest.fn(async () => ({
    data: { id: 7, first_name: 'Ann', last_name: 'Lee', email: 'ann@example.test', sms_credits: balance },
  }));
  send.mockImplementation(async (_m: string, _p: string, body: { sms_credits: number }) => {
    if (body.sms_credits < 0) throw new HttpError(422, { message: 'x', errors: { sms_credits: ['At least 0.'] } });
    balance = body.sms_credits;
    return { message: `The SMS balance is now ${balance}.` };
  });
  const notify = jest.fn();
  const t = (k: string, o?: Record<string, unknown>) => (o?.credits !== undefined ? `${k}:${o.name}:${o.credits}` : k);
  const location = memoryLocation({ path: '/admin/users/7/sms' });
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RendererContext.Provider value={rendererContext({ rest: { getJson, send } as never, t: t as never, notify })}>
        <Router hook={location.hook}>
          <Route path="/admin/users/:id/sms">
            <AdminSmsCredits screen={{} as never} />
          </Route>
        </Router>
      </RendererContext.Provider>
    </SWRConfig>,
  );
  return { getJson, notify };
}

describe("the admin's SMS credits form", () => {
  it("shows the owner's balance, saves a new one through the admin call and reads the owner again", async () => {
    const send = jest.fn();
    const { getJson, notify } = mount(send);
    expect(await screen.findByText('credits.adminForm.current:Ann Lee:12')).toBeTruthy();
    expect(getJson).toHaveBeenCalledWith('/api/v1/admin/user/7');
    const input = screen.getByLabelText('credits.adminForm.newBalance');
    fireEvent.change(input, { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'actions.save' }));
    expect(await screen.findByText('credits.adminForm.current:Ann Lee:40')).toBeTruthy();
    expect(send).toHaveBeenCalledWith('PUT', '/api/v1/admin/user/sms/7', { sms_credits: 40 });
    expect(notify).toHaveBeenCalledWith('The SMS balance is now 40.', 'success');
  });

  it("shows the server's refusal on the field and keeps the balance", async () => {
    const send = jest.fn();
    mount(send);
    const input = await screen.findByLabelText('credits.adminForm.newBalance');
    fireEvent.change(input, { target: { value: '-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'actions.save' }));
    expect(await screen.findByText('At least 0.')).toBeTruthy();
    expect(screen.getByText('credits.adminForm.current:Ann Lee:12')).toBeTruthy();
  });
});
