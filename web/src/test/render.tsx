import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from '@/components/ui/toast';

/** Mounts routes in a memory router with the toaster, as the app does. */
export function renderRoutes(routes: RouteObject[], initialPath = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const result = render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { ...result, router };
}

/** A route that only shows where the user landed. */
export const landing = (path: string, text: string): RouteObject => ({ path, element: <p>{text}</p> });
