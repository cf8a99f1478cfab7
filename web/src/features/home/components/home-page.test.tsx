import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { fakeJwt, json, mockFetch } from '@/test/http';
import { landing, renderRoutes } from '@/test/render';
import { HomePage } from './home-page';

function renderHome() {
  return renderRoutes([
    { path: '/', element: <HomePage /> },
    landing('/signin', 'Sign in page'),
    landing('/signup', 'Sign up page'),
    landing('/quiz', 'Quiz page'),
    landing('/match', 'Match page'),
    landing('/profile', 'Profile page'),
    landing('/waitlist', 'Waitlist page'),
    landing('/onboarding', 'Onboarding page'),
  ]);
}

const user = { id: 'u1', email: 'ava@example.com' };

describe('HomePage', () => {
  beforeEach(() => {
    localStorage.setItem('fa_ageConfirmed', 'true');
  });

  it('tries one silent session restore with Remember me and shows who is logged in', async () => {
    const { calls } = mockFetch(() => json(200, { accessToken: fakeJwt(user), verification: true }));
    renderHome();

    // The address is split (local part, domain) so narrow headers can shorten the local part first.
    expect(await screen.findByTitle('ava@example.com')).toHaveTextContent(/^ava@example\.com$/);
    expect(screen.getByText('Logged in as')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['/refresh']);
  });

  it('ignores a failed restore and offers Sign in and Sign up', async () => {
    const { calls } = mockFetch(() =>
      json(401, { statusCode: 401, error: 'no-session', message: 'expired' }),
    );
    renderHome();

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Sign up page')).toBeInTheDocument();
  });

  it('asks visitors to create an account before the quiz, matches, profile or waitlist', async () => {
    authStore.setPersist(false);
    const { calls } = mockFetch(() => json(500, {}));
    renderHome();

    for (const open of [
      () => fireEvent.click(screen.getByRole('link', { name: 'Take the Quiz' })),
      () => fireEvent.click(screen.getByRole('link', { name: "Today's Matches" })),
      () => fireEvent.click(screen.getByRole('link', { name: 'Edit Profile' })),
      () => fireEvent.click(screen.getByRole('button', { name: 'Join Waitlist' })),
    ]) {
      open();
      expect(screen.getByRole('dialog', { name: 'Create an account to continue' })).toBeInTheDocument();
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    }
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('link', { name: 'Take the Quiz' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Sign up page')).toBeInTheDocument();
  });

  it('asks unverified users to verify first, but lets them edit their profile', async () => {
    authStore.setAuth({ ...user, accessToken: 't', verification: false });
    mockFetch(() => json(500, {}));
    renderHome();

    fireEvent.click(screen.getByRole('link', { name: 'Take the Quiz' }));
    expect(screen.getByRole('dialog', { name: 'Please verify your email' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'Edit Profile' }));
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
  });

  it('confirms before today’s matches', async () => {
    authStore.setAuth({ ...user, accessToken: 't', verification: true });
    mockFetch(() => json(500, {}));
    renderHome();

    fireEvent.click(screen.getByRole('link', { name: "Today's Matches" }));
    const dialog = screen.getByRole('dialog', { name: "Proceed to Today's Matches?" });
    expect(dialog).toHaveTextContent('You can only match once a day.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: "Today's Matches" }));
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('Match page')).toBeInTheDocument();
  });

  it('logs out locally at once and tells the server', async () => {
    authStore.setAuth({ ...user, accessToken: 't', verification: true });
    const { calls } = mockFetch(() => json(200, { loggedOut: true }));
    renderHome();

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(authStore.getState().auth).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/logout']);
  });
});
