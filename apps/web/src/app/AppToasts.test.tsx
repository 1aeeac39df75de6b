import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { ToastContainer, toast } from 'react-toastify';
import { AppToasts } from './AppToasts.tsx';
import { loadToasts, notify } from '../lib/toast.ts';

// react-toastify's own defaults happen to be 5000 ms and 80 %, so watching a toast close cannot tell our
// settings from the library's. The container is wrapped to record the props it really receives.
vi.mock('react-toastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-toastify')>();
  return { ...actual, ToastContainer: vi.fn(actual.ToastContainer) };
});

afterEach(() => {
  act(() => toast.dismiss());
  vi.mocked(ToastContainer).mockClear();
});

describe('the app toast container (SPEC §2, §4, §9)', () => {
  it('renders nothing until a notification has loaded react-toastify', async () => {
    // Every test file gets a fresh module registry, so nothing has been loaded yet.
    const { container } = render(<AppToasts />);
    expect(container).toBeEmptyDOMElement();
    expect(ToastContainer).not.toHaveBeenCalled();
    await act(() => loadToasts());
    expect(ToastContainer).toHaveBeenCalled();
  });

  it('is configured top-right, dark, auto-close 5000 ms, a drag of 80 % dismisses', async () => {
    await loadToasts();
    render(<AppToasts />);
    const props = vi.mocked(ToastContainer).mock.calls.at(-1)?.[0];
    expect(props).toMatchObject({ position: 'top-right', theme: 'dark', autoClose: 5000, draggablePercent: 80 });
  });

  it('shows a notification in the dark theme with a 5000 ms countdown', async () => {
    render(<AppToasts />);
    await act(() => notify.success('Card saved'));
    const alert = await screen.findByText('Card saved');
    const toastElement = alert.closest('.Toastify__toast');
    expect(toastElement).toHaveClass('Toastify__toast-theme--dark');
    expect(toastElement?.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--top-right');
    expect(toastElement?.querySelector('.Toastify__progress-bar')).toHaveStyle({ animationDuration: '5000ms' });
  });
});
