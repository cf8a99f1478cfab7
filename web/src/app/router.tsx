import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ProtectedRoute } from '@/features/auth/components/protected-route';
import { SignInPage } from '@/features/auth/components/sign-in-page';
import { HomePage } from '@/features/home/components/home-page';
import { NotFoundPage } from '@/features/not-found/components/not-found-page';
import { paths } from './paths';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { RouteLoading } from './route-loading';

/*
 * Home and sign-in load with the app; every other page is its own chunk, fetched when first visited
 * (image compression and schema validation stay off the landing page).
 */

function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** The spec's route table (section 2). Exported for tests, which mount it in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while a lazily loaded page's chunk arrives on the first visit.
    hydrateFallbackElement: <RouteLoading />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.signin, element: <SignInPage /> },
      {
        path: paths.signup,
        lazy: page(
          () => import('@/features/auth/components/sign-up-page'),
          (m) => m.SignUpPage,
        ),
      },
      {
        path: paths.onboarding,
        lazy: page(
          () => import('@/features/onboarding/components/onboarding-page'),
          (m) => m.OnboardingPage,
        ),
      },
      {
        path: paths.terms,
        lazy: page(
          () => import('@/features/legal/components/terms-page'),
          (m) => m.TermsPage,
        ),
      },
      {
        path: paths.privacy,
        lazy: page(
          () => import('@/features/legal/components/privacy-page'),
          (m) => m.PrivacyPage,
        ),
      },
      {
        path: paths.forgotPassword,
        lazy: page(
          () => import('@/features/auth/components/forgot-password-page'),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: '/resetPassword/:id/:token',
        lazy: page(
          () => import('@/features/auth/components/reset-password-page'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: '/verifyEmail/:id/:token',
        lazy: page(
          () => import('@/features/auth/components/verify-email-page'),
          (m) => m.VerifyEmailPage,
        ),
      },
      {
        // Section 6: profile (and premium) need only a session…
        element: <ProtectedRoute />,
        children: [
          {
            path: paths.profile,
            lazy: page(
              () => import('@/features/profile/components/profile-page'),
              (m) => m.ProfilePage,
            ),
          },
          {
            path: paths.settings,
            lazy: page(
              () => import('@/features/settings/components/settings-page'),
              (m) => m.SettingsPage,
            ),
          },
          {
            path: paths.premium,
            lazy: page(
              () => import('@/features/premium/components/premium-page'),
              (m) => m.PremiumPage,
            ),
          },
          {
            path: paths.chooseName,
            lazy: page(
              () => import('@/features/auth/components/choose-name-page'),
              (m) => m.ChooseNamePage,
            ),
          },
        ],
      },
      {
        // …while quiz, matches, waitlist and conversations need a verified email.
        element: <ProtectedRoute requireVerified />,
        children: [
          {
            path: paths.quiz,
            lazy: page(
              () => import('@/features/quiz/components/quiz-page'),
              (m) => m.QuizPage,
            ),
          },
          {
            path: paths.match,
            lazy: page(
              () => import('@/features/matches/components/matches-page'),
              (m) => m.MatchesPage,
            ),
          },
          {
            path: paths.waitlist,
            lazy: page(
              () => import('@/features/waitlist/components/waitlist-page'),
              (m) => m.WaitlistPage,
            ),
          },
          {
            path: paths.connections,
            lazy: page(
              () => import('@/features/connections/components/connections-page'),
              (m) => m.ConnectionsPage,
            ),
          },
          {
            path: '/connections/:id',
            lazy: page(
              () => import('@/features/connections/components/conversation-page'),
              (m) => m.ConversationPage,
            ),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
