import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { serverSends } from '@/test/fake-socket';
import { fakeJwt, json, mockFetch, type RecordedCall } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { ConnectionsPage } from './connections-page';

const ME = 'u-ada';
const ben = {
  id: 'c1',
  userId: 'u-ben',
  name: 'Ben',
  imageUrl: null,
  connectedAt: '2026-11-20T10:00:00.000Z',
  lastMessage: { id: 'm1', senderId: ME, text: 'See you!', sentAt: '2026-11-20T11:00:00.000Z' },
  unread: 0,
};
const cy = {
  id: 'c2',
  userId: 'u-cy',
  name: 'Cy',
  imageUrl: null,
  connectedAt: '2026-11-21T09:00:00.000Z',
  lastMessage: { id: 'm2', senderId: 'u-cy', text: 'Hey, how are you?', sentAt: '2026-11-21T09:30:00.000Z' },
  unread: 2,
};
const dee = {
  userId: 'u-dee',
  name: 'Dee',
  imageUrl: null,
  percent: 91.6,
  summary: 'You both love quiet mornings.',
  at: '2026-11-21T08:00:00.000Z',
};

function serve(
  state: { connections: unknown[]; received: unknown[] },
  extra?: (call: RecordedCall) => Response | undefined,
) {
  return mockFetch((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === '/connections') return json(200, state.connections);
    if (call.path === '/interest/received') return json(200, state.received);
    return json(404, { statusCode: 404, error: 'Not Found', message: 'x' });
  });
}

function renderPage() {
  authStore.setAuth({
    id: ME,
    email: 'ada@example.com',
    accessToken: fakeJwt({ id: ME, email: 'ada@example.com' }),
    verification: true,
  });
  return renderRoutes([{ path: '/connections', element: <ConnectionsPage /> }], '/connections');
}

describe('ConnectionsPage', () => {
  it('lists conversations most recent first, with the last message and what is unread', async () => {
    serve({ connections: [ben, cy], received: [] });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Conversations' });
    await within(section).findByText('Cy');
    const rows = within(section).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual(['/connections/c2', '/connections/c1']);
    expect(rows[0]).toHaveTextContent('Cy');
    expect(rows[0]).toHaveTextContent('Hey, how are you?');
    expect(rows[0]).toHaveTextContent('2 unread');
    expect(rows[1]).toHaveTextContent('You: See you!');
    expect(rows[1]).not.toHaveTextContent('unread');
    expect(screen.queryByRole('heading', { name: 'Interested in you' })).not.toBeInTheDocument();
  });

  it("says 'No conversations yet.' when there are none", async () => {
    serve({ connections: [], received: [] });
    renderPage();
    expect(await screen.findByText('No conversations yet.')).toBeInTheDocument();
  });

  it("shows who is interested, and 'Interested too' makes it mutual", async () => {
    const state = { connections: [] as unknown[], received: [dee] as unknown[] };
    const { calls } = serve(state, (call) => {
      if (call.method !== 'POST' || call.path !== '/interest') return undefined;
      state.received = [];
      state.connections = [{ ...ben, id: 'c3', userId: 'u-dee', name: 'Dee', lastMessage: null }];
      return json(201, { interested: true, mutual: true, connectionId: 'c3' });
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Interested in you' });
    const card = within(section).getByRole('listitem');
    expect(within(card).getByRole('heading', { name: 'Dee' })).toBeInTheDocument();
    expect(within(card).getByText('92%')).toBeInTheDocument();
    expect(within(card).getByText('You both love quiet mornings.')).toBeInTheDocument();
    expect(within(card).getByText('No image')).toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'Interested too' }));
    expect(await screen.findByText("It's mutual!")).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/interest', body: { userId: 'u-dee' } }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Interested in you' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('link', { name: /Dee/ })).toHaveAttribute('href', '/connections/c3');
  });

  it("'Interested too' on an interest withdrawn meanwhile says the member's interest is sent", async () => {
    const state = { connections: [] as unknown[], received: [dee] as unknown[] };
    serve(state, (call) => {
      if (call.method !== 'POST' || call.path !== '/interest') return undefined;
      state.received = [];
      return json(201, { interested: true, mutual: false });
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Interested in you' });
    fireEvent.click(within(section).getByRole('button', { name: 'Interested too' }));
    expect(await screen.findByText('Interest sent')).toBeInTheDocument();
    expect(screen.getByText('It becomes mutual if Dee is interested too.')).toBeInTheDocument();
    expect(screen.queryByText("It's mutual!")).not.toBeInTheDocument();
  });

  it("'Not for me' removes the card quietly", async () => {
    const { calls } = serve({ connections: [], received: [dee] }, (call) =>
      call.path === '/interest/decline' ? new Response(null, { status: 204 }) : undefined,
    );
    renderPage();
    const section = await screen.findByRole('region', { name: 'Interested in you' });
    fireEvent.click(within(section).getByRole('button', { name: 'Not for me' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Interested in you' })).not.toBeInTheDocument(),
    );
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/interest/decline', body: { userId: 'u-dee' } }),
    );
  });

  it("after an answer the focus goes to the next card's name, and to the page's heading after the last", async () => {
    const eve = { ...dee, userId: 'u-eve', name: 'Eve' };
    serve({ connections: [], received: [dee, eve] }, (call) =>
      call.path === '/interest/decline' ? new Response(null, { status: 204 }) : undefined,
    );
    renderPage();
    const section = await screen.findByRole('region', { name: 'Interested in you' });
    fireEvent.click(within(section).getAllByRole('button', { name: 'Not for me' })[0]!);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Eve' })));

    fireEvent.click(within(section).getByRole('button', { name: 'Not for me' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Messages' })),
    );
  });

  it('keeps the list fresh from the socket: new messages, new interest, new connections', async () => {
    const state = { connections: [ben] as unknown[], received: [] as unknown[] };
    serve(state);
    renderPage();
    await screen.findByText('You: See you!');

    state.connections = [
      {
        ...ben,
        lastMessage: {
          id: 'm9',
          senderId: 'u-ben',
          text: 'Friday works',
          sentAt: '2026-11-22T10:00:00.000Z',
        },
        unread: 1,
      },
    ];
    await serverSends('message', {
      connectionId: 'c1',
      id: 'm9',
      senderId: 'u-ben',
      text: 'Friday works',
      sentAt: '2026-11-22T10:00:00.000Z',
    });
    expect(await screen.findByText('Friday works')).toBeInTheDocument();

    state.received = [dee];
    await serverSends('interest', { userId: 'u-dee', name: 'Dee' });
    expect(await screen.findByRole('region', { name: 'Interested in you' })).toBeInTheDocument();
  });

  it('shows an error card with Try again when the list cannot load', async () => {
    let down = true;
    serve({ connections: [ben], received: [] }, (call) =>
      down && call.path === '/connections'
        ? json(503, { statusCode: 503, error: 'x', message: 'x' })
        : undefined,
    );
    renderPage();
    expect(await screen.findByText('We couldn’t load your conversations.')).toBeInTheDocument();
    expect(screen.queryByText('No conversations yet.')).not.toBeInTheDocument();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You: See you!')).toBeInTheDocument();
  });
});
