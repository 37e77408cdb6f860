import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/render';
import { ToastHost } from './ToastHost';
import { TOAST_MS, dismissToast, getToast, holdToast, toast } from './toastStore';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => dismissToast());
  holdToast('hover', false);
  holdToast('focus', false);
  vi.useRealTimers();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('toast', () => {
  it('shows one toast at a time: a new one replaces the current', () => {
    renderWithProviders(<ToastHost />);
    act(() => void toast('First problem'));
    expect(screen.getByRole('alert')).toHaveTextContent('First problem');
    act(() => void toast('Second problem'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Second problem');
    expect(screen.queryByText('First problem')).toBeNull();
  });

  it(`auto-dismisses after TOAST_MS (${TOAST_MS} ms), counted from the latest toast`, () => {
    renderWithProviders(<ToastHost />);
    act(() => void toast('One'));
    advance(3000);
    act(() => void toast('Two'));
    advance(3000);
    expect(screen.getByRole('alert')).toHaveTextContent('Two');
    advance(999);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(getToast()).toBeNull();
  });

  it('uses role=alert for errors and role=status otherwise, inside a live region', () => {
    const { container } = renderWithProviders(<ToastHost />);
    const region = container.querySelector('[aria-live]');
    expect(region).toHaveAttribute('aria-live', 'polite');
    act(() => void toast('Saved', 'success'));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    expect(region).toContainElement(screen.getByRole('status'));
    act(() => void toast('Failed'));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed');
    expect(screen.queryByRole('status')).toBeNull();
  });

  describe('where it shows', () => {
    const width = window.innerWidth;
    afterEach(() => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
      document.querySelectorAll('[data-toast-anchor]').forEach((el) => el.remove());
    });
    /** A layout's content column, 600 … 1366 px of a 1366 px window (the login page's form beside its banner). */
    function column(left: number, right: number, viewport: number) {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: viewport });
      const el = document.createElement('div');
      el.setAttribute('data-toast-anchor', '');
      el.getBoundingClientRect = () => ({ left, right, width: right - left, top: 0, bottom: 900, height: 900, x: left, y: 0, toJSON: () => ({}) });
      document.body.append(el);
    }

    it("over the page's content column from 768 px, not across the whole window", () => {
      column(600, 1366, 1366);
      const { container } = renderWithProviders(<ToastHost />);
      act(() => void toast('Saved', 'success'));
      const host = container.querySelector<HTMLElement>('[aria-live]')!;
      expect([host.style.left, host.style.right]).toEqual(['616px', '16px']);
    });

    it('across the top of the screen on a phone', () => {
      column(0, 375, 375);
      const { container } = renderWithProviders(<ToastHost />);
      act(() => void toast('Saved', 'success'));
      const host = container.querySelector<HTMLElement>('[aria-live]')!;
      expect([host.style.left, host.style.right]).toEqual(['', '']);
    });
  });

  it('has a dismiss button', () => {
    renderWithProviders(<ToastHost />);
    act(() => void toast('Oops'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('pauses while hovered and resumes with the remaining time', () => {
    renderWithProviders(<ToastHost />);
    act(() => void toast('Read me'));
    advance(1000);
    fireEvent.mouseEnter(screen.getByRole('alert'));
    advance(10_000);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByRole('alert'));
    advance(TOAST_MS - 1000 - 1);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('pauses while keyboard focus is inside, and a new toast does not inherit a stale pause', () => {
    renderWithProviders(<ToastHost />);
    act(() => void toast('Focus me'));
    const dismiss = screen.getByRole('button', { name: 'Dismiss notification' });
    act(() => dismiss.focus());
    advance(TOAST_MS * 2);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    fireEvent.click(dismiss); // removed while focused: the host releases its holds
    act(() => void toast('Next'));
    advance(TOAST_MS);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('renders the message as text and honours a custom duration', () => {
    renderWithProviders(<ToastHost />);
    act(() => void toast('<b>bold</b>', 'info', { duration: Infinity }));
    expect(screen.getByRole('status')).toHaveTextContent('<b>bold</b>');
    expect(screen.getByRole('status').querySelector('b')).toBeNull();
    advance(60_000);
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('dismissToast(id) ignores an id that was already replaced', () => {
    const first = toast('a');
    toast('b');
    dismissToast(first);
    expect(getToast()?.message).toBe('b');
  });
});
