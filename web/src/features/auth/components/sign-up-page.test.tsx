import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '@/components/ui/toast';
import { authStore } from '@/lib/auth-store';
import { json, mockFetch } from '@/test/http';
import { landing, renderRoutes } from '@/test/render';
import { SignUpPage } from './sign-up-page';

function renderSignUp(path = '/signup') {
  return renderRoutes(
    [{ path: '/signup', element: <SignUpPage /> }, landing('/profile', 'Profile page')],
    path,
  );
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('SignUpPage', () => {
  it.each([
    [{}, 'Name required', 'Name'],
    [{ Name: 'Ava' }, 'Email required', 'Email'],
    [{ Name: 'Ava', Email: 'ava@example.com' }, 'Password required', 'Password'],
    [
      { Name: 'Ava', Email: 'ava@example.com', Password: 'secret-123' },
      'Confirm your password',
      'Confirm password',
    ],
  ])('with %o it toasts "%s" and focuses %s', async (values, title, focused) => {
    const { calls } = mockFetch(() => json(500, {}));
    renderSignUp();

    for (const [label, value] of Object.entries(values)) fill(label, value);
    submit();

    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByLabelText(focused)).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('clears the confirmation when the passwords differ', async () => {
    const { calls } = mockFetch(() => json(500, {}));
    renderSignUp();

    fill('Name', 'Ava');
    fill('Email', 'ava@example.com');
    fill('Password', 'secret-123');
    fill('Confirm password', 'secret-124');
    submit();

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('Please make sure both passwords are the same.')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveValue('');
    expect(calls).toHaveLength(0);
  });

  it('keeps each problem under its field after the toast has gone, until the field is edited', async () => {
    mockFetch(() => json(500, {}));
    renderSignUp();

    fill('Name', 'Ava');
    submit();
    expect(await screen.findByText('Email required')).toBeInTheDocument();
    toast.dismiss();

    const emailInput = screen.getByLabelText('Email');
    expect(emailInput).toHaveAttribute('aria-invalid', 'true');
    expect(emailInput).toHaveAccessibleDescription('Please enter your email.');
    fill('Email', 'ava@example.com');
    expect(emailInput).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter your email.')).not.toBeInTheDocument();

    fill('Password', 'secret-123');
    fill('Confirm password', 'secret-124');
    submit();
    await waitFor(() =>
      expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
        'Passwords do not match. Please type your password again.',
      ),
    );
  });

  it('puts "Email already in use" under the address and keeps what was typed', async () => {
    mockFetch(() => json(409, { statusCode: 409, error: 'email-in-use', message: 'Email already in use' }));
    renderSignUp();
    fill('Name', 'Ava');
    fill('Email', 'ava@example.com');
    fill('Password', 'secret-123');
    fill('Confirm password', 'secret-123');
    submit();

    const emailInput = screen.getByLabelText('Email');
    await waitFor(() => expect(emailInput).toHaveAccessibleDescription('Email already in use'));
    expect(emailInput).toHaveValue('ava@example.com');
    expect(emailInput).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveValue('secret-123');
  });

  it('shows only the current problem, and none of the fixed ones once the account is made', async () => {
    mockFetch(({ path }) => {
      if (path === '/register') return json(201, { id: 'u9' });
      if (path === '/register/verify') return json(201, { sent: true });
      if (path === '/login') return json(200, { id: 'u9', accessToken: 'token-9', verification: false });
      return json(404, {});
    });
    renderSignUp();

    submit();
    expect(await screen.findByText('Name required')).toBeInTheDocument();
    fill('Name', 'Ava');
    fill('Email', 'ava@example.com');
    fill('Password', 'secret-123');
    fill('Confirm password', 'secret-124');
    submit();
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.queryByText('Name required')).not.toBeInTheDocument();

    fill('Confirm password', 'secret-123');
    submit();

    expect(await screen.findByText('Profile page')).toBeInTheDocument();
    expect(await screen.findByText('Welcome to Fated!')).toBeInTheDocument();
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    expect(screen.queryByText('Name required')).not.toBeInTheDocument();
  });

  it('says so when the email is taken', async () => {
    mockFetch(() => json(409, { statusCode: 409, error: 'email-in-use', message: 'Email already in use' }));
    renderSignUp();

    fill('Name', 'Ava');
    fill('Email', 'ava@example.com');
    fill('Password', 'secret-123');
    fill('Confirm password', 'secret-123');
    submit();

    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getAllByText('Email already in use')).not.toHaveLength(0);
  });

  it('registers with the referral code, requests the mail, signs in and opens the profile', async () => {
    const { calls } = mockFetch(({ path }) => {
      if (path === '/register') return json(201, { id: 'u9' });
      if (path === '/register/verify') return json(201, { sent: true });
      if (path === '/login') return json(200, { id: 'u9', accessToken: 'token-9', verification: false });
      return json(404, {});
    });
    renderSignUp('/signup?code=FRIEND42');

    expect(screen.getByText(/You were invited by a friend/)).toBeInTheDocument();
    fill('Name', ' Ava ');
    fill('Email', 'ava@example.com');
    fill('Password', 'secret-123');
    fill('Confirm password', 'secret-123');
    submit();

    expect(await screen.findByText('Profile page')).toBeInTheDocument();
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/register', { name: 'Ava', email: 'ava@example.com', password: 'secret-123', code: 'FRIEND42' }],
      ['/register/verify', { id: 'u9', name: 'Ava', email: 'ava@example.com' }],
      ['/login', { email: 'ava@example.com', password: 'secret-123' }],
    ]);
    expect(authStore.getState().auth).toEqual({
      id: 'u9',
      email: 'ava@example.com',
      accessToken: 'token-9',
      verification: false,
    });
    expect(localStorage.getItem('fa_hasLoggedInBefore')).toBe('true');
  });
});
