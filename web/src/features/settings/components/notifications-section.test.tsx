import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { fakeJwt, json, mockFetch } from '@/test/http';
import { NotificationsSection } from './notifications-section';
import { renderWithApp } from '@/test/render';

function renderSection() {
  authStore.setAuth({
    id: 'me',
    email: 'me@example.com',
    accessToken: fakeJwt({ id: 'me', email: 'me@example.com' }),
    verification: true,
  });
  renderWithApp(<NotificationsSection />);
}

describe('NotificationsSection', () => {
  it('shows the stored choices and saves a change with PATCH /account/notifications', async () => {
    const { calls } = mockFetch((call) =>
      call.method === 'PATCH' ? json(200, call.body) : json(200, { mutual: true, messages: true }),
    );
    renderSection();
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    const mutual = await screen.findByRole('checkbox', { name: "Email me when it's mutual" });
    const messages = screen.getByRole('checkbox', { name: 'Email me about new messages' });
    expect(mutual).toBeChecked();
    expect(messages).toBeChecked();

    fireEvent.click(messages);
    await waitFor(() => expect(messages).not.toBeChecked());
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'PATCH',
          path: '/account/notifications',
          body: { mutual: true, messages: false },
        }),
      ),
    );
    expect(calls[0]).toEqual(expect.objectContaining({ method: 'GET', path: '/account/notifications' }));
  });

  it('says a change made offline is not saved yet, and saves it once back online', async () => {
    let stored: unknown = { mutual: true, messages: true };
    const { calls } = mockFetch((call) => {
      if (call.method === 'PATCH') stored = call.body;
      return json(200, stored);
    });
    renderSection();
    const mutual = await screen.findByRole('checkbox', { name: "Email me when it's mutual" });
    act(() => onlineManager.setOnline(false));
    try {
      fireEvent.click(mutual);
      expect(
        await screen.findByText("You're offline: your choice is saved once you're back online."),
      ).toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(''));
    expect(mutual).not.toBeChecked();
  });

  it('puts the box back and says so when saving fails', async () => {
    mockFetch((call) =>
      call.method === 'PATCH'
        ? json(500, { statusCode: 500, error: 'x', message: 'x' })
        : json(200, { mutual: false, messages: true }),
    );
    renderSection();
    const mutual = await screen.findByRole('checkbox', { name: "Email me when it's mutual" });
    expect(mutual).not.toBeChecked();
    fireEvent.click(mutual);
    expect(await screen.findByText('Could not save your choice')).toBeInTheDocument();
    expect(mutual).not.toBeChecked();
  });

  it('offers Try again when the settings cannot load', async () => {
    let down = true;
    mockFetch(() =>
      down
        ? json(503, { statusCode: 503, error: 'x', message: 'x' })
        : json(200, { mutual: true, messages: false }),
    );
    renderSection();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    down = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('checkbox', { name: 'Email me about new messages' })).not.toBeChecked();
  });
});
