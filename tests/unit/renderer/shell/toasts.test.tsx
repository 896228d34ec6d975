import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderHook } from '@testing-library/react';
import ToastHost from '../../../../packages/renderer/react/shell/Toasts';
import { useToasts } from '../../../../packages/renderer/react/shell/use-toasts';

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
    render(<ToastHost toast={result.current.toast} close={close} navigate={navigate} t={(k) => k} />);
    expect(screen.getByText('This feature is available on the Business plan.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'See plans' }));
    expect(navigate).toHaveBeenCalledWith('/account-setup/subscription/details');
    expect(close).toHaveBeenCalled();
  });

  it('shows no button for a plain message', () => {
    const { result } = renderHook(() => useToasts());
    act(() => result.current.notify('Saved successfully.'));
    render(<ToastHost toast={result.current.toast} close={() => undefined} navigate={() => undefined} t={(k) => k} />);
    expect(screen.getByText('Saved successfully.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'See plans' })).toBeNull();
  });
});

describe('ToastHost placement', () => {
  it('places the toast again when a hidden header is revealed by a style change (Suspense reveals that way)', async () => {
    const header = document.createElement('header');
    header.style.display = 'none';
    header.getBoundingClientRect = () =>
      (header.style.display === 'none'
        ? { top: 0, bottom: 0, left: 0, right: 0, width: 0, height: 0 }
        : { top: 0, bottom: 64, left: 0, right: 1366, width: 1366, height: 64 }) as DOMRect;
    document.body.appendChild(header);
    const { result } = renderHook(() => useToasts());
    act(() => result.current.notify('You are now signed in as Olivia Hart.'));
    render(<ToastHost toast={result.current.toast} close={() => undefined} navigate={() => undefined} t={(k) => k} />);
    const snackbar = () => screen.getByText('You are now signed in as Olivia Hart.').closest('.MuiSnackbar-root')!;
    const topOf = () => getComputedStyle(snackbar()).top;
    expect(topOf()).toBe('8px');
    await act(async () => {
      header.style.display = '';
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    });
    expect(topOf()).toBe('72px');
    header.remove();
  });
});
