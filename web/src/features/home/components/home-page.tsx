import { useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Page } from '@/components/ui/page';
import { VerifyEmailDialog } from '@/components/layout/verify-email-dialog';
import { useAuth } from '@/lib/auth/use-auth';
import { useHasProfile } from '../api/has-profile';
import { useHasTakenQuiz } from '../api/quiz-status';
import { AgeGateDialog } from './age-gate-dialog';
import { HomeHero } from './home-hero';
import './home-page.css';

type Gate = 'none' | 'signin-prompt' | 'verify-email' | 'confirm-match';

type SectionKey = 'onboarding' | 'quiz' | 'match' | 'profile';

interface Section {
  key: SectionKey;
  to: string;
  title: string;
  text: string;
  icon: ReactNode;
  /** who may follow the link (spec section 4) */
  needs: 'nothing' | 'sign-in' | 'verified';
}

/** The spec's home sections, in its order (the order visitors see). */
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

/** A member's way through: profile, quiz, then matches every day; the slides last, for a second look. */
const MEMBER_ORDER: SectionKey[] = ['profile', 'quiz', 'match', 'onboarding'];

type Status = 'done' | 'next' | 'todo';

const HEADLINES: Record<'verify' | 'profile' | 'quiz' | 'match', { title: string; text: string }> = {
  verify: {
    title: 'One step first: verify your email',
    text: 'Open the link we sent you to unlock the quiz, your matches and the waitlist.',
  },
  profile: {
    title: 'Next up: your profile',
    text: 'A photo and a few lines about you. It is what your matches see first.',
  },
  quiz: {
    title: 'Next up: the compatibility quiz',
    text: 'Nineteen questions, about five minutes. Your matches are built from your answers.',
  },
  match: {
    title: 'Your matches are waiting',
    text: 'A new set is curated for you every day, each with an AI-written summary.',
  },
};

export function HomePage() {
  const navigate = useNavigate();
  const { auth, isLoggedIn } = useAuth();
  const [gate, setGate] = useState<Gate>('none');

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
    const next = gateFor({ key: 'quiz', needs: 'verified' });
    if (next === 'none') navigate(paths.waitlist);
    else setGate(next);
  }

  const close = () => setGate('none');

  const signedOutActions = (
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
    <Page width="xl" actions={signedOutActions} className="home">
      {isLoggedIn && auth ? (
        <MemberJourney userId={auth.id} verified={verified} guardLink={guardLink} />
      ) : (
        <>
          <HomeHero />
          <section aria-labelledby="home-journey" className="home-journey">
            <h2 id="home-journey" className="sr-only">
              Your journey
            </h2>
            <ol className="home-cards">
              {SECTIONS.map((section, index) => (
                <li key={section.key}>
                  <JourneyCard section={section} step={index + 1} onFollow={guardLink} />
                </li>
              ))}
            </ol>
          </section>
        </>
      )}

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

      {auth ? (
        <VerifyEmailDialog
          open={gate === 'verify-email'}
          onClose={close}
          userId={auth.id}
          email={auth.email}
        />
      ) : null}

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

/**
 * Signed in, home leads with the member's next step (or today's matches once the steps are done), and marks
 * the finished ones. The cards are the spec's sections, reordered.
 */
function MemberJourney({
  userId,
  verified,
  guardLink,
}: {
  userId: string;
  verified: boolean;
  guardLink: (event: MouseEvent, section: Section) => void;
}) {
  const profileDone = useHasProfile(userId);
  const quizDone = useHasTakenQuiz(userId);

  const done: Record<SectionKey, boolean> = {
    profile: profileDone === true,
    quiz: quizDone === true,
    match: false,
    onboarding: false,
  };
  const nextKey = nextStep(profileDone, verified, quizDone);
  const headline =
    nextKey === 'profile' || nextKey === 'quiz' || nextKey === 'match'
      ? HEADLINES[nextKey]
      : !verified
        ? HEADLINES.verify
        : null;
  const sections = MEMBER_ORDER.map((key) => SECTIONS.find((section) => section.key === key)!);
  const statusOf = (key: SectionKey): Status => (done[key] ? 'done' : key === nextKey ? 'next' : 'todo');

  return (
    <section aria-labelledby="home-member-title" className="home-member">
      <div className="home-member__intro">
        {headline ? <p className="eyebrow">Welcome back</p> : null}
        <h1 id="home-member-title" className="home-member__title">
          {headline?.title ?? 'Welcome back'}
        </h1>
        {headline ? <p className="home-member__lead">{headline.text}</p> : null}
      </div>
      <h2 className="sr-only">Your steps</h2>
      <ol className="home-cards home-cards--member">
        {sections
          .map((section, index) => ({ section, step: index + 1, status: statusOf(section.key) }))
          // The next step leads; the rest keep their order.
          .sort((a, b) => Number(b.status === 'next') - Number(a.status === 'next'))
          .map(({ section, step, status }) => (
            <li key={section.key} className={status === 'next' ? 'home-cards__next' : undefined}>
              <JourneyCard section={section} step={step} status={status} onFollow={guardLink} />
            </li>
          ))}
      </ol>
    </section>
  );
}

/** The member's next step; `null` while an answer it depends on is unknown (the order is already right). */
function nextStep(
  profileDone: boolean | null,
  verified: boolean,
  quizDone: boolean | null,
): SectionKey | null {
  if (profileDone === null) return null;
  if (!profileDone) return 'profile';
  if (!verified || quizDone === null) return null;
  return quizDone ? 'match' : 'quiz';
}

function JourneyCard({
  section,
  step,
  status,
  onFollow,
}: {
  section: Section;
  step: number;
  status?: Status;
  onFollow: (event: MouseEvent, section: Section) => void;
}) {
  const textId = `home-card-${section.key}-text`;
  const statusId = `home-card-${section.key}-status`;
  return (
    // The link is the title; its ::after covers the card, so the whole card is the click target while the
    // link's name stays the title (and its visible text, as screen-reader users hear it).
    <div className={['home-card', status && `home-card--${status}`].filter(Boolean).join(' ')}>
      <span className="home-card__top">
        <span className="icon-tile" aria-hidden="true">
          <svg viewBox="0 0 24 24" focusable="false">
            {section.icon}
          </svg>
        </span>
        {status === 'done' || status === 'next' ? (
          <span id={statusId} className={`home-card__status home-card__status--${status}`}>
            {status === 'done' ? (
              <>
                <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                  <path d="m5 10.5 3.2 3L15 6.5" />
                </svg>
                Done
              </>
            ) : (
              'Next step'
            )}
          </span>
        ) : (
          <span className="home-card__step" aria-hidden="true">
            {String(step).padStart(2, '0')}
          </span>
        )}
      </span>
      <h3 className="home-card__title">
        <Link
          to={section.to}
          className="home-card__link"
          onClick={(event) => onFollow(event, section)}
          aria-describedby={status === 'done' || status === 'next' ? `${statusId} ${textId}` : textId}
        >
          {section.title}
        </Link>
      </h3>
      <p id={textId} className="home-card__text">
        {section.text}
      </p>
      <span className="home-card__go" aria-hidden="true">
        <svg viewBox="0 0 20 20" focusable="false">
          <path d="M4 10h12m-5-5 5 5-5 5" />
        </svg>
      </span>
    </div>
  );
}
