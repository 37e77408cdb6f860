import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '../testing/Providers';
import { TextArea } from './TextArea';

describe('TextArea', () => {
  it('is named by its label, described by its hint and its error, and marked invalid and required', async () => {
    render(
      <Providers>
        <TextArea label="Metadata XML" hint="Paste the whole document." error="It is not XML." required />
      </Providers>,
    );
    const field = screen.getByRole('textbox', { name: /Metadata XML/ });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAttribute('aria-required', 'true');
    expect(field).toHaveAccessibleDescription('It is not XML. Paste the whole document.');
    await userEvent.type(field, '<x/>');
    expect(field).toHaveValue('<x/>');
  });
});
