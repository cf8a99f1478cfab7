import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { serverSends } from '@/test/fake-socket';
import { fakeJwt, json, mockFetch, type RecordedCall } from '@/test/http';
import { renderRoutes } from '@/test/render';
import type { Interest } from '../api/express-interest';
import { MatchesPage } from './matches-page';

const BEN = {
  name: 'Ben',
  compatibility: { id: 'u-ben', percent: 91, summary: 'You both like long walks.' },
  profile: { city: 'Austin', state: 'TX', age: 30 },
};

/** The button as members meet it: on Ben's card in today's set, whose interest it reads from and writes to. */
function renderButton(
  interestCall: (call: RecordedCall) => Response,
  interest: Interest = 'none',
  connectionId?: string,
) {
  authStore.setAuth({
    id: 'me',
    email: 'me@example.com',
    accessToken: fakeJwt({ id: 'me', email: 'me@example.com' }),
    verification: true,
  });
  const fetched = mockFetch((call) =>
    call.path === '/match/new'
      ? json(201, { best: { ...BEN, interest, connectionId } })
      : call.path.startsWith('/interest')
        ? interestCall(call)
        : json(404, { statusCode: 404, error: 'Not Found', message: 'Not Found' }),
  );
  renderRoutes([{ path: '/match', element: <MatchesPage /> }], '/match');
  // The navigation's count of who is interested is not this button's business.
  return {
    calls: () =>
      fetched.calls.filter((call) => call.path.startsWith('/interest') && call.path !== '/interest/received'),
  };
}

const toggle = () => screen.getByRole('button', { name: "I'm interested" });
const cardShown = () => screen.findByRole('heading', { name: 'Ben' });

describe('InterestButton', () => {
  it('is a toggle: POST /interest presses it, DELETE /interest/{userId} takes it back', async () => {
    const { calls } = renderButton((call) =>
      call.method === 'POST'
        ? json(201, { interested: true, mutual: false })
        : new Response(null, { status: 204 }),
    );
    await cardShown();
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    // The hint tells the truth: the other sees the interest at once, under 'Interested in you'.
    expect(screen.getByText("Ben will see your interest under 'Interested in you'.")).toBeInTheDocument();

    fireEvent.click(toggle());
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-pressed', 'true'));
    expect(
      screen.getByText("Ben can see your interest. If they're interested too, you can talk."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/only if they're interested|only finds out/)).not.toBeInTheDocument();
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-pressed', 'false'));
    expect(calls()).toEqual([
      expect.objectContaining({ method: 'POST', path: '/interest', body: { userId: 'u-ben' } }),
      expect.objectContaining({ method: 'DELETE', path: '/interest/u-ben' }),
    ]);
  });

  it("shows 'It's mutual!' and 'Say hello' when the answer is mutual", async () => {
    renderButton(() => json(201, { interested: true, mutual: true, connectionId: 'c7' }));
    await cardShown();
    fireEvent.click(toggle());
    expect(await screen.findByText("It's mutual!")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Say hello' })).toHaveAttribute('href', '/connections/c7');
    expect(screen.queryByRole('button', { name: "I'm interested" })).not.toBeInTheDocument();
  });

  it('starts pressed or mutual from the match set, and turns mutual live from the socket', async () => {
    renderButton(() => json(500, {}), 'sent');
    await cardShown();
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    await serverSends('connection', { id: 'c8', userId: 'u-someone-else', name: 'Cy' });
    expect(toggle()).toBeInTheDocument();
    await serverSends('connection', { id: 'c9', userId: 'u-ben', name: 'Ben' });
    expect(screen.getByRole('link', { name: 'Say hello' })).toHaveAttribute('href', '/connections/c9');
  });

  it('takes the card away when the person is gone (404), and says so on other failures', async () => {
    let status = 500;
    renderButton(() => json(status, { statusCode: status, error: 'x', message: 'x' }));
    await cardShown();
    fireEvent.click(toggle());
    expect(await screen.findByText('Could not save that')).toBeInTheDocument();
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    status = 404;
    fireEvent.click(toggle());
    expect(await screen.findByText('Ben is no longer available')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Ben' })).not.toBeInTheDocument());
  });
});
