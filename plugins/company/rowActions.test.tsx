import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RowActions } from './RowActions';
import { renderCompany } from './testing';
import { routeHttp } from './testHttp';

describe('a row actions menu (tables short of room)', () => {
  it('is a menu button named after its row; the keyboard opens it, moves through the actions and picks one, and focus returns', async () => {
    const remove = vi.fn();
    const role = vi.fn();
    await renderCompany(<RowActions rowName="ana@partner-example.com" actions={[{ label: 'Change role', onSelect: role }, { label: 'Remove', onSelect: remove, danger: true }]} />, routeHttp({}).http);
    const button = screen.getByRole('button', { name: 'Actions: ana@partner-example.com' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Change role', 'Remove']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(remove).toHaveBeenCalledTimes(1);
    expect(role).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(button).toHaveFocus());
  });
});
