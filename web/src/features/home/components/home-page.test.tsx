import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { RootLayout } from '@/app/root-layout';
import { fakeJwt, json, mockFetch, type RecordedCall } from '@/test/http';
import { landing, renderRoutes } from '@/test/render';
import { HomePage } from './home-page';

function renderHome() {
  return renderRoutes([
    {
      // The app's layout: it is what restores a remembered session.
      element: <RootLayout />,
      children: [
        { path: '/', element: <HomePage /> },
        landing('/signin', 'Sign in page'),
        landing('/signup', 'Sign up page'),
        landing('/quiz', 'Quiz page'),
        landing('/match', 'Match page'),
        landing('/profile', 'Profile page'),
        landing('/waitlist', 'Waitlist page'),
        landing('/onboarding', 'Onboarding page'),
      ],
    },
  ]);
}

/** The server of a member with a profile, whose quiz status is `quiz` (a promise keeps it pending). */
function memberWithProfile(quiz: { answered: boolean } | Promise<Response>) {
  return ({ path }: RecordedCall) =>
    path === '/quiz/status/u1'
      ? quiz instanceof Promise
        ? quiz
        : json(200, quiz)
      : path === '/user/getProfile/u1'
        ? json(200, { id: 'u1', city: 'Austin', state: 'TX' })
        : json(404, { statusCode: 404, error: 'Not Found', message: 'Not found' });
}

const user = { id: 'u1', email: 'ava@example.com' };

describe('HomePage', () => {
  beforeEach(() => {
    localStorage.setItem('fa_ageConfirmed', 'true');
  });

  it('tries one silent session restore with Remember me and shows who is logged in', async () => {
    const { calls } = mockFetch(() => json(200, { accessToken: fakeJwt(user), verification: true }));
    renderHome();

    expect(await screen.findByTitle('ava@example.com')).toHaveTextContent(/^ava@example\.com$/);
    expect(screen.getByText('Logged in as')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    // One refresh; then home asks whether the profile exists and the quiz was taken, to lead with the next
    // step (the navigation's conversations and who is interested aside).
    expect(
      calls.map((c) => c.path).filter((path) => path !== '/connections' && path !== '/interest/received'),
    ).toEqual(['/refresh', '/user/getProfile/u1', '/quiz/status/u1']);
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
    expect(calls.map((c) => c.path)).toContain('/logout');
  });

  it('leads a new member with the profile, then the quiz, then today’s matches, marking what is done', async () => {
    authStore.setAuth({ ...user, accessToken: 't', verification: true });
    mockFetch(() => json(404, { statusCode: 404, error: 'Not Found', message: 'No profile yet' }));
    const { unmount } = renderHome();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Next up: your profile' }),
    ).toBeInTheDocument();
    const cards = () => screen.getAllByRole('listitem').filter((item) => item.querySelector('.home-card'));
    expect(cards()[0]).toHaveTextContent('Next step');
    expect(cards()[0]).toHaveTextContent('Edit Profile');
    unmount();

    mockFetch(memberWithProfile({ answered: false }));
    renderHome();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Next up: the compatibility quiz' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take the Quiz' })).toHaveAccessibleDescription(/^Next step/);
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAccessibleDescription(/^Done/);
  });

  it('leads with today’s matches once the profile and the quiz are done, as the server says on a new device', async () => {
    authStore.setAuth({ ...user, accessToken: 't', verification: true });
    const { calls } = mockFetch(memberWithProfile({ answered: true }));
    renderHome();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your matches are waiting' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Today's Matches" })).toHaveAccessibleDescription(/^Next step/);
    expect(screen.getByRole('link', { name: 'Take the Quiz' })).toHaveAccessibleDescription(/^Done/);
    expect(calls.find((c) => c.path === '/quiz/status/u1')?.headers.get('Authorization')).toBe('Bearer t');
    // Remembered on this device: the next visit shows it before the server answers.
    expect(localStorage.getItem('fa_quizDone:u1')).toBe('true');
  });

  it('calls nothing next until the server says whether the quiz was taken', async () => {
    authStore.setAuth({ ...user, accessToken: 't', verification: true });
    let answer!: (response: Response) => void;
    mockFetch(memberWithProfile(new Promise<Response>((resolve) => (answer = resolve))));
    renderHome();

    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAccessibleDescription(/^Done/),
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Welcome back$/);
    expect(screen.queryByText('Next step')).not.toBeInTheDocument();

    answer(json(200, { answered: false }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Next up: the compatibility quiz' }),
    ).toBeInTheDocument();
  });

  it('shows a quiz this device saw taken while the server is asked', async () => {
    authStore.setAuth({ ...user, accessToken: 't', verification: true });
    localStorage.setItem('fa_quizDone:u1', 'true');
    mockFetch(memberWithProfile(new Promise<Response>(() => undefined)));
    renderHome();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your matches are waiting' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take the Quiz' })).toHaveAccessibleDescription(/^Done/);
  });

  it('offers Resend email in the verify dialog and sends POST /register/resend', async () => {
    authStore.setAuth({ ...user, accessToken: 't', verification: false });
    const { calls } = mockFetch(({ path }) =>
      path === '/register/resend' ? json(201, { sent: true }) : json(404, { statusCode: 404, error: 'x' }),
    );
    renderHome();

    fireEvent.click(screen.getByRole('link', { name: 'Take the Quiz' }));
    const dialog = screen.getByRole('dialog', { name: 'Please verify your email' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend email' }));

    expect(await screen.findByText('Verification email sent')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/register/resend')).toMatchObject({
      method: 'POST',
      body: { id: 'u1' },
    });
  });
});
