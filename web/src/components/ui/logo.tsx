import { Link } from 'react-router';
import { paths } from '@/app/paths';
import './logo.css';

/** The Fated wordmark; links home. */
export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return (
    <Link to={paths.home} className={`logo logo--${size}`} aria-label="Fated home">
      <svg className="logo__mark" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="16" fill="var(--color-primary)" />
        <path
          d="M32 50 C 12 37 10 25 17 19 C 23 14 30 17 32 23 C 34 17 41 14 47 19 C 54 25 52 37 32 50 Z"
          fill="var(--color-on-primary)"
        />
      </svg>
      <span className="logo__word">Fated</span>
    </Link>
  );
}
