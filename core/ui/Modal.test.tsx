import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '../testing/render';
import { Modal, type ModalProps } from './Modal';

function Harness(props: Partial<ModalProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <Modal open={open} onClose={() => setOpen(false)} onOk={() => setOpen(false)} title="Settings" description="Change your settings." {...props}>
        {props.children}
      </Modal>
    </>
  );
}

const panelOf = (dialog: HTMLElement) => dialog.querySelector<HTMLElement>('[id^="headlessui-dialog-panel"]') ?? dialog;

describe('Modal', () => {
  it('is labelled by its title and described by its message', async () => {
    renderWithProviders(<Modal open onClose={() => {}} kind="error" title="Session timed out" description="Please log in again." />);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleName('Error Session timed out');
    expect(dialog).toHaveAccessibleDescription('Please log in again.');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
  });

  it('uses the kind name as the title when none is given', async () => {
    renderWithProviders(<Modal open onClose={() => {}} kind="success" description="Saved." />);
    expect(await screen.findByRole('dialog')).toHaveAccessibleName('Success');
    expect(screen.getByRole('heading')).toHaveTextContent('Success');
  });

  it('renders message text as text, never as HTML', async () => {
    renderWithProviders(<Modal open onClose={() => {}} kind="info" description={'<img src=x onerror=alert(1)>'} />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('img')).toBeNull();
    expect(dialog).toHaveTextContent('<img src=x onerror=alert(1)>');
  });

  it('OK and Cancel call their handlers; OK has the initial focus', async () => {
    const onOk = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<Modal open kind="confirm" onOk={onOk} onClose={onClose} showCancel okLabel="Delete" description="Delete it?" />);
    const ok = await screen.findByRole('button', { name: 'Delete' });
    await vi.waitFor(() => expect(ok).toHaveFocus());
    await userEvent.click(ok);
    expect(onOk).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('traps focus inside and returns it to the opener on close', async () => {
    renderWithProviders(<Harness showCancel />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus());
    for (let i = 0; i < 6; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(opener).toHaveFocus());
  });

  it('closes on Escape and the close button when dismissible', async () => {
    const onClose = vi.fn();
    renderWithProviders(<Modal open onClose={onClose} kind="info" description="x" />);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('cannot be dismissed when dismissible=false (privacy notice)', async () => {
    const onClose = vi.fn();
    const onOk = vi.fn();
    renderWithProviders(<Modal open dismissible={false} onClose={onClose} onOk={onOk} okLabel="I understand" kind="info" description="Policy updated" />);
    await screen.findByRole('dialog');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I understand' }));
    expect(onOk).toHaveBeenCalled();
  });

  it('moves with the arrow keys on the drag handle, and the position resets when reopened', async () => {
    renderWithProviders(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog');
    const handle = screen.getByRole('button', { name: 'Drag to move' });
    expect(handle).toHaveAccessibleDescription('Use the arrow keys to move the dialog.');
    // jsdom has no layout: give the panel a real box in a 1024x768 window.
    vi.spyOn(panelOf(dialog), 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 312, y: 200, width: 400, height: 300 }));
    handle.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}');
    expect(panelOf(dialog).style.transform).toBe('translate(20px, 10px)');
    await userEvent.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(panelOf(dialog).style.transform).toBe('translate(-30px, 10px)');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(panelOf(await screen.findByRole('dialog')).style.transform).toBe('');
  });

  it('drags by the title bar with the pointer', async () => {
    renderWithProviders(<Modal open onClose={() => {}} title="Drag me" description="x" />);
    const dialog = await screen.findByRole('dialog');
    const title = screen.getByRole('heading', { name: 'Drag me' });
    fireEvent.pointerDown(title, { button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(window, { clientX: 160, clientY: 130 });
    fireEvent.pointerUp(window);
    fireEvent.pointerMove(window, { clientX: 400, clientY: 400 });
    // jsdom's boxes are all zero, so only a downward/rightward move is inside the window.
    expect(panelOf(dialog).style.transform).toBe('translate(60px, 30px)');
  });

  it('does not drag when the press starts on the close button, nor when full screen', async () => {
    const { rerender } = renderWithProviders(<Modal open onClose={() => {}} title="T" description="x" />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Close' }), { button: 0, clientX: 0, clientY: 0 });
    fireEvent.pointerMove(window, { clientX: 50, clientY: 50 });
    expect(panelOf(dialog).style.transform).toBe('');
    rerender(<Modal open fullScreen onClose={() => {}} title="T" description="x" />);
    expect(screen.queryByRole('button', { name: 'Drag to move' })).toBeNull();
  });

  it('full screen: one centred column with the actions right under the content, not in a bar at the far edge', async () => {
    renderWithProviders(
      <Modal open fullScreen onClose={() => {}} title="Step" onOk={() => {}} okLabel="Confirm and sign in">
        <p>form</p>
      </Modal>,
    );
    const column = (await screen.findByText('form')).parentElement!;
    expect(column).toContainElement(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(getComputedStyle(column).maxWidth).toBe('560px');
  });

  it('derives the content max height from the window and follows resizes', async () => {
    window.innerHeight = 768;
    renderWithProviders(
      <Modal open onClose={() => {}} title="Long" description="x">
        <p>body</p>
      </Modal>,
    );
    const body = (await screen.findByText('body')).parentElement!;
    expect(body.style.maxHeight).toBe(`${768 - 48}px`);
    act(() => {
      window.innerHeight = 500;
      window.dispatchEvent(new Event('resize'));
    });
    expect(body.style.maxHeight).toBe(`${500 - 48}px`);
  });

  it('renders a custom footer instead of the default buttons', async () => {
    renderWithProviders(<Modal open onClose={() => {}} onOk={() => {}} title="T" footer={<button>Custom</button>} />);
    expect(await screen.findByRole('button', { name: 'Custom' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'OK' })).toBeNull();
  });
});
