import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { fakeSockets, serverSends } from '@/test/fake-socket';
import { fakeJwt, json, mockFetch, type RecordedCall } from '@/test/http';
import { landing, renderRoutes } from '@/test/render';
import { queryKeys } from '@/lib/query/query-keys';
import { ConversationPage } from './conversation-page';
import { SENDING_TOO_FAST } from '../hooks/use-conversation';

const ME = 'u-ada';
const BEN = 'u-ben';
const connection = {
  id: 'c1',
  userId: BEN,
  name: 'Ben',
  imageUrl: null,
  connectedAt: '2026-11-20T10:00:00.000Z',
  lastMessage: { id: 'm3', senderId: BEN, text: 'How was the hike?', sentAt: '2026-11-20T10:03:00.000Z' },
  unread: 1,
};
const page = {
  messages: [
    { id: 'm2', senderId: ME, text: 'Hi Ben!\nNice to meet you.', sentAt: '2026-11-20T10:02:00.000Z' },
    { id: 'm3', senderId: BEN, text: 'How was the hike?', sentAt: '2026-11-20T10:03:00.000Z' },
  ],
  more: true,
};

type Route = (call: RecordedCall) => Response | Promise<Response> | undefined;

function serve(extra: Route = () => undefined) {
  return mockFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === '/connections') return json(200, [connection]);
    if (call.method === 'GET' && call.path === '/connections/c1/messages') {
      if (call.search.includes('before=m2'))
        return json(200, {
          messages: [{ id: 'm1', senderId: BEN, text: 'Hello there', sentAt: '2026-11-20T10:01:00.000Z' }],
          more: false,
        });
      return json(200, page);
    }
    if (call.method === 'POST' && call.path === '/connections/c1/read')
      return new Response(null, { status: 204 });
    if (call.method === 'POST' && call.path === '/connections/c1/messages') {
      const body = call.body as { text: string };
      return json(201, {
        id: `m-${body.text}`,
        senderId: ME,
        text: body.text,
        sentAt: '2026-11-20T10:05:00.000Z',
      });
    }
    return json(404, { statusCode: 404, error: 'Not Found', message: 'nope' });
  });
}

function renderConversation(id = 'c1') {
  authStore.setAuth({
    id: ME,
    email: 'ada@example.com',
    accessToken: fakeJwt({ id: ME, email: 'ada@example.com' }),
    verification: true,
  });
  return renderRoutes(
    [{ path: '/connections/:id', element: <ConversationPage /> }, landing('/connections', 'The list')],
    `/connections/${id}`,
  );
}

const log = () => screen.getByRole('log');
const composer = () => screen.getByRole('textbox', { name: 'Message' });

