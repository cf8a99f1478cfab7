import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { MatchesPage } from './matches-page';
import { renderRoutes } from '@/test/render';

const USER_ID = '6f1c8d2e-4b5a-4c3d-9e8f-7a6b5c4d3e2f';
const EMPTY_TEXT =
  "Turns out you're highly unique. When someone truly compatible signs up, we'll email you so you can see their profile.";

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function candidate(name: string, percent: number, overrides: Record<string, unknown> = {}) {
  return {
    name,
    compatibility: { id: `id-${name}`, percent, summary: `${name} shares your love of quiet Sundays.` },
    profile: {
      city: 'Austin',
      state: 'TX',
      age: 28,
      gender: 'female',
      education: 'B.A. History',
      jobTitle: `@${name.toLowerCase()}`,
      bio: `${name} thinks love is patience.`,
      imageUrl: null,
      ...overrides,
    },
  };
}

function stubMatches(respond: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (String(input) === '/api/match/new' && init.method === 'POST') return respond();
    if (String(input).startsWith('/api/image/fetch/')) {
      return new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'image/webp' } });
    }
    return json({ statusCode: 404, error: 'Not Found', message: 'Not Found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage() {
  return renderRoutes(
    [
      { path: '/match', element: <MatchesPage /> },
      { path: '/quiz', element: <p>Quiz page</p> },
      { path: '/profile', element: <p>Profile page</p> },
    ],
    '/match',
  );
}

const visibleSlide = () =>
  screen.getAllByRole('group').find((el) => el.getAttribute('aria-hidden') === 'false')!;

beforeEach(() => {
  authStore.setAuth({ id: USER_ID, email: 'ada@example.com', accessToken: 'token', verification: true });
});

afterEach(() => vi.unstubAllGlobals());

describe('MatchesPage cards', () => {
  it('requests today’s matches and shows a skeleton while waiting', async () => {
    let release!: (r: Response) => void;
    const fetchMock = stubMatches(() => new Promise<Response>((resolve) => (release = resolve)));
    renderPage();

    expect(screen.getByLabelText('Finding your matches')).toHaveAttribute('aria-busy', 'true');
    // The navigation asks for the unread count beside it.
    const [url, init] = fetchMock.mock.calls.find(
      ([input]) => String(input) === '/api/match/new',
    ) as unknown as [string, RequestInit];
    expect(url).toBe('/api/match/new');
    expect(JSON.parse(init.body as string)).toEqual({ userId: USER_ID });

    release(json({ best: candidate('Mia', 93) }));
    expect(await screen.findByRole('heading', { name: 'Mia' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Finding your matches')).not.toBeInTheDocument();
  });

  it('colours the percent badge green ≥ 90, amber 60–89 and rose < 60', async () => {
    stubMatches(() =>
      json({ best: candidate('Mia', 90), medium: candidate('Zoe', 60), worst: candidate('Ivy', 59.4) }),
    );
    renderPage();
    await screen.findByRole('heading', { name: 'Mia' });

    expect(screen.getByLabelText('90% compatible')).toHaveClass('badge--success');
    expect(screen.getByLabelText('60% compatible')).toHaveClass('badge--warning');
    expect(screen.getByLabelText('59% compatible')).toHaveClass('badge--rose');
  });

  it.each([
    [100, 'badge--success'],
    [89, 'badge--warning'],
    [0, 'badge--rose'],
  ])('gives %i%% the %s colour', async (percent, tone) => {
    stubMatches(() => json({ best: candidate('Mia', percent) }));
    renderPage();
    expect(await screen.findByLabelText(`${percent}% compatible`)).toHaveClass(tone);
  });

  it('shows every card field, with the tier badge and No image without a photo', async () => {
    stubMatches(() => json({ best: candidate('Mia', 93) }));
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'Mia' })).closest('article')!;

    const inCard = within(card);
    expect(inCard.getByText('Best match')).toBeInTheDocument();
    expect(inCard.getByText('93%')).toBeInTheDocument();
    expect(inCard.getByText('No image')).toBeInTheDocument();
    expect(inCard.getByText('Austin, TX')).toBeInTheDocument();
    expect(inCard.getByText('28 years')).toBeInTheDocument();
    expect(inCard.getByText('Female')).toBeInTheDocument();
    expect(inCard.getByText('B.A. History')).toBeInTheDocument();
    expect(inCard.getByText('@mia')).toBeInTheDocument();
    // The handle is named for what it is (the spec stores it as jobTitle).
    expect(inCard.getByText('Instagram')).toHaveClass('sr-only');
    expect(inCard.queryByText('Job title')).not.toBeInTheDocument();
    expect(inCard.getByRole('heading', { name: 'About' })).toBeInTheDocument();
    expect(inCard.getByText('Mia thinks love is patience.')).toBeInTheDocument();
    expect(inCard.getByRole('heading', { name: 'AI Generated Compatibility Summary' })).toBeInTheDocument();
    expect(inCard.getByText('Mia shares your love of quiet Sundays.')).toBeInTheDocument();
    // One card: no arrows, no dots.
    expect(screen.queryByRole('button', { name: 'Next match' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /1 of 1/ })).not.toBeInTheDocument();
  });

  it('loads a photo with the bearer token and shows it as a blob URL', async () => {
    const createObjectURL = vi.fn(() => 'blob:photo-of-mia');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const fetchMock = stubMatches(() =>
      json({ best: candidate('Mia', 93, { imageUrl: '/api/image/fetch/id-Mia' }) }),
    );
    const { unmount } = renderPage();

    const img = await screen.findByRole('img', { name: 'Photo of Mia' });
    expect(img).toHaveAttribute('src', 'blob:photo-of-mia');
    const imageCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/image/fetch/id-Mia')!;
    expect(new Headers((imageCall[1] as RequestInit).headers).get('Authorization')).toBe('Bearer token');

    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:photo-of-mia');
  });

  it('moves between several cards with arrows, dots and the keyboard', async () => {
    stubMatches(() =>
      json({ best: candidate('Mia', 95), medium: candidate('Zoe', 72), worst: candidate('Ivy', 31) }),
    );
    renderPage();
    await screen.findByRole('heading', { name: 'Mia' });

    expect(within(visibleSlide()).getByText('Best match')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous match' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next match' }));
    expect(within(visibleSlide()).getByText('Medium match')).toBeInTheDocument();

    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(within(visibleSlide()).getByText('Wild card')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next match' })).toBeDisabled();

    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(within(visibleSlide()).getByText('Medium match')).toBeInTheDocument();

    // The position is shown above the card.
    const position = screen.getByText('2 of 3');
    expect(position.compareDocumentPosition(visibleSlide()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Best match (1 of 3)' }));
    expect(within(visibleSlide()).getByText('Best match')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Best match (1 of 3)' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });
});

describe('MatchesPage states', () => {
  it('shows the empty state when no tier came back', async () => {
    stubMatches(() => json({}));
    renderPage();
    expect(await screen.findByText(EMPTY_TEXT)).toBeInTheDocument();
  });

  it('shows an error card with Try again on other errors, never the empty state, and no cards', async () => {
    let calls = 0;
    stubMatches(() =>
      ++calls === 1
        ? json({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500)
        : json({ best: candidate('Mia', 93) }),
    );
    renderPage();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t load today’s matches.');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    expect(screen.queryByText(EMPTY_TEXT)).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Mia' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the connection is the problem when the API cannot be reached', async () => {
    stubMatches(() => Promise.reject(new TypeError('Failed to fetch')));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Check your internet connection');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText(EMPTY_TEXT)).not.toBeInTheDocument();
  });

  it("opens 'You haven't taken the quiz yet!' on 404 no quiz and leads to /quiz", async () => {
    stubMatches(() => json({ statusCode: 404, error: 'no quiz', message: 'Take the quiz first' }, 404));
    const { router } = renderPage();

    const dialog = await screen.findByRole('dialog', { name: "You haven't taken the quiz yet!" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take the Quiz!' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quiz'));
  });

  it("opens 'You haven't filled out your profile yet!' on 404 no profile and leads to /profile", async () => {
    stubMatches(() =>
      json({ statusCode: 404, error: 'no profile', message: 'Create your profile first' }, 404),
    );
    const { router } = renderPage();

    await screen.findByRole('dialog', { name: "You haven't filled out your profile yet!" });
    // Closed, the step stays on the page with the same way forward (and the navigation is usable again).
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      screen.getByRole('heading', { name: "You haven't filled out your profile yet!" }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('ignores a request cancelled by leaving the page', async () => {
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_input: RequestInfo | URL, init: RequestInit = {}) => {
        signal = init.signal ?? undefined;
        return new Promise<Response>((_resolve, reject) =>
          signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        );
      }),
    );
    const errors = vi.spyOn(console, 'error');
    const { unmount } = renderPage();
    await waitFor(() => expect(signal).toBeDefined());

    unmount();
    expect(signal?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('MatchesPage interest', () => {
  it("shows each card's interest from the match set: pressed, or mutual with 'Say hello'", async () => {
    stubMatches(() =>
      json({
        best: { ...candidate('Mia', 93), interest: 'sent' },
        medium: { ...candidate('Zoe', 70), interest: 'mutual', connectionId: 'c5' },
        worst: candidate('Ivy', 40),
      }),
    );
    renderPage();
    await screen.findByRole('heading', { name: 'Mia' });
    expect(within(visibleSlide()).getByRole('button', { name: "I'm interested" })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next match' }));
    await waitFor(() => expect(within(visibleSlide()).getByText("It's mutual!")).toBeInTheDocument());
    expect(within(visibleSlide()).getByRole('link', { name: 'Say hello' })).toHaveAttribute(
      'href',
      '/connections/c5',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next match' }));
    await waitFor(() =>
      expect(within(visibleSlide()).getByRole('button', { name: "I'm interested" })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
  });
});
