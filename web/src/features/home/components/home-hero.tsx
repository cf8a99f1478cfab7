import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { buttonClass } from '@/components/ui/button';

const FACTS = [
  { value: '19', label: 'questions instead of swiping' },
  { value: '1', label: 'curated match set each day' },
  { value: 'AI', label: 'written compatibility summaries' },
];

/** The tagline and the promise, for visitors who are not signed in. */
export function HomeHero() {
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <div className="home-hero__copy">
        <p className="eyebrow">AI matchmaking · Adults 18+</p>
        <h1 id="home-hero-title" className="home-hero__title">
          The Future of Love&nbsp;– <span className="home-hero__accent">Engineered by AI</span>
        </h1>
        <p className="home-hero__lead">
          Swiping rewards the fastest thumb. Fated asks 19 thoughtful questions instead, builds a picture of
          who you are, and introduces you to the people you are most likely to click with, one curated match a
          day.
        </p>
        <div className="home-hero__actions">
          <Link to={paths.signup} className={buttonClass('primary', 'lg')}>
            Create your free account
          </Link>
          <Link to={paths.onboarding} className={buttonClass('ghost', 'lg')}>
            How Fated works
          </Link>
        </div>
      </div>
      <div className="home-hero__art">
        <svg viewBox="0 0 320 280" className="home-hero__svg" aria-hidden="true" focusable="false">
          <defs>
            <linearGradient id="hero-a" x1="0" y1="0" x2="1" y2="1">
              <stop offset="0" stopColor="#d63d6b" />
              <stop offset="1" stopColor="#7a2e6e" />
            </linearGradient>
            <linearGradient id="hero-b" x1="0" y1="0" x2="1" y2="1">
              <stop offset="0" stopColor="#f7b8c8" />
              <stop offset="1" stopColor="#e79ab9" />
            </linearGradient>
          </defs>
          <circle cx="160" cy="140" r="124" fill="#fbe3ea" />
          <circle
            cx="160"
            cy="140"
            r="92"
            fill="none"
            stroke="#f0c4d1"
            strokeWidth="2"
            strokeDasharray="4 8"
          />
          <circle cx="118" cy="132" r="58" fill="url(#hero-b)" opacity="0.9" />
          <circle cx="202" cy="132" r="58" fill="url(#hero-a)" opacity="0.92" />
          <path
            d="M160 178c-22-14-36-28-36-44 0-11 8-19 18-19 8 0 14 5 18 11 4-6 10-11 18-11 10 0 18 8 18 19 0 16-14 30-36 44z"
            fill="#fff"
          />
          <circle cx="58" cy="62" r="6" fill="#d63d6b" opacity="0.5" />
          <circle cx="270" cy="220" r="8" fill="#7a2e6e" opacity="0.35" />
          <circle cx="280" cy="70" r="4" fill="#c98a2b" opacity="0.7" />
          <circle cx="42" cy="210" r="4" fill="#c98a2b" opacity="0.6" />
        </svg>
        <ul className="home-hero__facts">
          {FACTS.map((fact) => (
            <li key={fact.label}>
              <strong>{fact.value}</strong> {fact.label}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