describe('ConversationPage', () => {
  it("shows the other's name, the messages as plain text in a log, and marks the newest one read", async () => {
    const { calls } = serve();
    renderConversation();

    expect(await screen.findByRole('heading', { level: 1, name: 'Ben' })).toBeInTheDocument();
    expect(log()).toHaveAttribute('aria-live', 'polite');
    expect(within(log()).getByText('How was the hike?')).toBeInTheDocument();
    // Line breaks stay in the text (CSS pre-wrap shows them).
    const bubbles = [...log().querySelectorAll('.message__bubble')].map((bubble) => bubble.textContent);
    expect(bubbles).toContain('You: Hi Ben!\nNice to meet you.');
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: 'POST', path: '/connections/c1/read', body: { messageId: 'm3' } }),
      ),
    );
    expect(calls.find((call) => call.path === '/connections/c1/messages')?.search).toBe('?limit=50');
  });

  it('never renders HTML from a message', async () => {
    serve((call) =>
      call.path === '/connections/c1/messages'
        ? json(200, {
            messages: [
              {
                id: 'x',
                senderId: BEN,
                text: '<img src=x onerror=alert(1)><b>bold</b>',
                sentAt: '2026-11-20T10:03:00.000Z',
              },
            ],
            more: false,
          })
        : undefined,
    );
    renderConversation();
    expect(await screen.findByText('<img src=x onerror=alert(1)><b>bold</b>')).toBeInTheDocument();
    expect(log().querySelector('img, b')).toBeNull();
    expect(screen.getByText('This is the start of your conversation.')).toBeInTheDocument();
  });

  it('sends the trimmed text with Enter, keeps Shift+Enter as a new line', async () => {
    const { calls } = serve();
    renderConversation();
    await screen.findByRole('heading', { name: 'Ben' });

    fireEvent.change(composer(), { target: { value: '  Great, thanks!  ' } });
    fireEvent.keyDown(composer(), { key: 'Enter', shiftKey: true });
    expect(calls.filter((call) => call.method === 'POST' && call.path.endsWith('/messages'))).toHaveLength(0);

    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect(composer()).toHaveValue('');
    await waitFor(() => expect(within(log()).getByText('Great, thanks!')).toBeInTheDocument());
    const sent = calls.filter((call) => call.method === 'POST' && call.path === '/connections/c1/messages');
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body as { text: string; clientId: string };
    expect(body.text).toBe('Great, thanks!');
    expect(body.clientId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('does not send an empty or invisible message; the Send button sends too', async () => {
    const { calls } = serve();
    renderConversation();
    await screen.findByRole('heading', { name: 'Ben' });
    const send = screen.getByRole('button', { name: 'Send' });

    fireEvent.change(composer(), { target: { value: '   \n  ' } });
    expect(send).toBeDisabled();
    fireEvent.keyDown(composer(), { key: 'Enter' });
    fireEvent.change(composer(), { target: { value: ' \u200B\u200D ' } }); // nothing to see: the API's 400
    expect(send).toBeDisabled();
    fireEvent.keyDown(composer(), { key: 'Enter' });
    fireEvent.change(composer(), { target: { value: 'See you Friday' } });
    fireEvent.click(send);
    await waitFor(() => expect(within(log()).getByText('See you Friday')).toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST' && call.path.endsWith('/messages'))).toHaveLength(1);
  });

  it('counts characters as the API does: an emoji is one, 2000 is the most', async () => {
    const { calls } = serve();
    renderConversation();
    await screen.findByRole('heading', { name: 'Ben' });
    const send = screen.getByRole('button', { name: 'Send' });

    fireEvent.change(composer(), { target: { value: '\u{1F600}'.repeat(2001) } });
    expect(screen.getByText('1 character too many')).toBeInTheDocument();
    expect(composer()).toHaveAttribute('aria-invalid', 'true');
    expect(send).toBeDisabled();
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect(calls.filter((call) => call.method === 'POST' && call.path.endsWith('/messages'))).toHaveLength(0);

    fireEvent.change(composer(), { target: { value: '\u2764\uFE0F'.repeat(1990) } });
    expect(screen.getByText('10 characters left')).toBeInTheDocument();
    // As the API counts: a selector after a character is free, one on its own or after another is not.
    fireEvent.change(composer(), { target: { value: '\uFE0F' + 'a'.repeat(2000) } });
    expect(screen.getByText('1 character too many')).toBeInTheDocument();
    fireEvent.change(composer(), { target: { value: '\u{1F600}'.repeat(2000) } });
    expect(screen.getByText('0 characters left')).toBeInTheDocument();
    fireEvent.click(send);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST' && call.path.endsWith('/messages'))).toHaveLength(
        1,
      ),
    );
  });

  /** The server down for sends until `network.fail` is false; `text` sent and answered 'Not sent'. */
  async function sendWhileDown(text: string) {
    const network = { fail: true };
    const { calls } = serve((call) =>
      call.method === 'POST' && call.path === '/connections/c1/messages' && network.fail
        ? json(503, { statusCode: 503, error: 'Service Unavailable', message: 'down' })
        : undefined,
    );
    renderConversation();
    await screen.findByRole('heading', { name: 'Ben' });
    fireEvent.change(composer(), { target: { value: text } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect(await screen.findByText('Not sent')).toBeInTheDocument();
    return { calls, network };
  }

  it("shows 'Not sent' and 'Retry' when sending fails; Retry reuses the clientId", async () => {
    const { calls, network } = await sendWhileDown('Are you there?');
    network.fail = false;
    screen.getByRole('button', { name: 'Retry' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('Not sent')).not.toBeInTheDocument());
    // The focus Retry had stays in the conversation.
    expect(document.activeElement).toBe(log());
    const sent = calls.filter((call) => call.method === 'POST' && call.path === '/connections/c1/messages');
    expect(sent).toHaveLength(2);
    expect((sent[1]!.body as { clientId: string }).clientId).toBe(
      (sent[0]!.body as { clientId: string }).clientId,
    );
    expect(within(log()).getAllByText('Are you there?')).toHaveLength(1);
  });

  it("sends a message left 'Not sent' again, once and with its clientId, when the page is opened again", async () => {
    const { calls, network } = await sendWhileDown('Typed before the reload');
    // A reload: the page goes, and comes back with the network.
    cleanup();
    network.fail = false;
    renderConversation();
    await screen.findByRole('heading', { name: 'Ben' });
    const posts = () =>
      calls.filter((call) => call.method === 'POST' && call.path === '/connections/c1/messages');
    await waitFor(() => expect(posts()).toHaveLength(2));
    await waitFor(() => expect(within(log()).getByText('Typed before the reload')).toBeInTheDocument());
    expect(screen.queryByText('Not sent')).not.toBeInTheDocument();
    const sent = posts();
    expect((sent[1]!.body as { clientId: string }).clientId).toBe(
      (sent[0]!.body as { clientId: string }).clientId,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts()).toHaveLength(2);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('says why a message was refused (400) and offers to remove it, never to retry it', async () => {
    const { calls } = serve((call) =>
      call.method === 'POST' && call.path === '/connections/c1/messages'
        ? json(400, { statusCode: 400, error: 'Bad Request', message: 'A rule the server has' })
        : undefined,
    );
    renderConversation();
    await screen.findByRole('heading', { name: 'Ben' });

    fireEvent.change(composer(), { target: { value: 'Something the server refuses' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect(await screen.findByText('Not sent')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Not sentA rule the server has');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(within(log()).queryByText('Something the server refuses')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(log());
    expect(calls.filter((call) => call.method === 'POST' && call.path.endsWith('/messages'))).toHaveLength(1);
  });

  it('tells a member over the limit (429) to wait; Retry then sends it', async () => {
    let limited = true;
    serve((call) =>
      call.method === 'POST' && call.path === '/connections/c1/messages' && limited
        ? json(429, { statusCode: 429, error: 'Too Many Requests', message: 'Too many messages' })
        : undefined,
    );
    renderConversation();
    await screen.findByRole('heading', { name: 'Ben' });

    fireEvent.change(composer(), { target: { value: 'One too many' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect(await screen.findByText(SENDING_TOO_FAST)).toBeInTheDocument();
    limited = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('Not sent')).not.toBeInTheDocument());
    expect(screen.queryByText(SENDING_TOO_FAST)).not.toBeInTheDocument();
  });

  it('does not send text the API refuses (a direction override), and says why', async () => {
    const { calls } = serve();
    renderConversation();
    await screen.findByRole('heading', { name: 'Ben' });

    fireEvent.change(composer(), { target: { value: 'evil \u202Etxt.exe' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Text must not contain control characters');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect(calls.filter((call) => call.method === 'POST' && call.path.endsWith('/messages'))).toHaveLength(0);
    // A flag spelled with tag characters is a flag; a lone variation selector is nothing to send.
    fireEvent.change(composer(), {
      target: { value: 'Hi \u{1F3F4}\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}' },
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    fireEvent.change(composer(), { target: { value: '\uFE0F' } });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    // A black flag followed by other tags hides text.
    fireEvent.change(composer(), {
      target: { value: 'Hi \u{1F3F4}\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}\u{E007F}' },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Text must not contain control characters');
  });

  it('marks nothing read while the reader is up in the history; New messages takes them down and marks it', async () => {
    const { calls } = serve();
    renderConversation();
    await screen.findByRole('heading', { name: 'Ben' });
    await waitFor(() => expect(calls.filter((call) => call.path === '/connections/c1/read')).toHaveLength(1));

    // Scrolled up: 2,000 px of history, 500 on screen, at the top.
    const element = log();
    const scrolledTo = (top: number) => {
      Object.defineProperty(element, 'scrollHeight', { configurable: true, value: 2000 });
      Object.defineProperty(element, 'clientHeight', { configurable: true, value: 500 });
      Object.defineProperty(element, 'scrollTop', { configurable: true, writable: true, value: top });
      fireEvent.scroll(element);
    };
    scrolledTo(600);
    await serverSends('message', {
      connectionId: 'c1',
      id: 'm9',
      senderId: BEN,
      text: 'Are you still there?',
      sentAt: '2026-11-20T10:09:00.000Z',
    });
    expect(within(log()).getByText('Are you still there?')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.path === '/connections/c1/read')).toHaveLength(1);

    // The log grew to show it all (a phone's keyboard closed): no scroll event comes, the button says so itself.
    Object.defineProperty(element, 'scrollHeight', { configurable: true, value: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'New messages' }));
    expect(screen.queryByRole('button', { name: 'New messages' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ path: '/connections/c1/read', body: { messageId: 'm9' } }),
      ),
    );
  });

  it('shows new messages from the socket without a reload, and Seen once the other read mine', async () => {
    const { calls } = serve();
    renderConversation();
    await screen.findByRole('heading', { name: 'Ben' });
    const socket = fakeSockets[0]!;
    expect(socket.options.path).toBe('/api/socket.io');
    expect(socket.handshakeAuth()).toEqual({ token: authStore.getState().auth?.accessToken });

    await serverSends('message', {
      connectionId: 'c1',
      id: 'm4',
      senderId: BEN,
      text: 'Coffee?',
      sentAt: '2026-11-20T10:06:00.000Z',
    });
    expect(within(log()).getByText('Coffee?')).toBeInTheDocument();
    // Another conversation's message is not shown here.
    await serverSends('message', {
      connectionId: 'c2',
      id: 'z',
      senderId: 'u-cy',
      text: 'Elsewhere',
      sentAt: '2026-11-20T10:06:00.000Z',
    });
    expect(within(log()).queryByText('Elsewhere')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ path: '/connections/c1/read', body: { messageId: 'm4' } }),
      ),
    );

    fireEvent.change(composer(), { target: { value: 'Yes!' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    await waitFor(() => expect(within(log()).getByText('Yes!')).toBeInTheDocument());
    // The socket echoes my own message too: shown once.
    await serverSends('message', {
      connectionId: 'c1',
      id: 'm-Yes!',
      senderId: ME,
      text: 'Yes!',
      sentAt: '2026-11-20T10:05:00.000Z',
    });
    expect(within(log()).getAllByText('Yes!')).toHaveLength(1);
    expect(screen.queryByText('Seen')).not.toBeInTheDocument();

    await serverSends('read', { connectionId: 'c1', messageId: 'm-Yes!', readerId: BEN });
    expect(screen.getByText('Seen')).toBeInTheDocument();
  });

  it('loads earlier messages with the button, before the oldest one shown', async () => {
    const { calls } = serve();
    renderConversation();
    await screen.findByRole('heading', { name: 'Ben' });
    fireEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(await within(log()).findByText('Hello there')).toBeInTheDocument();
    expect(calls.some((call) => call.search === '?limit=50&before=m2')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
    const texts = within(log())
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.message__bubble')?.textContent);
    expect(texts).toEqual(['Ben: Hello there', 'You: Hi Ben!\nNice to meet you.', 'Ben: How was the hike?']);
  });

  it('says the conversation ended and goes back to the list on an ended event', async () => {
    serve();
    const { router } = renderConversation();
    await screen.findByRole('heading', { name: 'Ben' });
    await serverSends('ended', { connectionId: 'c1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/connections'));
    expect(await screen.findByText('This conversation has ended')).toBeInTheDocument();
  });

  it.each([
    ['an unknown id (404)', 'c9', 404],
    ['no conversation id at all (400)', 'garbage', 400],
  ])(
    'says the conversation is not available for %s, with a way back and no Try again',
    async (_, id, status) => {
      serve((call) =>
        call.path === `/connections/${id}/messages`
          ? json(status, { statusCode: status, error: 'x', message: 'x' })
          : undefined,
      );
      const { router } = renderConversation(id);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'This conversation is not available.' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to Messages' })).toHaveAttribute('href', '/connections');
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument();
      expect(screen.queryByText('This conversation has ended')).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe(`/connections/${id}`);
    },
  );

  it('shows an error card with Try again when loading fails', async () => {
    let down = true;
    serve((call) =>
      down && call.path === '/connections'
        ? json(500, { statusCode: 500, error: 'x', message: 'x' })
        : undefined,
    );
    renderConversation();
    expect(await screen.findByText('We couldn’t load this conversation.')).toBeInTheDocument();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Ben' })).toBeInTheDocument();
  });

  it("unmatches after 'Unmatch Ben?' and goes back to the list", async () => {
    const { calls } = serve((call) =>
      call.method === 'DELETE' && call.path === '/connections/c1'
        ? new Response(null, { status: 204 })
        : undefined,
    );
    const { router, queryClient } = renderConversation();
    await screen.findByRole('heading', { name: 'Ben' });
    // The list as the member last saw it, with Ben.
    queryClient.setQueryData(queryKeys.connections(ME), [connection]);

    fireEvent.click(screen.getByRole('button', { name: 'More options' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Unmatch',
      'Block',
      'Report',
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Unmatch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unmatch Ben?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unmatch' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/connections'));
    expect(calls).toContainEqual(expect.objectContaining({ method: 'DELETE', path: '/connections/c1' }));
    // Off the list at once: its entry would ask for Ben's photo, gone for this member.
    expect(queryClient.getQueryData(queryKeys.connections(ME))).toEqual([]);
  });

  it('reports with the reason and their last message, then leaves the conversation', async () => {
    const { calls } = serve((call) => (call.path === '/report' ? json(201, { reported: true }) : undefined));
    const { router } = renderConversation();
    await screen.findByRole('heading', { name: 'Ben' });

    fireEvent.click(screen.getByRole('button', { name: 'More options' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Ben' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    expect(within(dialog).getByRole('checkbox', { name: /Include their last message/ })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/connections'));
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/report',
        body: { userId: BEN, reason: 'harassment', messageId: 'm3' },
      }),
    );
    expect(await screen.findByText('Thanks, we will review this')).toBeInTheDocument();
  });

  it('blocks after asking, then leaves the conversation', async () => {
    const { calls } = serve((call) => (call.path === '/block' ? json(201, { blocked: true }) : undefined));
    const { router } = renderConversation();
    await screen.findByRole('heading', { name: 'Ben' });
    fireEvent.click(screen.getByRole('button', { name: 'More options' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Ben?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Block' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/connections'));
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/block', body: { userId: BEN } }),
    );
  });
  /** A call that answers only when the test says so (the server's `ended` event can come first). */
  function held() {
    let answer: (response: Response) => void = () => undefined;
    const promise = new Promise<Response>((resolve) => (answer = resolve));
    return { promise, answer };
  }

  it.each([
    ['Unmatch', 'Unmatch Ben?', 'Unmatch', 'You unmatched Ben', () => new Response(null, { status: 204 })],
    ['Block', 'Block Ben?', 'Block', 'Ben is blocked', () => json(201, { blocked: true })],
  ] as const)(
    "after the member's own %s, says only that, though the server's `ended` event comes before the answer",
    async (item, title, confirm, done, answer) => {
      const call = held();
      const isEnding = (c: RecordedCall) =>
        (c.method === 'DELETE' && c.path === '/connections/c1') || c.path === '/block';
      const { calls } = serve((c) => (isEnding(c) ? call.promise : undefined));
      const { router } = renderConversation();
      await screen.findByRole('heading', { name: 'Ben' });
      fireEvent.click(screen.getByRole('button', { name: 'More options' }));
      fireEvent.click(screen.getByRole('menuitem', { name: item }));
      const dialog = await screen.findByRole('dialog', { name: title });
      fireEvent.click(within(dialog).getByRole('button', { name: confirm }));
      await waitFor(() => expect(calls.some(isEnding)).toBe(true));
      await serverSends('ended', { connectionId: 'c1' });
      await act(async () => call.answer(answer()));
      await waitFor(() => expect(router.state.location.pathname).toBe('/connections'));
      expect(await screen.findByText(done)).toBeInTheDocument();
      expect(screen.queryByText('This conversation has ended')).not.toBeInTheDocument();
    },
  );

  it("after the member's own report, says only 'Thanks, we will review this'", async () => {
    const call = held();
    const { calls } = serve((c) => (c.path === '/report' ? call.promise : undefined));
    const { router } = renderConversation();
    await screen.findByRole('heading', { name: 'Ben' });
    fireEvent.click(screen.getByRole('button', { name: 'More options' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Ben' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    // The server ends the conversation once it has the report, and may say so before it answers.
    await waitFor(() => expect(calls.some((c) => c.path === '/report')).toBe(true));
    await serverSends('ended', { connectionId: 'c1' });
    await act(async () => call.answer(json(201, { reported: true })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/connections'));
    expect(await screen.findByText('Thanks, we will review this')).toBeInTheDocument();
    expect(screen.queryByText('This conversation has ended')).not.toBeInTheDocument();
  });

  it('still says the conversation ended when the other ended it while the member’s own call failed', async () => {
    const call = held();
    serve((c) => (c.method === 'DELETE' && c.path === '/connections/c1' ? call.promise : undefined));
    const { router } = renderConversation();
    await screen.findByRole('heading', { name: 'Ben' });
    fireEvent.click(screen.getByRole('button', { name: 'More options' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Unmatch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unmatch Ben?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unmatch' }));
    await serverSends('ended', { connectionId: 'c1' });
    expect(router.state.location.pathname).toBe('/connections/c1');
    await act(async () => call.answer(json(503, { statusCode: 503, error: 'x', message: 'x' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/connections'));
    expect(await screen.findByText('This conversation has ended')).toBeInTheDocument();
  });
});
