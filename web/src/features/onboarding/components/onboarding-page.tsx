import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { PageHeader } from '@/components/ui/page';
import { useAuth } from '@/lib/auth/use-auth';
import './onboarding-page.css';

interface Slide {
  title: string;
  text: string;
  art: ReactNode;
}

const SLIDES: Slide[] = [
  {
    title: 'Welcome',
    text: 'Fated is matchmaking for people who want something real. Tell us who you are, and let thoughtful AI do the searching.',
    art: (
      <path d="M60 96C30 77 16 60 16 42c0-13 10-23 22-23 9 0 17 5 22 13 5-8 13-13 22-13 12 0 22 10 22 23 0 18-14 35-44 54z" />
    ),
  },
  {
    title: 'No More Superficial Swiping',
    text: 'No endless feed, no judging a face in half a second. You meet people for how they think, live and love.',
    art: (
      <>
        <rect x="28" y="18" width="52" height="76" rx="10" />
        <path d="M22 30 98 90" />
      </>
    ),
  },
  {
    title: 'One Perfect Match Daily',
    text: 'Each day we curate your matches, with a compatibility score and a written summary of what you share and where you differ.',
    art: (
      <>
        <circle cx="60" cy="58" r="38" />
        <path d="M60 34v24l16 10" />
      </>
    ),
  },
  {
    title: '19-Question Compatibility Quiz',
    text: 'Nineteen quick questions about weekends, conflict, affection, family and growth build your personality profile. About five minutes.',
    art: (
      <>
        <rect x="24" y="18" width="72" height="84" rx="10" />
        <path d="M40 44h40M40 60h40M40 76h24" />
      </>
    ),
  },
];

const isTab = (target: EventTarget) => target instanceof HTMLElement && target.getAttribute('role') === 'tab';

/** Four slides with dots and arrow keys; the last one leads to sign-up. */
export function OnboardingPage() {
  const navigate = useNavigate();
  const { auth, isLoggedIn } = useAuth();
  const signedIn = Boolean(auth && isLoggedIn);
  const [index, setIndex] = useState(0);
  const dotRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const last = SLIDES.length - 1;
  const slide = SLIDES[index]!;

  function go(next: number, focusDot = false) {
    const clamped = Math.max(0, Math.min(last, next));
    setIndex(clamped);
    if (focusDot) dotRefs.current[clamped]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.target instanceof HTMLInputElement) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(index + 1, isTab(event.target));
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(index - 1, isTab(event.target));
    } else if (event.key === 'Home') {
      event.preventDefault();
      go(0, true);
    } else if (event.key === 'End') {
      event.preventDefault();
      go(last, true);
    }
  }

  return (
    <div className={signedIn ? 'onboarding page--signed-in' : 'onboarding'}>
      {/* A member who comes back to the tour keeps the header and navigation of every signed-in page. */}
      {signedIn ? (
        <PageHeader />
      ) : (
        <header className="onboarding__header">
          <Logo />
          <Link to={paths.home} className="onboarding__skip">
            Skip
          </Link>
        </header>
      )}
      <main id="main" className="onboarding__main">
        <section
          className="onboarding__carousel"
          aria-roledescription="carousel"
          aria-label="How Fated works"
          onKeyDown={onKeyDown}
        >
          <div
            className="onboarding__slide"
            role="tabpanel"
            id="onboarding-slide"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${SLIDES.length}`}
            aria-labelledby="onboarding-slide-title"
            key={index}
          >
            <div className="onboarding__art" aria-hidden="true">
              <svg viewBox="0 0 120 120" focusable="false">
                {slide.art}
              </svg>
            </div>
            <p className="onboarding__count">
              {index + 1} / {SLIDES.length}
            </p>
            <h1 id="onboarding-slide-title" className="onboarding__title">
              {slide.title}
            </h1>
            <p className="onboarding__text">{slide.text}</p>
          </div>

          <div className="onboarding__controls">
            <Button
              variant="ghost"
              onClick={() => go(index - 1)}
              disabled={index === 0}
              aria-label="Previous slide"
            >
              <svg className="onboarding__chevron" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <path d="M12.5 4.5 7 10l5.5 5.5" />
              </svg>
            </Button>
            <div className="onboarding__dots" role="tablist" aria-label="Choose a slide">
              {SLIDES.map((item, i) => (
                <button
                  key={item.title}
                  ref={(element) => {
                    dotRefs.current[i] = element;
                  }}
                  type="button"
                  role="tab"
                  className="onboarding__dot"
                  aria-selected={i === index}
                  aria-controls="onboarding-slide"
                  aria-label={`Slide ${i + 1}: ${item.title}`}
                  tabIndex={i === index ? 0 : -1}
                  onClick={() => go(i)}
                />
              ))}
            </div>
            <Button
              variant="ghost"
              onClick={() => go(index + 1)}
              disabled={index === last}
              aria-label="Next slide"
            >
              <svg className="onboarding__chevron" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <path d="M7.5 4.5 13 10l-5.5 5.5" />
              </svg>
            </Button>
          </div>
        </section>

        <div className="onboarding__cta">
          <Button size="lg" block onClick={() => navigate(paths.signup)}>
            Start Your Journey
          </Button>
          {signedIn ? null : (
            <p className="text-small text-muted text-center onboarding__member">
              Already a member? <Link to={paths.signin}>Sign in</Link>
            </p>
          )}
        </div>
      </main>
    </div>
  );
}
