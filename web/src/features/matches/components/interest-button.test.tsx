import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { serverSends } from '@/test/fake-socket';
import { fakeJwt, json, mockFetch } from '@/test/http';
import { renderRoutes } from '@/test/render';
import type { Interest } from '../api/express-interest';
import { InterestButton } from './interest-button';

function renderButton(interest: Interest = 'none', connectionId?: string) {
  authStore.setAuth({
    id: 'me',
    email: 'me@example.com',
    accessToken: fakeJwt({ id: 'me', email: 'me@example.com' }),
    verification: true,
  });
  const onGone = vi.fn();
  renderRoutes(
    [
      {
        path: '/match',
        element: (
          <InterestButton
            userId="u-ben"
            name="Ben"
            interest={interest}
            connectionId={connectionId}
            onGone={onGone}
          />
        ),
      },
    ],
    '/match',
  );
  return { onGone };
}

const toggle = () => screen.getByRole('button', { name: "I'm interested" });

describe('InterestButton', () => {
  it('is a toggle: POST /interest presses it, DELETE /interest/{userId} takes it back', async () => {
    const { calls } = mockFetch((call) =>
      call.method === 'POST'
        ? json(201, { interested: true, mutual: false })
        : new Response(null, { status: 204 }),
    );
    renderButton();
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');

    fireEvent.click(toggle());
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-pressed', 'true'));
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-pressed', 'false'));
    expect(calls).toEqual([
      expect.objectContaining({ method: 'POST', path: '/interest', body: { userId: 'u-ben' } }),
      expect.objectContaining({ method: 'DELETE', path: '/interest/u-ben' }),
    ]);
  });

  it("shows 'It's mutual!' and 'Say hello' when the answer is mutual", async () => {
    mockFetch(() => json(201, { interested: true, mutual: true, connectionId: 'c7' }));
    renderButton();
    fireEvent.click(toggle());
    expect(await screen.findByText("It's mutual!")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Say hello' })).toHaveAttribute('href', '/connections/c7');
    expect(screen.queryByRole('button', { name: "I'm interested" })).not.toBeInTheDocument();
  });

  it('starts pressed or mutual from the match set, and turns mutual live from the socket', async () => {
    mockFetch(() => json(500, {}));
    renderButton('sent');
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    await serverSends('connection', { id: 'c8', userId: 'u-someone-else', name: 'Cy' });
    expect(toggle()).toBeInTheDocument();
    await serverSends('connection', { id: 'c9', userId: 'u-ben', name: 'Ben' });
    expect(screen.getByRole('link', { name: 'Say hello' })).toHaveAttribute('href', '/connections/c9');
  });

  it('takes the card away when the person is gone (404), and says so on other failures', async () => {
    let status = 500;
    mockFetch(() => json(status, { statusCode: status, error: 'x', message: 'x' }));
    const { onGone } = renderButton();
    fireEvent.click(toggle());
    expect(await screen.findByText('Could not save that')).toBeInTheDocument();
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    status = 404;
    fireEvent.click(toggle());
    await waitFor(() => expect(onGone).toHaveBeenCalled());
  });
});
