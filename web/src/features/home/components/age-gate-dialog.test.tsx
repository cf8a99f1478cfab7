import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { AgeGateDialog } from './age-gate-dialog';

const renderGate = () => renderRoutes([{ path: '/', element: <AgeGateDialog /> }]);

describe('AgeGateDialog', () => {
  it('asks on the first visit and cannot be dismissed by Escape, outside click or No', () => {
    renderGate();

    const dialog = screen.getByRole('dialog', { name: 'Are you 18 or older?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    fireEvent.mouseDown(screen.getByTestId('dialog-backdrop'));
    fireEvent.click(screen.getByRole('button', { name: 'No' }));

    expect(screen.getByRole('dialog', { name: 'Are you 18 or older?' })).toBeInTheDocument();
    expect(localStorage.getItem('fa_ageConfirmed')).toBeNull();
  });

  it('focuses the agree button and keeps Tab inside the dialog', () => {
    renderGate();
    const agree = screen.getByRole('button', { name: "I'm 18+ and Agree" });
    expect(agree).toHaveFocus();

    fireEvent.keyDown(agree, { key: 'Tab' });
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
  });

  it('stores the confirmation and closes on agree', () => {
    renderGate();

    fireEvent.click(screen.getByRole('button', { name: "I'm 18+ and Agree" }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('fa_ageConfirmed')).toBe('true');
  });

  it('stays away once confirmed', () => {
    localStorage.setItem('fa_ageConfirmed', 'true');
    renderGate();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
