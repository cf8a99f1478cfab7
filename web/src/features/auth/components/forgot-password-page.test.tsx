import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { ForgotPasswordPage } from './forgot-password-page';

function renderForgot() {
  return renderRoutes([{ path: '/forgotPassword', element: <ForgotPasswordPage /> }], '/forgotPassword');
}
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
const type = (value: string) => fireEvent.change(screen.getByLabelText('Email'), { target: { value } });

describe('ForgotPasswordPage', () => {
  it('checks the address before calling the server', async () => {
    const { calls } = mockFetch(() => json(500, {}));
    renderForgot();
    send();
    expect(await screen.findByText('Please enter your email.')).toBeInTheDocument();
    type('not-an-address');
    send();
    expect(await screen.findByText('Not a valid email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('sends the trimmed address and answers the same whether or not it has an account', async () => {
    const { calls } = mockFetch(() => json(202, { sent: true }));
    renderForgot();
    type('  ava@example.com ');
    send();
    expect(await screen.findByText('Check your email')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'If an account uses ava@example.com, a link to choose a new password is on its way.',
    );
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/password/forgot',
        body: { email: 'ava@example.com' },
      }),
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Use another email' }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });

  it('shows the server’s throttling message, and a missing server as such', async () => {
    mockFetch(() =>
      json(429, {
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Too many attempts. Please wait a moment and try again.',
      }),
    );
    renderForgot();
    type('ava@example.com');
    send();
    expect(
      await screen.findAllByText('Too many attempts. Please wait a moment and try again.'),
    ).not.toHaveLength(0);

    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    send();
    expect(await screen.findAllByText('No server response')).not.toHaveLength(0);
  });
});
