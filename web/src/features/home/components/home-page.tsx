import { useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { Button, buttonClass } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Page } from '@/components/ui/page';
import { useAuth } from '@/lib/auth/use-auth';
import { useLogout } from '@/lib/auth/use-logout';
import { useSessionRestore } from '@/lib/auth/use-session-restore';
import { AgeGateDialog } from './age-gate-dialog';
import { HomeHero } from './home-hero';
import './home-page.css';

/**
 * The signed-in address in full on wide screens. Where the header is narrow the local part gives way first
 * ("ada.17…@example.com"), so the domain stays readable; the title carries the whole address.
 */
function UserEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span className="home-user__email" title={email}>
      {at > 0 ? (
        <>
          <span className="home-user__email-local">{email.slice(0, at)}</span>
          <span className="home-user__email-domain">{email.slice(at)}</span>
        </>
      ) : (
        <span className="home-user__email-domain">{email}</span>
      )}
    </span>
  );
}

type Gate = 'none' | 'signin-prompt' | 'verify-email' | 'confirm-match';

interface Section {
  key: string;
  to: string;
  title: string;
  text: string;
  icon: ReactNode;
  /** who may follow the link (spec section 4) */
  needs: 'nothing' | 'sign-in' | 'verified';
}

const SECTIONS: Section[] = [
  {
    key: 'onboarding',
    to: paths.onboarding,
    title: 'Get Started',
    text: 'New here? See how Fated finds your person in four short slides.',
    needs: 'nothing',
    icon: <path d="M5 12h14M13 6l6 6-6 6" />,
  },
  {
    key: 'quiz',
    to: paths.quiz,
    title: 'Take the Quiz',
    text: '19 questions about how you live and love. About five minutes, no wrong answers.',
    needs: 'verified',
    icon: (
      <>
        <path d="M9 9a3 3 0 1 1 4.2 2.75c-.7.32-1.2 1-1.2 1.77V14" />
        <path d="M12 17.5h.01" />
        <circle cx="12" cy="12" r="9" />
      </>
    ),
  },
  {
    key: 'match',
    to: paths.match,
    title: "Today's Matches",
    text: 'Your curated matches for today, each with a compatibility score and an AI-written summary.',
    needs: 'verified',
    icon: <path d="M12 20s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 10c0 5.65-7 10-7 10z" />,
  },
  {
    key: 'profile',
    to: paths.profile,
    title: 'Edit Profile',
    text: 'Your photo, city, age and what love means to you: what your matches see first.',
    needs: 'sign-in',
    icon: (
      <>
        <circle cx="12" cy="8" r="3.5" />
        <path d="M5 20a7 7 0 0 1 14 0" />
      </>
    ),
  },
];

export function HomePage() {
  const navigate = useNavigate();
  const { auth, isLoggedIn } = useAuth();
  const logout = useLogout();
  const [gate, setGate] = useState<Gate>('none');
  useSessionRestore();

  const verified = Boolean(auth?.verification);

  /** Spec section 4: which modal, if any, stands between the user and a section. */
  function gateFor(section: Pick<Section, 'key' | 'needs'>): Gate {
    if (section.needs === 'nothing') return 'none';
    if (!isLoggedIn) return 'signin-prompt';
    if (section.needs === 'verified' && !verified) return 'verify-email';
    return section.key === 'match' ? 'confirm-match' : 'none';
  }

  function guardLink(event: MouseEvent, section: Section) {
    const next = gateFor(section);
    if (next === 'none') return;
    event.preventDefault();
    setGate(next);
  }

  function joinWaitlist() {
    const next = gateFor({ key: 'waitlist', needs: 'verified' });
    if (next === 'none') navigate(paths.waitlist);
    else setGate(next);
  }

  const close = () => setGate('none');

  const headerActions = isLoggedIn ? (
    <div className="home-user">
      <p className="home-user__who">
        <span className="home-user__label">Logged in as</span> <UserEmail email={auth?.email ?? ''} />
      </p>
      <Link to={paths.settings} className={buttonClass('ghost', 'sm')}>
        Settings
      </Link>
      <Button variant="secondary" size="sm" onClick={() => void logout()}>
        Log out
      </Button>
    </div>
  ) : (
    <>
      <Button variant="ghost" size="sm" onClick={() => navigate(paths.signin)}>
        Sign in
      </Button>
      <Button size="sm" onClick={() => navigate(paths.signup)}>
        Sign up
      </Button>
    </>
  );

  return (
    <Page width="xl" actions={headerActions} className="home">
      <HomeHero loggedIn={isLoggedIn} verified={verified} />

      <section aria-labelledby="home-journey" className="home-journey">
        <h2 id="home-journey" className="sr-only">
          Your journey
        </h2>
        <ol className="home-cards">
          {SECTIONS.map((section, index) => (
            <li key={section.key}>
              {/* The link is the title; its ::after covers the card, so the whole card is the click target
                  while the link's name stays the title (and its visible text, as screen-reader users hear it). */}
              <div className="home-card">
                <span className="home-card__top">
                  <span className="icon-tile" aria-hidden="true">
                    <svg viewBox="0 0 24 24" focusable="false">
                      {section.icon}
                    </svg>
                  </span>
                  <span className="home-card__step" aria-hidden="true">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                </span>
                <h3 className="home-card__title">
                  <Link
                    to={section.to}
                    className="home-card__link"
                    onClick={(event) => guardLink(event, section)}
                    aria-describedby={`home-card-${section.key}-text`}
                  >
                    {section.title}
                  </Link>
                </h3>
                <p id={`home-card-${section.key}-text`} className="home-card__text">
                  {section.text}
                </p>
                <span className="home-card__go" aria-hidden="true">
                  <svg viewBox="0 0 20 20" focusable="false">
                    <path d="M4 10h12m-5-5 5 5-5 5" />
                  </svg>
                </span>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className="home-waitlist" aria-labelledby="home-waitlist-title">
        <div className="home-waitlist__copy">
          <p className="eyebrow home-waitlist__eyebrow">Early access</p>
          <h2 id="home-waitlist-title" className="home-waitlist__title">
            Early Access Waitlist
          </h2>
          <p className="home-waitlist__text">
            Fated opens city by city. Claim your place in line, and move up every time a friend you invite
            joins.
          </p>
        </div>
        <Button variant="secondary" size="lg" className="home-waitlist__button" onClick={joinWaitlist}>
          Join Waitlist
        </Button>
      </section>

      <AgeGateDialog />

      <Dialog
        open={gate === 'signin-prompt'}
        onClose={close}
        title="Create an account to continue"
        description="Sign in or create a free account to take the quiz, see your matches and join the waitlist."
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => navigate(paths.signin)}>
            Sign in
          </Button>
          <Button onClick={() => navigate(paths.signup)}>Create account</Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={gate === 'verify-email'}
        onClose={close}
        title="Please verify your email"
        description={
          <p>
            We sent a verification link to <strong>{auth?.email}</strong>. Open it to unlock the quiz, your
            matches and the waitlist.
          </p>
        }
      >
        <DialogActions>
          <Button onClick={close}>OK</Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={gate === 'confirm-match'}
        onClose={close}
        title="Proceed to Today's Matches?"
        description="You can only match once a day."
      >
        <DialogActions>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => navigate(paths.match)}>Proceed</Button>
        </DialogActions>
      </Dialog>
    </Page>
  );
}
