import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/render';
import { RELEASE_GRACE_MS, resetPointerPresses } from './pointerPress';
import { TextField } from './TextField';

/** Issue 16: an error leaving on blur must not move the button the pointer is pressing. */
describe('a field error that goes away during a pointer press', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetPointerPresses();
  });
  afterEach(() => {
    resetPointerPresses();
    vi.useRealTimers();
  });

  const held = () => document.querySelector('[data-held-message]');

  it('keeps its room (hidden from everyone) until the click has landed, then goes', () => {
    const { rerender } = renderWithProviders(<TextField label="Phone" error="Enter 4 to 12 digits" />);
    fireEvent.pointerDown(window);
    rerender(<TextField label="Phone" error={undefined} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(held()).toHaveTextContent('Enter 4 to 12 digits');
    expect(held()).toHaveAttribute('aria-hidden', 'true');
    expect(held()).toHaveStyle({ visibility: 'hidden' });
    expect(screen.getByRole('textbox', { name: 'Phone' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('textbox', { name: 'Phone' })).not.toHaveAttribute('aria-describedby');

    fireEvent.pointerUp(window);
    expect(held()).not.toBeNull(); // the click is still to come
    fireEvent.click(window);
    act(() => vi.advanceTimersByTime(0));
    expect(held()).toBeNull();
  });

  it('goes at once when no press is under way (the field left with Tab)', () => {
    const { rerender } = renderWithProviders(<TextField label="Phone" error="Enter 4 to 12 digits" />);
    rerender(<TextField label="Phone" error="" />);
    expect(held()).toBeNull();
    expect(screen.queryByText('Enter 4 to 12 digits')).toBeNull();
  });

  it('waits for the click of a touch, which comes after the finger lifts', () => {
    const { rerender } = renderWithProviders(<TextField label="Phone" error="Too short" />);
    fireEvent.pointerDown(window);
    fireEvent.pointerUp(window);
    // The compatibility mousedown moves focus after the pointer is up.
    rerender(<TextField label="Phone" />);
    expect(held()).toHaveTextContent('Too short');
    fireEvent.click(window);
    act(() => vi.advanceTimersByTime(0));
    expect(held()).toBeNull();
  });

  it('gives the room back after a press that ends with no click', () => {
    const { rerender } = renderWithProviders(<TextField label="Phone" error="Too short" />);
    fireEvent.pointerDown(window);
    rerender(<TextField label="Phone" />);
    fireEvent.pointerUp(window);
    act(() => vi.advanceTimersByTime(RELEASE_GRACE_MS));
    expect(held()).toBeNull();
  });

  it('shows a new error in its place at once', () => {
    const { rerender } = renderWithProviders(<TextField label="Phone" error="Too short" />);
    fireEvent.pointerDown(window);
    rerender(<TextField label="Phone" />);
    rerender(<TextField label="Phone" error="Digits only" />);
    expect(held()).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('Digits only');
  });
});
