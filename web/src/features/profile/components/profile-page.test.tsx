import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { ProfilePage } from './profile-page';
import { renderRoutes } from '@/test/render';

const USER_ID = '6f1c8d2e-4b5a-4c3d-9e8f-7a6b5c4d3e2f';

type Call = { url: string; method: string; body: unknown };

/** The network boundary: a tiny router over global fetch that records what the page sent. */
function stubApi(routes: Record<string, (call: Call) => Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const call = { url, method, body };
      calls.push(call);
      const route = Object.keys(routes).find((key) => `${method} ${url}`.startsWith(key));
      if (!route) return json({ statusCode: 404, error: 'Not Found', message: 'Not Found' }, 404);
      return routes[route]!(call);
    }),
  );
  return calls;
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const noProfile = () => json({ statusCode: 404, error: 'Not Found', message: 'No profile yet' }, 404);

function renderPage() {
  return renderRoutes(
    [
      { path: '/profile', element: <ProfilePage /> },
      { path: '/', element: <p>Home page</p> },
    ],
    '/profile',
  ).router;
}

function choose(group: 'Gender' | 'Preferred Sex', option: 'Male' | 'Female') {
  fireEvent.click(within(screen.getByRole('group', { name: group })).getByRole('radio', { name: option }));
}

async function fillValidForm() {
  fireEvent.change(await screen.findByLabelText('City & State'), { target: { value: 'Austin, TX' } });
  fireEvent.change(screen.getByLabelText('Age'), { target: { value: '27' } });
  choose('Gender', 'Female');
  choose('Preferred Sex', 'Male');
}

beforeEach(() => {
  authStore.setAuth({ id: USER_ID, email: 'ada@example.com', accessToken: 'token', verification: true });
});

afterEach(() => vi.unstubAllGlobals());

describe('ProfilePage validation', () => {
  it('starts empty on 404 and enables Save only once location, age ≥ 18, gender and preferred sex are valid', async () => {
    stubApi({ [`GET /api/user/getProfile/${USER_ID}`]: noProfile });
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Create Profile' })).toBeInTheDocument();
    const save = await screen.findByRole('button', { name: 'Save Profile' });
    expect(save).toBeDisabled();
    expect(screen.getByLabelText('City & State')).toHaveValue('');

    fireEvent.change(screen.getByLabelText('City & State'), { target: { value: 'Austin, TX' } });
    expect(save).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Age'), { target: { value: '17' } });
    expect(save).toBeDisabled();
    choose('Gender', 'Female');
    choose('Preferred Sex', 'Male');
    expect(save).toBeDisabled();

    fireEvent.change(screen.getByLabelText('Age'), { target: { value: '18' } });
    expect(save).toBeEnabled();

    fireEvent.change(screen.getByLabelText('Age'), { target: { value: '121' } });
    expect(save).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Age'), { target: { value: '120' } });
    expect(save).toBeEnabled();
  });

  it.each(['Austin TX', 'Austin, tx', 'Austin, TEX', ', TX', 'Austin,TX', 'Austin, Texas, TX'])(
    'rejects the location %j with the spec message',
    async (location) => {
      stubApi({ [`GET /api/user/getProfile/${USER_ID}`]: noProfile });
      renderPage();
      await fillValidForm();
      const input = screen.getByLabelText('City & State');

      fireEvent.change(input, { target: { value: location } });
      fireEvent.blur(input);

      // The field is checked when it is left; the message follows.
      expect(await screen.findByText('Please use “City, ST” (e.g., Austin, TX).')).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('button', { name: 'Save Profile' })).toBeDisabled();
    },
  );

  it('accepts a location with surrounding spaces (validated after trimming)', async () => {
    stubApi({ [`GET /api/user/getProfile/${USER_ID}`]: noProfile });
    renderPage();
    await fillValidForm();
    const input = screen.getByLabelText('City & State');

    fireEvent.change(input, { target: { value: '  San Luis Obispo, CA  ' } });
    fireEvent.blur(input);

    expect(screen.queryByText('Please use “City, ST” (e.g., Austin, TX).')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeEnabled();
  });
});

describe('ProfilePage prefill and save', () => {
  const existing = {
    id: USER_ID,
    name: 'Ada',
    city: 'Austin',
    state: 'TX',
    age: 29,
    gender: 'female',
    preferredSex: 'male',
    education: 'B.S. Mathematics',
    jobTitle: '@ada',
    bio: 'Love is choosing each other every day.',
    imageUrl: null,
  };

  it('prefills from GET getProfile, saves, toasts and goes home', async () => {
    const calls = stubApi({
      [`GET /api/user/getProfile/${USER_ID}`]: () => json(existing),
      'POST /api/user/setProfile': () => json({ ...existing, age: 30 }),
    });
    const router = renderPage();

    expect(await screen.findByDisplayValue('Austin, TX')).toBeInTheDocument();
    expect(screen.getByLabelText('Age')).toHaveValue(29);
    expect(
      within(screen.getByRole('group', { name: 'Gender' })).getByRole('radio', { name: 'Female' }),
    ).toBeChecked();
    expect(
      within(screen.getByRole('group', { name: 'Preferred Sex' })).getByRole('radio', { name: 'Male' }),
    ).toBeChecked();
    expect(screen.getByLabelText('Major/Degree')).toHaveValue('B.S. Mathematics');
    expect(screen.getByLabelText('Instagram Profile')).toHaveValue('@ada');
    expect(screen.getByLabelText('What is love?')).toHaveValue('Love is choosing each other every day.');

    fireEvent.change(screen.getByLabelText('Age'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Profile successfully updated!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByText('Home page')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      id: USER_ID,
      city: 'Austin',
      state: 'TX',
      age: 30,
      gender: 'female',
      preferredSex: 'male',
      education: 'B.S. Mathematics',
      jobTitle: '@ada',
      bio: 'Love is choosing each other every day.',
    });
    // No new picture was chosen, so nothing is uploaded.
    expect(calls.some((c) => c.url === '/api/image/upload')).toBe(false);
  });

  it('shows Saving... while the request is in flight', async () => {
    let release!: () => void;
    stubApi({
      [`GET /api/user/getProfile/${USER_ID}`]: () => json(existing),
      'POST /api/user/setProfile': () => json(existing),
    });
    const original = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') await new Promise<void>((resolve) => (release = resolve));
        return original(input, init);
      }),
    );
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Saving...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Profile successfully updated!')).toBeInTheDocument();
    expect(screen.queryByText('Saving...')).not.toBeInTheDocument();
  });

  it("shows the server's message when saving fails and stays on the page", async () => {
    stubApi({
      [`GET /api/user/getProfile/${USER_ID}`]: () => json(existing),
      'POST /api/user/setProfile': () =>
        json(
          { statusCode: 400, error: 'Bad Request', message: 'Age must be a whole number from 18 to 120' },
          400,
        ),
    });
    const router = renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Age must be a whole number from 18 to 120')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeEnabled();
  });

  it('Reset restores the loaded values', async () => {
    stubApi({ [`GET /api/user/getProfile/${USER_ID}`]: () => json(existing) });
    renderPage();
    const location = await screen.findByDisplayValue('Austin, TX');

    fireEvent.change(location, { target: { value: 'Nowhere' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));

    expect(screen.getByLabelText('City & State')).toHaveValue('Austin, TX');
  });
});
