import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Logo } from '@/components/ui/logo';
import './auth-layout.css';

export interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card, e.g. "New to Fated? Create an account". */
  footer?: ReactNode;
}

const PROMISES = [
  { title: 'No swiping', text: 'A 19-question compatibility quiz replaces endless scrolling.' },
  { title: 'Curated daily', text: 'Matches chosen for you once a day, with a compatibility score.' },
  { title: 'Explained by AI', text: 'A written summary of what you share and where you differ.' },
];

/** Sign in, sign up and verification: the form beside a brand panel on wide screens, alone on phones. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className="auth-layout">
      <aside className="auth-layout__brand" aria-label="About Fated">
        <div className="auth-layout__brand-inner">
          <p className="auth-layout__tagline display">The Future of Love – Engineered by AI</p>
          <ul className="auth-layout__promises">
            {PROMISES.map((promise) => (
              <li key={promise.title}>
                <span className="auth-layout__check" aria-hidden="true">
                  ♥
                </span>
                <span>
                  <strong>{promise.title}.</strong> {promise.text}
                </span>
              </li>
            ))}
          </ul>
          <p className="auth-layout__adults">For adults 18 and over.</p>
        </div>
      </aside>
      <div className="auth-layout__content">
        <header className="auth-layout__header">
          <Logo />
        </header>
        <main id="main" className="auth-layout__main">
          <div className="auth-layout__card">
            <div className="auth-layout__heading">
              <h1 className="auth-layout__title">{title}</h1>
              {subtitle ? <p className="auth-layout__subtitle">{subtitle}</p> : null}
            </div>
            {children}
          </div>
          {footer ? <div className="auth-layout__footer">{footer}</div> : null}
        </main>
        <footer className="auth-layout__legal">
          <Link to={paths.terms}>Terms of Use</Link>
          <span aria-hidden="true">·</span>
          <Link to={paths.privacy}>Privacy Policy</Link>
        </footer>
      </div>
    </div>
  );
}
