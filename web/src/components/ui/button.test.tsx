import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

function Saving() {
  const [loading, setLoading] = useState(false);
  return (
    <>
      <Button loading={loading} onClick={() => setLoading(true)}>
        Save
      </Button>
      <button type="button" onClick={() => setLoading(false)}>
        Done
      </button>
    </>
  );
}

describe('Button', () => {
  it('gives back the focus it was clicked with once loading ends, if nothing else took it', () => {
    render(<Saving />);
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    act(() => save.click());
    expect(save).toBeDisabled();
    // What the browser does to a focused control that becomes disabled.
    save.blur();
    expect(document.activeElement).toBe(document.body);

    act(() => screen.getByRole('button', { name: 'Done' }).click());

    expect(save).toBeEnabled();
    expect(document.activeElement).toBe(save);
  });

  it('leaves the focus where it went meanwhile', () => {
    render(<Saving />);
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    act(() => save.click());
    const done = screen.getByRole('button', { name: 'Done' });
    done.focus();

    act(() => done.click());

    expect(document.activeElement).toBe(done);
  });
});
