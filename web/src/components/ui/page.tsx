import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { MainNav } from '@/components/layout/main-nav';
import { VerifyEmailBanner } from '@/components/layout/verify-email-banner';
import { useAuth } from '@/lib/auth/use-auth';
import { Logo } from './logo';
import './page.css';

export interface PageProps {
  /** The page's h1. */
  title?: ReactNode;
  subtitle?: ReactNode;
  /** Back link in the header for signed-out visitors, e.g. `{ to: paths.home, label: 'Home' }`. */
  back?: { to: string; label: string };
  /** Content on the header's right for signed-out visitors (Sign in, Sign up); signed in, the main navigation. */
  actions?: ReactNode;
  /** Content column width: sm 28rem (forms), md 40rem (default), lg 64rem, xl 76rem (home). */
  width?: 'sm' | 'md' | 'lg' | 'xl';
  children?: ReactNode;
  className?: string;
}

/**
 * Page shell: sticky header with the logo and, for a signed-in member, the main navigation (a bottom tab bar on
 * phones) and the unverified-email banner; a centred main column; the footer.
 */
export function Page({ title, subtitle, back, actions, width = 'md', children, className }: PageProps) {
  const { auth, isLoggedIn } = useAuth();
  const signedIn = Boolean(auth && isLoggedIn);
  return (
    <div className={['page', signedIn && 'page--signed-in', className].filter(Boolean).join(' ')}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <PageHeader back={back} actions={actions} />
      {auth && signedIn && !auth.verification ? (
        <VerifyEmailBanner userId={auth.id} email={auth.email} />
      ) : null}
      <main id="main" className={`page__main page__main--${width}`} tabIndex={-1}>
        {title ? (
          <div className="page__heading">
            <h1 className="page__title">{title}</h1>
            {subtitle ? <p className="page__subtitle">{subtitle}</p> : null}
          </div>
        ) : null}
        {children}
      </main>
      <footer className="page__footer">
        {/* Plain links in the footer landmark: the page's one navigation landmark is the main one. */}
        <div className="page__footer-inner">
          <span>© {new Date().getFullYear()} Fated</span>
          <Link to={paths.terms}>Terms of Use</Link>
          <Link to={paths.privacy}>Privacy Policy</Link>
        </div>
      </footer>
    </div>
  );
}

/** The page's header: the logo and, for a signed-in member, the main navigation; else `back` and `actions`. */
export function PageHeader({ back, actions }: Pick<PageProps, 'back' | 'actions'>) {
  const { auth, isLoggedIn } = useAuth();
  const signedIn = Boolean(auth && isLoggedIn);
  return (
    <header className="page__header">
      <div className="page__header-inner">
        <div className="page__header-start">
          {back && !signedIn ? (
            <Link to={back.to} className="page__back">
              <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <path
                  d="M12.5 4.5 7 10l5.5 5.5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <span>{back.label}</span>
            </Link>
          ) : null}
          <Logo />
        </div>
        {signedIn ? <MainNav /> : actions ? <div className="page__actions">{actions}</div> : null}
      </div>
    </header>
  );
}
