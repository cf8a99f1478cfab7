import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockFetch } from '@/test/http';
import { landing, renderRoutes } from '@/test/render';
import { SignInPage } from './sign-in-page';

function renderSignIn() {
  return renderRoutes([{ path: '/signin', element: <SignInPage /> }, landing('/', 'Home page')], '/signin');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('SignInPage', () => {
  it('starts with the cursor in Email', () => {
    mockFetch(() => json(500, {}));
    renderSignIn();
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('asks for the email first, without calling the server', async () => {
    const { calls } = mockFetch(() => json(500, {}));
    renderSignIn();

    submit();

    expect(await screen.findByText('Email required')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('then asks for the password', async () => {
    const { calls } = mockFetch(() => json(500, {}));
    renderSignIn();

    fill('Email', 'ava@example.com');
    submit();

    expect(await screen.findByText('Password required')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the spec message for wrong credentials', async () => {
    mockFetch(() =>
      json(401, { statusCode: 401, error: 'wrong-credentials', message: 'Email or password is incorrect' }),
    );
    renderSignIn();

    fill('Email', 'ava@example.com');
    fill('Password', 'not-the-password');
    submit();

    expect(await screen.findByText('Email or password is incorrect')).toBeInTheDocument();
    expect(screen.getByText('Login failed')).toBeInTheDocument();
    expect(authStore.getState().auth).toBeNull();
  });

  it('maps a 400 and a missing server to their messages', async () => {
    mockFetch(() =>
      json(400, { statusCode: 400, error: 'missing-credentials', message: 'Missing email or password' }),
    );
    renderSignIn();
    fill('Email', 'ava@example.com');
    fill('Password', 'x');
    submit();
    expect(await screen.findAllByText('Missing email or password')).not.toHaveLength(0);

    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    submit();
    expect(await screen.findAllByText('No server response')).not.toHaveLength(0);
  });

  it('signs in, remembers the first login and goes home', async () => {
    const { calls } = mockFetch(() => json(200, { id: 'u1', accessToken: 'token-1', verification: false }));
    renderSignIn();

    fill('Email', ' ava@example.com ');
    fill('Password', 'correct horse');
    fireEvent.click(screen.getByLabelText('Remember me'));
    submit();

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/login',
      body: { email: 'ava@example.com', password: 'correct horse', persist: false },
    });
    expect(authStore.getState()).toEqual({
      auth: { id: 'u1', email: 'ava@example.com', accessToken: 'token-1', verification: false },
      persist: false,
    });
    await waitFor(() => expect(localStorage.getItem('fa_hasLoggedInBefore')).toBe('true'));
    expect(localStorage.getItem('persist')).toBe('false');
  });

  it("takes the last try's error toast away once the user signs in", async () => {
    mockFetch(() =>
      json(401, { statusCode: 401, error: 'wrong-credentials', message: 'Email or password is incorrect' }),
    );
    renderSignIn();
    fill('Email', 'ava@example.com');
    fill('Password', 'not-the-password');
    submit();
    expect(await screen.findByText('Login failed')).toBeInTheDocument();

    mockFetch(() => json(200, { id: 'u1', accessToken: 'token-1', verification: true }));
    fill('Password', 'correct horse');
    submit();

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
    expect(screen.queryByText('Incorrect email or password.')).not.toBeInTheDocument();
  });
});
