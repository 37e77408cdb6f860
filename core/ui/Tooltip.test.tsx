import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../testing/render';
import { Tooltip, directionOf, mirrorPlacement } from './Tooltip';

afterEach(() => document.documentElement.removeAttribute('dir'));

describe('mirrorPlacement', () => {
  it('swaps left and right in RTL only', () => {
    expect(mirrorPlacement('left', 'rtl')).toBe('right');
    expect(mirrorPlacement('right', 'rtl')).toBe('left');
    expect(mirrorPlacement('top', 'rtl')).toBe('top');
    expect(mirrorPlacement('bottom', 'rtl')).toBe('bottom');
    expect(mirrorPlacement('left', 'ltr')).toBe('left');
    expect(mirrorPlacement('right', 'ltr')).toBe('right');
  });

  it('directionOf reads the nearest dir, then the document', () => {
    const outer = document.createElement('div');
    outer.dir = 'rtl';
    const inner = document.createElement('span');
    outer.append(inner);
    expect(directionOf(inner)).toBe('rtl');
    const ltrInside = document.createElement('div');
    ltrInside.dir = 'ltr';
    outer.append(ltrInside);
    expect(directionOf(ltrInside)).toBe('ltr');
    const loose = document.createElement('span');
    expect(directionOf(loose)).toBe('ltr');
    document.documentElement.dir = 'rtl';
    expect(directionOf(loose)).toBe('rtl');
  });
});

describe('Tooltip', () => {
  const renderTip = (placement: 'left' | 'right' | 'top' = 'top') =>
    renderWithProviders(
      <Tooltip content="Full company name" placement={placement}>
        <button>Info</button>
      </Tooltip>,
    );

  it('describes the trigger with a role=tooltip element', () => {
    renderTip();
    const trigger = screen.getByRole('button', { name: 'Info' });
    const tip = screen.getByRole('tooltip', { hidden: true });
    expect(trigger).toHaveAttribute('aria-describedby', tip.id);
    expect(trigger).toHaveAccessibleDescription('Full company name');
    expect(tip).not.toBeVisible();
  });

  it('shows on hover and hides on leave', async () => {
    renderTip();
    await userEvent.hover(screen.getByRole('button'));
    expect(screen.getByRole('tooltip')).toBeVisible();
    await userEvent.unhover(screen.getByRole('button'));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows on keyboard focus, hides on Escape and on blur', async () => {
    renderTip();
    await userEvent.tab();
    expect(screen.getByRole('tooltip')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(screen.getByRole('button')).toHaveFocus();
    await userEvent.tab({ shift: true });
    await userEvent.tab();
    expect(screen.getByRole('tooltip')).toBeVisible();
    await userEvent.tab();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('keeps the placement in LTR and mirrors it in RTL', async () => {
    const { container, unmount } = renderTip('left');
    await userEvent.hover(screen.getByRole('button'));
    expect(container.querySelector('[data-placement]')).toHaveAttribute('data-placement', 'left');
    unmount();
    const rtl = renderWithProviders(
      <div dir="rtl">
        <Tooltip content="Tip" placement="left">
          <button>RTL</button>
        </Tooltip>
      </div>,
    );
    await userEvent.hover(screen.getByRole('button', { name: 'RTL' }));
    expect(rtl.container.querySelector('[data-placement]')).toHaveAttribute('data-placement', 'right');
  });

  it('follows the document direction when no ancestor sets one', () => {
    document.documentElement.dir = 'rtl';
    const { container } = renderTip('right');
    act(() => fireEvent.mouseEnter(container.querySelector('[data-placement]')!));
    expect(container.querySelector('[data-placement]')).toHaveAttribute('data-placement', 'left');
  });

  it('keeps an existing aria-describedby and can be disabled', () => {
    renderWithProviders(
      <>
        <Tooltip content="Tip">
          <button aria-describedby="other">A</button>
        </Tooltip>
        <Tooltip content="Never" disabled>
          <button>B</button>
        </Tooltip>
      </>,
    );
    expect(screen.getByRole('button', { name: 'A' }).getAttribute('aria-describedby')).toMatch(/^other tip-/);
    expect(screen.getByRole('button', { name: 'B' })).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText('Never')).toBeNull();
  });
});
