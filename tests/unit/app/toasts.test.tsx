import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderHook } from '@testing-library/react';
import ToastHost from '../../../src/app/Toasts';
import { useToasts } from '../../../src/app/use-toasts';

describe('ToastHost', () => {
  it('offers the way on from a plan refusal, and following it closes the toast', () => {
    const { result } = renderHook(() => useToasts());
    act(() =>
      result.current.notify('This feature is available on the Business plan.', 'error', {
        to: '/account-setup/subscription/details',
        label: 'See plans',
      }),
    );
    const navigate = jest.fn();
    const close = jest.fn();
    render(<ToastHost toast={result.current.toast} close={close} navigate={navigate} />);
    expect(screen.getByText('This feature is available on the Business plan.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'See plans' }));
    expect(navigate).toHaveBeenCalledWith('/account-setup/subscription/details');
    expect(close).toHaveBeenCalled();
  });

  it('shows no button for a plain message', () => {
    const { result } = renderHook(() => useToasts());
    act(() => result.current.notify('Saved successfully.'));
    render(<ToastHost toast={result.current.toast} close={() => undefined} navigate={() => undefined} />);
    expect(screen.getByText('Saved successfully.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'See plans' })).toBeNull();
  });
});
