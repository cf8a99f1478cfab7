import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { ChooseNamePage } from './choose-name-page';

function renderPage() {
  return renderRoutes(
    [
      { path: '/welcome', element: <ChooseNamePage /> },
      { path: '/', element: <p>Home page</p> },
    ],
    '/welcome',
  );
}
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

describe('ChooseNamePage', () => {
  it('asks for a name before calling the server', async () => {
    const { calls } = mockFetch(() => json(500, {}));
    renderPage();
    expect(screen.getByRole('heading', { name: 'What should we call you?' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '   ' } });
    save();
    expect(await screen.findByText('Name required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('saves the trimmed name and goes home', async () => {
    const { calls } = mockFetch(() => json(200, { name: 'Olivia' }));
    renderPage();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Olivia ' } });
    save();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({ method: 'POST', path: '/account/name', body: { name: 'Olivia' } }),
    ]);
  });

  it('keeps what was typed and says why when the server fails', async () => {
    mockFetch(() =>
      json(400, { statusCode: 400, error: 'Bad Request', message: 'Name must be at most 100 characters' }),
    );
    renderPage();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Olivia' } });
    save();
    expect(await screen.findAllByText('Name must be at most 100 characters')).not.toHaveLength(0);
    expect(screen.getByLabelText('Name')).toHaveValue('Olivia');
  });
});
