import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { fakeJwt, json, mockFetch } from '@/test/http';
import { landing, renderRoutes } from '@/test/render';
import { ProtectedRoute } from './protected-route';

function renderProtected(path: string) {
  return renderRoutes(
    [
      landing('/', 'Home page'),
      landing('/signin', 'Sign in page'),
      { element: <ProtectedRoute />, children: [landing('/profile', 'Profile content')] },
      { element: <ProtectedRoute requireVerified />, children: [landing('/quiz', 'Quiz content')] },
    ],
    path,
  );
}

const user = { id: 'u1', email: 'ava@example.com' };

describe('ProtectedRoute', () => {
  it('lets a user with an access token straight in', () => {
    const { calls } = mockFetch(() => json(500, {}));
    authStore.setAuth({ ...user, accessToken: 't', verification: true });

    renderProtected('/quiz');

    expect(screen.getByText('Quiz content')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('with Remember me shows Loading... while it refreshes, then lets a verified user in', async () => {
    let answer!: (response: Response) => void;
    const { calls } = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));

    renderProtected('/quiz');

    expect(screen.getByText('Loading...')).toBeInTheDocument();
    answer(json(200, { accessToken: fakeJwt(user), verification: true }));
    expect(await screen.findByText('Quiz content')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['/refresh']);
    expect(authStore.getState().auth).toMatchObject({ ...user, verification: true });
  });

  it('sends a refreshed but unverified user home', async () => {
    mockFetch(() => json(200, { accessToken: fakeJwt(user), verification: false }));
    renderProtected('/profile');
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('sends the user to sign in when the refresh fails', async () => {
    mockFetch(() => json(401, { statusCode: 401, error: 'no-session', message: 'expired' }));
    renderProtected('/profile');
    expect(await screen.findByText('Sign in page')).toBeInTheDocument();
  });

  it('without a token and without Remember me goes to sign in without asking the server', () => {
    const { calls } = mockFetch(() => json(500, {}));
    authStore.setPersist(false);

    renderProtected('/profile');

    expect(screen.getByText('Sign in page')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('keeps unverified users out of verified-only pages but lets them edit their profile', () => {
    mockFetch(() => json(500, {}));
    authStore.setAuth({ ...user, accessToken: 't', verification: false });

    const { router } = renderProtected('/quiz');
    expect(screen.getByText('Home page')).toBeInTheDocument();

    void router.navigate('/profile');
    return screen.findByText('Profile content');
  });
});
