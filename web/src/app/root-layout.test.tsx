import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotFoundPage } from '@/features/not-found/components/not-found-page';
import { toast } from '@/components/ui/toast';
import { authStore } from '@/lib/auth-store';
import { fakeJwt, json, mockFetch } from '@/test/http';
import { landing, renderRoutes } from '@/test/render';
import { RootLayout } from './root-layout';

function renderPublicPage(path: string) {
  return renderRoutes(
    [
      {
        element: <RootLayout />,
        children: [landing('/signin', 'Sign in page'), { path: '*', element: <NotFoundPage /> }],
      },
    ],
    path,
  );
}

const user = { id: 'u1', email: 'ava@example.com' };

describe('RootLayout', () => {
  it('restores a remembered session on a public page opened directly, which then shows the Main navigation', async () => {
    const { calls } = mockFetch(({ path }) =>
      path === '/refresh'
        ? json(200, { accessToken: fakeJwt(user), verification: true })
        : json(200, { connections: [] }),
    );
    const { router } = renderPublicPage('/does-not-exist');

    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/does-not-exist');
    expect(document.title).toBe('Not found – Fated');
    expect(calls.filter((c) => c.path === '/refresh')).toHaveLength(1);
  });

  it('leaves a visitor on the public page when there is no session to restore', async () => {
    const { calls } = mockFetch(() =>
      json(401, { statusCode: 401, error: 'no-session', message: 'expired' }),
    );
    const { router } = renderPublicPage('/terms');

    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/refresh']));
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/terms');
  });

  it('asks nothing without Remember me, nor with a session already in memory', () => {
    const { calls } = mockFetch(() => json(500, {}));
    authStore.setPersist(false);
    const { unmount } = renderPublicPage('/terms');
    unmount();

    authStore.setPersist(true);
    authStore.setAuth({ ...user, accessToken: 't', verification: true });
    renderPublicPage('/terms');

    expect(calls.filter((c) => c.path === '/refresh')).toHaveLength(0);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it("lets a page's errors go when the member moves on, but not the one that came with the move", async () => {
    mockFetch(() => json(401, { statusCode: 401, error: 'no-session', message: 'expired' }));
    const { router } = renderPublicPage('/terms');
    act(() => void toast.error('Login failed', 'Incorrect email or password.'));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    const shown = performance.now();
    while (performance.now() - shown < 1_050) await new Promise((resolve) => setTimeout(resolve, 50));
    await act(async () => {
      toast.error('Photo upload failed', 'Try again from your profile.');
      await router.navigate('/signin');
    });
    await waitFor(() => expect(screen.queryByText('Login failed')).not.toBeInTheDocument());
    expect(screen.getByText('Photo upload failed')).toBeInTheDocument();
  });

  it('moves the focus a removed control had to the page heading, once the new page has one', async () => {
    mockFetch(() => json(401, { statusCode: 401, error: 'no-session', message: 'expired' }));
    const { router } = renderPublicPage('/signin');
    expect(await screen.findByText('Sign in page')).toBeInTheDocument();
    const link = document.createElement('a');
    link.href = '#';
    screen.getByText('Sign in page').append(link);
    link.focus();

    await act(() => router.navigate('/somewhere-else'));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('leaves the focus where the new page put it', async () => {
    mockFetch(() => json(401, { statusCode: 401, error: 'no-session', message: 'expired' }));
    const { router } = renderPublicPage('/signin');
    const link = document.createElement('a');
    link.href = '#';
    (await screen.findByText('Sign in page')).append(link);
    link.focus();
    const field = document.createElement('input');
    document.body.append(field);

    await act(async () => {
      await router.navigate('/elsewhere');
      field.focus();
    });

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(field);
    field.remove();
  });
});
