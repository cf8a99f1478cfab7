import { useEffect } from 'react';
import { matchPath } from 'react-router';
import { paths } from '@/app/paths';

/** The whole title of the home page (as in index.html, which is the title before the app starts). */
const SITE_TITLE = 'Fated – The Future of Love';

/** Each route (as the router matches it) and its purpose (the spec's route table): the first part of its title. */
const TITLES: [pattern: string, title: string][] = [
  [paths.signin, 'Sign in'],
  [paths.signup, 'Sign up'],
  [paths.onboarding, 'Onboarding'],
  [paths.terms, 'Terms of Use'],
  [paths.privacy, 'Privacy Policy'],
  ['/verifyEmail/:id/:token', 'Email verification'],
  [paths.profile, 'Profile'],
  [paths.quiz, 'Quiz'],
  [paths.match, 'Matches'],
  [paths.waitlist, 'Waitlist'],
  [paths.premium, 'Premium perks'],
  [paths.settings, 'Settings'],
  [paths.connections, 'Messages'],
  ['/connections/:id', 'Messages'],
  [paths.chooseName, 'Welcome'],
  [paths.forgotPassword, 'Forgot your password?'],
  ['/resetPassword/:id/:token', 'Choose a new password'],
];

/** The document title of `pathname`: '{purpose} – Fated', the site's title at home, 'Not found' elsewhere. */
export function pageTitleOf(pathname: string): string {
  if (pathname === paths.home) return SITE_TITLE;
  const match = TITLES.find(([pattern]) => matchPath(pattern, pathname));
  return `${match?.[1] ?? 'Not found'} – Fated`;
}

/** Keeps the document title on the page shown: a screen reader announces it, tabs and history list it. */
export function usePageTitle(pathname: string): void {
  useEffect(() => {
    document.title = pageTitleOf(pathname);
  }, [pathname]);
}
