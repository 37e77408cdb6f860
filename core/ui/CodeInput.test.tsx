import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '../testing/render';
import { CodeInput } from './CodeInput';

const boxes = () => screen.getAllByRole('textbox');
const values = () => boxes().map((b) => (b as HTMLInputElement).value).join('|');

describe('CodeInput', () => {
  it('renders six labelled boxes in a labelled group, one-time-code on the first', () => {
    renderWithProviders(<CodeInput />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(boxes()).toHaveLength(6);
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('textbox', { name: 'Digit 6 of 6' })).toHaveAttribute('autocomplete', 'off');
    expect(boxes()[0]).toHaveAttribute('inputmode', 'numeric');
  });

  it('honours length', () => {
    renderWithProviders(<CodeInput length={4} />);
    expect(boxes()).toHaveLength(4);
    expect(screen.getByRole('textbox', { name: 'Digit 4 of 4' })).toBeInTheDocument();
  });

  it('takes one digit per box, moves forward and ignores non-digits', async () => {
    const onChange = vi.fn();
    renderWithProviders(<CodeInput onChange={onChange} />);
    await userEvent.click(boxes()[0]!);
    await userEvent.keyboard('1a2 -3');
    expect(values()).toBe('1|2|3|||');
    expect(boxes()[3]).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('123');
  });

  it('typing into a filled box replaces its digit', async () => {
    renderWithProviders(<CodeInput defaultValue="123456" />);
    await userEvent.click(boxes()[2]!);
    await userEvent.keyboard('9');
    expect(values()).toBe('1|2|9|4|5|6');
    expect(boxes()[3]).toHaveFocus();
  });

  it('paste fills from the first box whichever box has focus, stripping non-digits', async () => {
    const onChange = vi.fn();
    renderWithProviders(<CodeInput onChange={onChange} />);
    await userEvent.click(boxes()[3]!);
    await userEvent.paste('12-34 5a6');
    expect(values()).toBe('1|2|3|4|5|6');
    expect(onChange).toHaveBeenLastCalledWith('123456');
    expect(boxes()[5]).toHaveFocus();
  });

  it('takes Arabic-Indic and Persian digits, typed or pasted, as the Western digits the code is made of', async () => {
    const onChange = vi.fn();
    renderWithProviders(<CodeInput onChange={onChange} />);
    await userEvent.click(boxes()[0]!);
    await userEvent.keyboard('٤۲');
    expect(values()).toBe('4|2||||');
    await userEvent.paste('١٢٣ ۴۵۶');
    expect(values()).toBe('1|2|3|4|5|6');
    expect(onChange).toHaveBeenLastCalledWith('123456');
  });

  it('a short paste fills the first boxes and focuses the next empty one; a digit-less paste is ignored', async () => {
    renderWithProviders(<CodeInput />);
    await userEvent.click(boxes()[0]!);
    await userEvent.paste('code: 42');
    expect(values()).toBe('4|2||||');
    expect(boxes()[2]).toHaveFocus();
    await userEvent.paste('abc');
    expect(values()).toBe('4|2||||');
  });

  it('too long a paste is cut to the length', async () => {
    renderWithProviders(<CodeInput />);
    await userEvent.click(boxes()[0]!);
    await userEvent.paste('123456789');
    expect(values()).toBe('1|2|3|4|5|6');
  });

  it('ArrowLeft / ArrowRight / Home / End move between boxes', async () => {
    renderWithProviders(<CodeInput />);
    await userEvent.click(boxes()[2]!);
    await userEvent.keyboard('{ArrowRight}');
    expect(boxes()[3]).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(boxes()[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(boxes()[0]).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(boxes()[5]).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(boxes()[0]).toHaveFocus();
  });

  it('Backspace clears and moves back; from an empty box it clears the previous one', async () => {
    const onChange = vi.fn();
    renderWithProviders(<CodeInput defaultValue="123456" onChange={onChange} />);
    await userEvent.click(boxes()[5]!);
    await userEvent.keyboard('{Backspace}');
    expect(values()).toBe('1|2|3|4|5|');
    expect(boxes()[4]).toHaveFocus();
    await userEvent.keyboard('{Backspace}{Backspace}');
    expect(values()).toBe('1|2|3|||');
    expect(boxes()[2]).toHaveFocus();
    // From an empty box (focused by arrow key) Backspace clears the box before it.
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(boxes()[4]).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(boxes()[3]).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(values()).toBe('1|2||||');
    expect(boxes()[2]).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('12');
  });

  it('Enter submits only a complete code', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<CodeInput onSubmit={onSubmit} />);
    await userEvent.click(boxes()[0]!);
    await userEvent.keyboard('12345{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.keyboard('6{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });

  it('accepts a whole code delivered by autofill into the first box', () => {
    const onChange = vi.fn();
    renderWithProviders(<CodeInput onChange={onChange} />);
    fireEvent.change(boxes()[0]!, { target: { value: '654321' } });
    expect(values()).toBe('6|5|4|3|2|1');
    expect(onChange).toHaveBeenLastCalledWith('654321');
  });

  it('shows the error inline and describes every box with it', () => {
    renderWithProviders(<CodeInput error="The verification code is incorrect." />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The verification code is incorrect.');
    for (const box of boxes()) {
      expect(box).toHaveAttribute('aria-invalid', 'true');
      expect(box).toHaveAttribute('aria-describedby', alert.id);
    }
  });

  it('disabled boxes accept nothing', async () => {
    renderWithProviders(<CodeInput disabled />);
    for (const box of boxes()) expect(box).toBeDisabled();
    await userEvent.click(boxes()[0]!);
    await userEvent.keyboard('1');
    expect(values()).toBe('|||||');
  });

  it('autoFocus focuses the first box', () => {
    renderWithProviders(<CodeInput autoFocus />);
    expect(boxes()[0]).toHaveFocus();
  });

  it('a controlled parent can clear the code (e.g. after a wrong code)', async () => {
    function Parent() {
      const [code, setCode] = useState('');
      return (
        <>
          <CodeInput value={code} onChange={setCode} name="code" />
          <button onClick={() => setCode('')}>Clear</button>
        </>
      );
    }
    const { container } = renderWithProviders(<Parent />);
    await userEvent.click(boxes()[0]!);
    await userEvent.keyboard('987');
    expect(container.querySelector('input[type=hidden]')).toHaveValue('987');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(values()).toBe('|||||');
  });

  it('keeps the boxes left-to-right in RTL pages', () => {
    renderWithProviders(
      <div dir="rtl">
        <CodeInput />
      </div>,
    );
    expect(screen.getByRole('group')).toHaveAttribute('dir', 'ltr');
  });
});
