import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { WaitlistPage } from './waitlist-page';
import { renderRoutes } from '@/test/render';

const USER_ID = '6f1c8d2e-4b5a-4c3d-9e8f-7a6b5c4d3e2f';
const SHARE_LINK = 'http://localhost:3000/signup?code=AB12CD';

function stubFetch(respond: (url: string) => Response) {
  // The navigation asks for the conversations and who is interested (for 'Messages') beside the page's own call.
  const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
    ['/api/connections', '/api/interest/received'].includes(String(input))
      ? json([])
      : respond(String(input)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderPage() {
  return renderRoutes([{ path: '/waitlist', element: <WaitlistPage /> }], '/waitlist');
}

beforeEach(() => {
  authStore.setAuth({ id: USER_ID, email: 'ada@example.com', accessToken: 'token', verification: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('WaitlistPage', () => {
  it('shows the position as #n and the referral count from GET /waitlist/{id}', async () => {
    const fetchMock = stubFetch(() => json({ position: 42, referralCount: 3, shareLink: SHARE_LINK }));
    renderPage();

    expect(await screen.findByText('#42')).toBeInTheDocument();
    expect(screen.getByText('Position')).toBeInTheDocument();
    expect(screen.getByText('Referrals')).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.find(([input]) =>
      String(input).startsWith('/api/waitlist/'),
    ) as unknown as [string, RequestInit];
    expect(url).toBe(`/api/waitlist/${USER_ID}`);
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token');
  });

  it('opens the invite dialog and shows Copied! for exactly 1.4 s after copying', async () => {
    stubFetch(() => json({ position: 7, referralCount: 0, shareLink: SHARE_LINK }));
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Share your link' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite friends' });
    const link = within(dialog).getByLabelText('Your invite link');
    expect(link).toHaveValue(SHARE_LINK);
    expect(link).toHaveAttribute('readonly');

    vi.useFakeTimers();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await act(async () => {});
    expect(writeText).toHaveBeenCalledWith(SHARE_LINK);
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1399));
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('falls back to execCommand when the Clipboard API is unavailable', async () => {
    stubFetch(() => json({ position: 7, referralCount: 0, shareLink: SHARE_LINK }));
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Share your link' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(execCommand).toHaveBeenCalledWith('copy');
  });

  it('shows an error with a retry when the waitlist cannot be loaded', async () => {
    let calls = 0;
    stubFetch(() =>
      ++calls === 1
        ? json({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500)
        : json({ position: 1, referralCount: 10, shareLink: SHARE_LINK }),
    );
    renderPage();

    expect(await screen.findByText('We couldn’t load your place on the waitlist.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('#1')).toBeInTheDocument();
  });
});
