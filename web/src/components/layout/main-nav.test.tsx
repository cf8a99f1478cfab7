import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Page } from '@/components/ui/page';
import { authStore } from '@/lib/auth-store';
import { serverSends } from '@/test/fake-socket';
import { json, mockFetch } from '@/test/http';
import { landing, renderRoutes } from '@/test/render';

const user = { id: 'u1', email: 'ava@example.com', accessToken: 't' };

function renderSignedIn(verification = true, path = '/profile') {
  authStore.setAuth({ ...user, verification });
  return renderRoutes(
    [
      { path: '/profile', element: <Page title="Profile page">profile</Page> },
      landing('/match', 'Match page'),
      landing('/premium', 'Premium page'),
      landing('/signin', 'Sign in page'),
      landing('/', 'Home page'),
    ],
    path,
  );
}

describe('MainNav', () => {
  it('is the one navigation of a signed-in page: Matches, Messages, Profile, Waitlist, Settings and the account menu', async () => {
    // A member with a conversation: 'Messages' is there once conversations exist.
    mockFetch((call) =>
      call.path === '/connections' ? json(200, [{ id: 'c1', unread: 0 }]) : json(200, []),
    );
    renderSignedIn();

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(screen.getAllByRole('navigation')).toEqual([nav]);
    expect(screen.getByRole('banner')).toContainElement(nav);
    await within(nav).findByRole('link', { name: 'Messages' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Matches', 'Messages', 'Profile', 'Waitlist', 'Settings', 'Premium']);
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByText('ava@example.com')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('opens and closes the account menu (Escape gives focus back to its button; focus leaving it closes it)', () => {
    mockFetch(() => json(500, {}));
    renderSignedIn();
    const toggle = screen.getByRole('button', { name: 'Account' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    fireEvent.click(toggle);
    fireEvent.pointerDown(screen.getByRole('main'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // Tabbing within it keeps it open; tabbing on past 'Log out' closes it.
    fireEvent.click(toggle);
    const logOut = screen.getByRole('button', { name: 'Log out' });
    fireEvent.blur(toggle, { relatedTarget: logOut });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.blur(logOut, { relatedTarget: screen.getByRole('link', { name: 'Matches' }) });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('logs out from the account menu and tells the server', async () => {
    const { calls } = mockFetch(() => json(200, { loggedOut: true }));
    renderSignedIn();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(authStore.getState().auth).toBeNull();
    expect(
      calls
        .map((call) => call.path)
        .filter((path) => path !== '/connections' && path !== '/interest/received'),
    ).toEqual(['/logout']);
  });

  it('asks an unverified member to verify before Matches, with Resend email, and shows the banner', async () => {
    const { calls } = mockFetch(() => json(201, { sent: true }));
    const { router } = renderSignedIn(false);

    const banner = screen.getByRole('region', { name: 'Verify your email' });
    expect(within(banner).getByRole('button', { name: 'Resend email' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'Matches' }));
    const dialog = screen.getByRole('dialog', { name: 'Please verify your email' });
    expect(router.state.location.pathname).toBe('/profile');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Verification email sent')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({ method: 'POST', path: '/register/resend', body: { id: 'u1' } }),
    ]);
  });

  it("names 'Messages' with the unread count, kept fresh by the socket", async () => {
    let unread = [2, 1];
    const { calls } = mockFetch((call) =>
      call.path === '/connections'
        ? json(
            200,
            unread.map((n, i) => ({ id: `c${i}`, unread: n })),
          )
        : json(500, {}),
    );
    renderSignedIn();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Messages, 3 unread' })).toHaveAttribute(
      'href',
      '/connections',
    );

    unread = [0, 1];
    await serverSends('message', { connectionId: 'c1', id: 'm', senderId: 'u2', text: 'x', sentAt: 'now' });
    expect(await within(nav).findByRole('link', { name: 'Messages, 1 unread' })).toBeInTheDocument();
    unread = [0, 0];
    await serverSends('message', { connectionId: 'c1', id: 'm2', senderId: 'u1', text: 'y', sentAt: 'now' });
    expect(await within(nav).findByRole('link', { name: 'Messages' })).toBeInTheDocument();
    // Read in another tab: this one's count drops too; the other's reading changes nothing here.
    unread = [3, 0];
    await serverSends('read', { connectionId: 'c0', messageId: 'm', readerId: 'u2' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(nav).getByRole('link', { name: 'Messages' })).toBeInTheDocument();
    await serverSends('read', { connectionId: 'c0', messageId: 'm', readerId: 'u1' });
    expect(await within(nav).findByRole('link', { name: 'Messages, 3 unread' })).toBeInTheDocument();
    expect(
      calls.every(
        (call) => call.method === 'GET' && ['/connections', '/interest/received'].includes(call.path),
      ),
    ).toBe(true);
  });

  it('tells a member on another page that someone is interested, or that it is mutual', async () => {
    mockFetch((call) =>
      call.path === '/connections' ? json(200, [{ id: 'c0', unread: 0 }]) : json(200, []),
    );
    renderSignedIn();
    await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Messages' });
    await serverSends('interest', { userId: 'u2', name: 'Ben' });
    expect(await screen.findByText('Ben is interested in you')).toBeInTheDocument();
    await serverSends('connection', { id: 'c1', userId: 'u3', name: 'Cleo' });
    expect(await screen.findByText("It's mutual: you and Cleo")).toBeInTheDocument();
    // A conversation back after a suspension was lifted is no news of mutual interest.
    await serverSends('connection', { id: 'c2', userId: 'u4', name: 'Dora', reopened: true });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText("It's mutual: you and Dora")).not.toBeInTheDocument();
  });

  it('leaves it to Messages and Matches, which show it themselves', async () => {
    mockFetch((call) =>
      call.path === '/connections' ? json(200, [{ id: 'c0', unread: 0 }]) : json(200, []),
    );
    authStore.setAuth({ ...user, verification: true });
    renderRoutes([{ path: '/match', element: <Page title="Matches">cards</Page> }], '/match');
    await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Messages' });
    await serverSends('connection', { id: 'c1', userId: 'u3', name: 'Cleo' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText("It's mutual: you and Cleo")).not.toBeInTheDocument();
  });

  it("shows 'Messages' only once there is a conversation or someone interested, live from the socket", async () => {
    const state = { connections: [] as unknown[], received: [] as unknown[] };
    const { calls } = mockFetch((call) =>
      call.path === '/connections'
        ? json(200, state.connections)
        : call.path === '/interest/received'
          ? json(200, state.received)
          : json(500, {}),
    );
    renderSignedIn();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const messages = () => within(nav).queryByRole('link', { name: /^Messages/ });
    await waitFor(() =>
      expect(calls.map((call) => call.path).sort()).toEqual(['/connections', '/interest/received']),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(messages()).not.toBeInTheDocument();
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Matches', 'Profile', 'Waitlist', 'Settings', 'Premium']);

    // Someone is interested: their card waits on /connections.
    state.received = [{ userId: 'u2', name: 'Ben' }];
    await serverSends('interest', { userId: 'u2', name: 'Ben' });
    await waitFor(() => expect(messages()).toHaveAttribute('href', '/connections'));

    // It becomes a conversation: still there; the conversation ends, nothing is left: gone again.
    state.received = [];
    state.connections = [{ id: 'c1', unread: 0 }];
    await serverSends('connection', { id: 'c1', userId: 'u2', name: 'Ben' });
    await waitFor(() => expect(calls.filter((call) => call.path === '/connections')).toHaveLength(2));
    expect(messages()).toHaveAttribute('href', '/connections');
    state.connections = [];
    await serverSends('ended', { connectionId: 'c1' });
    await waitFor(() => expect(messages()).not.toBeInTheDocument());
  });

  it("asks nothing for an unverified member, who has no 'Messages' yet", () => {
    const { calls } = mockFetch(() => json(200, [{ unread: 4 }]));
    renderSignedIn(false);
    expect(screen.queryByRole('link', { name: /^Messages/ })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('is not there for visitors, and the footer holds plain links', () => {
    mockFetch(() => json(500, {}));
    renderRoutes([{ path: '/', element: <Page title="Hello">x</Page> }]);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Terms of Use' }),
    ).toBeInTheDocument();
  });
});
