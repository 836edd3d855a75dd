import { useState, type ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from './alert-dialog';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from './dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './dropdown-menu';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from './sheet';

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

type ContentProps = {
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
};

/** A dialog opened from state, the way most screens open theirs: no Trigger for Radix to return to. */
function OpenedFromState({
  kind,
  onCloseAutoFocus,
}: {
  kind: 'dialog' | 'sheet' | 'alert';
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const content = ({ children, ...props }: ContentProps) => {
    if (kind === 'sheet')
      return (
        <Sheet open={open} onOpenChange={setOpen}>
          <SheetContent {...props}>
            <SheetTitle>Filters</SheetTitle>
            <SheetDescription>Narrow the list.</SheetDescription>
            {children}
          </SheetContent>
        </Sheet>
      );
    if (kind === 'alert')
      return (
        <AlertDialog open={open} onOpenChange={setOpen}>
          <AlertDialogContent {...props}>
            <AlertDialogTitle>Discard?</AlertDialogTitle>
            <AlertDialogDescription>Your changes are lost.</AlertDialogDescription>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            {children}
          </AlertDialogContent>
        </AlertDialog>
      );
    return (
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent {...props}>
          <DialogTitle>Move the claim</DialogTitle>
          <DialogDescription>Choose where it goes.</DialogDescription>
          <DialogClose asChild>
            <Button>Cancel</Button>
          </DialogClose>
          {children}
        </DialogContent>
      </Dialog>
    );
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      {content({ onCloseAutoFocus, children: <Button onClick={close}>Done</Button> })}
    </>
  );
}

/** Opens the dialog the way Enter on a focused button does. */
async function openFrom(name: string, role: 'dialog' | 'alertdialog' = 'dialog') {
  const opener = screen.getByRole('button', { name });
  opener.focus();
  fireEvent.click(opener);
  const dialog = await screen.findByRole(role);
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { opener, dialog };
}

describe('dialogs give focus back to what opened them', () => {
  it.each([
    ['dialog', 'Escape', 'dialog'],
    ['dialog', 'Cancel', 'dialog'],
    ['dialog', 'Close', 'dialog'],
    ['dialog', 'Done', 'dialog'],
    ['sheet', 'Escape', 'dialog'],
    ['sheet', 'Done', 'dialog'],
    ['alert', 'Escape', 'alertdialog'],
    ['alert', 'Cancel', 'alertdialog'],
  ] as const)('a %s opened from state, closed by %s', async (kind, closeWith, role) => {
    render(<OpenedFromState kind={kind} />);
    const { opener, dialog } = await openFrom('Open', role);

    if (closeWith === 'Escape') fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    else fireEvent.click(within(dialog).getByRole('button', { name: closeWith }));

    await waitFor(() => expect(screen.queryByRole(role)).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('lets a caller’s onCloseAutoFocus run first and keep the focus it chose', async () => {
    const onCloseAutoFocus = vi.fn((event: Event) => {
      event.preventDefault();
      document.querySelector<HTMLElement>('#elsewhere')!.focus();
    });
    render(
      <>
        <OpenedFromState kind="dialog" onCloseAutoFocus={onCloseAutoFocus} />
        <input id="elsewhere" aria-label="Elsewhere" />
      </>,
    );
    await openFrom('Open');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });

    await waitFor(() => expect(onCloseAutoFocus).toHaveBeenCalledOnce());
    expect(document.activeElement).toBe(screen.getByLabelText('Elsewhere'));
  });

  it('calls a caller’s onCloseAutoFocus and still returns focus when it does not prevent it', async () => {
    const onCloseAutoFocus = vi.fn();
    render(<OpenedFromState kind="sheet" onCloseAutoFocus={onCloseAutoFocus} />);
    const { opener } = await openFrom('Open');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });

    await waitFor(() => expect(onCloseAutoFocus).toHaveBeenCalledOnce());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('falls back to the Trigger when the opener is gone', async () => {
    function RemovedOpener() {
      const [open, setOpen] = useState(false);
      return (
        <Sheet open={open} onOpenChange={setOpen}>
          <SheetTrigger>Menu</SheetTrigger>
          {!open && <Button onClick={() => setOpen(true)}>Open</Button>}
          <SheetContent>
            <SheetTitle>Navigation</SheetTitle>
            <SheetDescription>Pages.</SheetDescription>
          </SheetContent>
        </Sheet>
      );
    }
    render(<RemovedOpener />);
    await openFrom('Open');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });

    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu' })));
  });

  it('returns focus to the menu button when a menu item opened the dialog', async () => {
    function MenuOpened() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button aria-label="Actions for Acme Rentals">⋯</Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuItem onSelect={() => setOpen(true)}>Edit</DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogContent>
              <DialogTitle>Edit company</DialogTitle>
              <DialogDescription>Change its details.</DialogDescription>
            </DialogContent>
          </Dialog>
        </>
      );
    }
    render(<MenuOpened />);
    const menuButton = screen.getByRole('button', { name: 'Actions for Acme Rentals' });
    menuButton.focus();
    fireEvent.keyDown(menuButton, { key: 'Enter' });
    const item = within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Edit' });
    await waitFor(() => expect(document.activeElement).toBe(item));
    fireEvent.keyDown(item, { key: 'Enter' });
    const dialog = await screen.findByRole('dialog', { name: 'Edit company' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(menuButton));
  });

  it('keeps a Sheet’s own opening focus and returns to its Trigger (the phone navigation)', async () => {
    render(
      <Sheet>
        <SheetTrigger>Open navigation</SheetTrigger>
        <SheetContent
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement).querySelector<HTMLElement>('a')!.focus();
          }}
        >
          <SheetTitle>Navigation</SheetTitle>
          <SheetDescription>Pages.</SheetDescription>
          <input aria-label="Search" />
          <a href="/claims">Claims</a>
        </SheetContent>
      </Sheet>,
    );
    const { opener } = await openFrom('Open navigation');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Claims' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
