import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/render';
import { LoadingImage } from './LoadingImage';
import { VisuallyHidden } from './VisuallyHidden';

describe('LoadingImage', () => {
  it('is a status with a spoken label and a decorative spinner', () => {
    renderWithProviders(<LoadingImage />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading…');
    const svg = status.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('width', '40');
  });

  it('takes a size preset or pixels and a custom label', () => {
    renderWithProviders(
      <>
        <LoadingImage size="lg" label="Loading invitation" />
        <LoadingImage size={12} />
      </>,
    );
    const [big, small] = screen.getAllByRole('status');
    expect(big).toHaveTextContent('Loading invitation');
    expect(big!.querySelector('svg')).toHaveAttribute('width', '64');
    expect(small!.querySelector('svg')).toHaveAttribute('width', '12');
  });

  it('stops spinning under prefers-reduced-motion', () => {
    renderWithProviders(<LoadingImage />);
    const rules = Array.from(document.querySelectorAll('style'))
      .map((s) => s.textContent)
      .join('\n');
    expect(rules).toMatch(/prefers-reduced-motion:\s*reduce/);
  });
});

describe('VisuallyHidden', () => {
  it('keeps text in the accessibility tree', () => {
    renderWithProviders(
      <button>
        <svg aria-hidden="true" />
        <VisuallyHidden>Close</VisuallyHidden>
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
