import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { fakeJwt, json, mockFetch } from '@/test/http';
import { MatchOptions } from './match-options';
import { renderWithApp } from '@/test/render';

function renderOptions(connected = false) {
  authStore.setAuth({
    id: 'me',
    email: 'me@example.com',
    accessToken: fakeJwt({ id: 'me', email: 'me@example.com' }),
    verification: true,
  });
  const onGone = vi.fn();
  renderWithApp(<MatchOptions userId="u-ben" name="Ben" connected={connected} onGone={onGone} />);
  return { onGone };
}
const openMenu = () => fireEvent.click(screen.getByRole('button', { name: 'More options' }));

describe('MatchOptions', () => {
  it('opens a menu with Block and Report, moves with the arrow keys and closes on Escape', () => {
    mockFetch(() => json(500, {}));
    renderOptions();
    const button = screen.getByRole('button', { name: 'More options' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    openMenu();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const [block, report] = screen.getAllByRole('menuitem');
    expect(block).toHaveTextContent('Block');
    expect(report).toHaveTextContent('Report');
    expect(block).toHaveFocus();
    fireEvent.keyDown(block!, { key: 'ArrowDown' });
    expect(report).toHaveFocus();
    fireEvent.keyDown(report!, { key: 'ArrowDown' });
    expect(block).toHaveFocus();
    fireEvent.keyDown(block!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it.each([
    ['Block', 'Block Ben?'],
    ['Report', 'Report Ben'],
  ])('gives focus back to More options when %s is closed with Escape', async (item, title) => {
    mockFetch(() => json(500, {}));
    renderOptions();
    const button = screen.getByRole('button', { name: 'More options' });
    button.focus();
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: item }));
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('blocks after the confirmation and takes the card away', async () => {
    const { calls } = mockFetch(() => json(201, { blocked: true }));
    const { onGone } = renderOptions();
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Block' }));
    expect(await screen.findByRole('dialog', { name: 'Block Ben?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(onGone).toHaveBeenCalled());
    expect(calls).toEqual([
      expect.objectContaining({ method: 'POST', path: '/block', body: { userId: 'u-ben' } }),
    ]);
    expect(await screen.findByText('Ben is blocked')).toBeInTheDocument();
  });

  it('leaves everything as it was when the block is cancelled or fails', async () => {
    const { calls } = mockFetch(() =>
      json(500, { statusCode: 500, error: 'Internal Server Error', message: 'x' }),
    );
    const { onGone } = renderOptions();
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Block' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toHaveLength(0);

    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Block' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Could not block')).toBeInTheDocument();
    expect(onGone).not.toHaveBeenCalled();
  });

  it('asks for a reason, sends the trimmed note, and takes the card away', async () => {
    const { calls } = mockFetch(() => json(201, { reported: true }));
    const { onGone } = renderOptions();
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Report' }));
    expect(await screen.findByRole('dialog', { name: 'Report Ben' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Choose a reason')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('radio', { name: 'Scam or spam' }));
    fireEvent.change(screen.getByLabelText('Anything else we should know? (optional)'), {
      target: { value: '  Asked for money  ' },
    });
    expect(screen.getByText('19/1000')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(onGone).toHaveBeenCalled());
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/report',
        body: { userId: 'u-ben', reason: 'scam', note: 'Asked for money' },
      }),
    ]);
  });

  it('says the conversation ends too when the two are connected', async () => {
    mockFetch(() => json(500, {}));
    renderOptions(true);
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Ben' });
    expect(dialog).toHaveTextContent('They are also blocked right away, and your conversation ends.');
  });

  it('keeps the report open with its message when sending fails', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { onGone } = renderOptions();
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Report' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Fake profile' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Could not send the report. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Report Ben' })).toBeInTheDocument();
    expect(onGone).not.toHaveBeenCalled();
  });
});
