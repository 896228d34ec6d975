import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpError } from '../../../renderer/core/rest';
import { RendererContext } from '../../../renderer/react/context';
import { RefundDialog } from '../../../src/widgets/money/RefundDialog';
import { rendererContext } from '../../helpers/renderer-context';

function open(refuse?: HttpError) {
  const send = jest.fn(async () => {
    if (refuse) throw refuse;
    return { message: 'Payment refunded.' };
  });
  const notify = jest.fn();
  const onClose = jest.fn();
  render(
    <RendererContext.Provider value={rendererContext({ rest: { send } as never, notify })}>
      <RefundDialog path="/api/v1/payments/7" text="£20.00 paid by Ann Lee on 3 November 2026" onClose={onClose} />
    </RendererContext.Provider>,
  );
  return { send, notify, onClose };
}

describe('a refund', () => {
  it('says what is refunded, sends the reason given and tells the server’s answer', async () => {
    const { send, notify, onClose } = open();
    expect(screen.getByText('£20.00 paid by Ann Lee on 3 November 2026')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('money.refundReason'), { target: { value: '  Double charge ' } });
    fireEvent.click(screen.getByRole('button', { name: 'money.refund' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(send).toHaveBeenCalledWith('DELETE', '/api/v1/payments/7', { reason: 'Double charge' });
    expect(notify).toHaveBeenCalledWith('Payment refunded.', 'success');
  });

  it('sends no reason when none is given, and nothing when cancelled', async () => {
    const { send, onClose } = open();
    fireEvent.click(screen.getByRole('button', { name: 'actions.cancel' }));
    expect(onClose).toHaveBeenCalledWith(false);
    expect(send).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'money.refund' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('DELETE', '/api/v1/payments/7', { reason: null }));
  });

  it('stays open with the refusal in words', async () => {
    const { onClose } = open(new HttpError(422, { message: 'This payment has already been refunded.' }));
    fireEvent.click(screen.getByRole('button', { name: 'money.refund' }));
    expect(await screen.findByText('This payment has already been refunded.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
