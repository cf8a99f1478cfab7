import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

function Harness({ dismissable }: { dismissable?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Hello" dismissable={dismissable}>
        <button type="button">First</button>
        <button type="button" onClick={() => setOpen(false)}>
          Done
        </button>
      </Dialog>
    </>
  );
}

function open() {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('Dialog', () => {
  it('closes on Escape and returns focus to the opener', () => {
    render(<Harness />);
    const opener = open();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('returns focus to returnFocusRef when the element that opened it is gone', () => {
    function MenuHarness() {
      const [state, setState] = useState<'closed' | 'menu' | 'dialog'>('closed');
      const button = useRef<HTMLButtonElement>(null);
      return (
        <>
          <button ref={button} type="button" onClick={() => setState('menu')}>
            More
          </button>
          {state === 'menu' && (
            <button type="button" autoFocus onClick={() => setState('dialog')}>
              Item
            </button>
          )}
          <Dialog
            open={state === 'dialog'}
            onClose={() => setState('closed')}
            title="Sure?"
            returnFocusRef={button}
          >
            <button type="button">Yes</button>
          </Dialog>
        </>
      );
    }
    render(<MenuHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    const item = screen.getByRole('button', { name: 'Item' });
    item.focus();
    fireEvent.click(item);
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More' })).toHaveFocus();
  });

  it('closes on a backdrop click but not on a click inside', () => {
    render(<Harness />);
    open();

    fireEvent.mouseDown(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('ignores Escape and backdrop clicks when not dismissable', () => {
    render(<Harness dismissable={false} />);
    open();

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    fireEvent.mouseDown(screen.getByTestId('dialog-backdrop'));

    expect(screen.getByRole('dialog', { name: 'Hello' })).toBeInTheDocument();
  });

  it('wraps Tab and Shift+Tab inside the dialog', () => {
    render(<Harness />);
    open();
    const first = screen.getByRole('button', { name: 'First' });
    const last = screen.getByRole('button', { name: 'Done' });

    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(first).toHaveFocus();

    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(last).toHaveFocus();
  });
});
