import { ResendEmailButton } from './resend-email';
import './verify-email-banner.css';

/** Shown on every page to a signed-in member whose email is not verified yet. */
export function VerifyEmailBanner({ userId, email }: { userId: string; email: string }) {
  return (
    <section className="verify-banner" aria-label="Verify your email">
      <div className="verify-banner__inner">
        <p className="verify-banner__text">
          <strong>Check your inbox.</strong> Verify <span className="verify-banner__email">{email}</span> to
          unlock the quiz, your matches and the waitlist.
        </p>
        <ResendEmailButton userId={userId} variant="secondary" size="sm" className="verify-banner__button" />
      </div>
    </section>
  );
}
