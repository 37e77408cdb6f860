import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { StrengthMeter } from './StrengthMeter';

describe('StrengthMeter: commonly used passwords', () => {
  it('rates a common password weak and says why, whatever it is made of', () => {
    renderWithProviders(<StrengthMeter id="m" password="Password123!" />);
    const meter = screen.getByTestId('strength-meter');
    expect(meter).toHaveAttribute('data-level', 'weak');
    expect(meter).toHaveAttribute('data-common', 'true');
    expect(screen.getByText('Password strength: Weak (a commonly used password)')).toHaveAttribute('aria-live', 'polite');
  });

  it('rates weak what the server refused as common, though the meter does not know it', () => {
    const { rerender } = renderWithProviders(<StrengthMeter id="m" password="Left4dead" />);
    expect(screen.getByTestId('strength-meter')).toHaveAttribute('data-level', 'medium');
    rerender(<StrengthMeter id="m" password="Left4dead" refusedAsCommon />);
    expect(screen.getByTestId('strength-meter')).toHaveAttribute('data-level', 'weak');
    expect(screen.getByText('Password strength: Weak (a commonly used password)')).toBeInTheDocument();
  });

  it('leaves other passwords to the score', () => {
    renderWithProviders(<StrengthMeter id="m" password="xK#9mQ!2vL@7" />);
    expect(screen.getByTestId('strength-meter')).toHaveAttribute('data-level', 'veryStrong');
    expect(screen.getByTestId('strength-meter')).not.toHaveAttribute('data-common');
    expect(screen.getByText('Password strength: Very strong')).toBeInTheDocument();
  });
});
