import { useId } from 'react';
import { useProtectedImage } from '@/lib/images/use-protected-image';
import type { TieredMatch } from '../api/request-matches';
import { InterestButton } from './interest-button';
import { MatchOptions } from './match-options';
import { capitalize, formatLocation, percentTone, TIER_LABELS } from '../utils/match-format';

export function MatchCard({ match, onGone }: { match: TieredMatch; onGone: () => void }) {
  const titleId = useId();
  const { profile, compatibility } = match;
  const percent = Math.round(compatibility.percent);
  const location = formatLocation(profile.city, profile.state);
  const facts = [
    location && { label: 'Location', value: location, icon: ICONS.location },
    profile.age != null && { label: 'Age', value: `${profile.age} years`, icon: ICONS.age },
    profile.gender && { label: 'Gender', value: capitalize(profile.gender), icon: ICONS.gender },
    profile.education && { label: 'Education', value: profile.education, icon: ICONS.education },
    // The spec stores the Instagram handle as jobTitle; it is shown (and read out) as what it is.
    profile.jobTitle && { label: 'Instagram', value: profile.jobTitle, icon: ICONS.instagram },
  ].filter(Boolean) as { label: string; value: string; icon: string }[];

  return (
    <article className="match-card" aria-labelledby={titleId} data-tier={match.tier}>
      <div className="match-card__media">
        <MatchPhoto url={profile.imageUrl} name={match.name} />
        <span className={`badge match-card__tier match-card__tier--${match.tier}`}>
          {TIER_LABELS[match.tier]}
        </span>
        <span
          className={`badge badge--${percentTone(percent)} match-card__percent`}
          data-tone={percentTone(percent)}
          role="img"
          aria-label={`${percent}% compatible`}
        >
          {percent}%
        </span>
      </div>

      <div className="match-card__body">
        <div className="match-card__title-row">
          <h2 id={titleId} className="match-card__name display" tabIndex={-1}>
            {match.name}
          </h2>
          <MatchOptions
            userId={compatibility.id}
            name={match.name}
            connected={Boolean(match.connectionId)}
            onGone={onGone}
          />
        </div>

        <InterestButton
          userId={compatibility.id}
          name={match.name}
          interest={match.interest ?? 'none'}
          connectionId={match.connectionId}
          onGone={onGone}
        />

        <dl className="match-card__facts">
          {facts.map((fact) => (
            <div key={fact.label} className="match-card__fact">
              <dt className="sr-only">{fact.label}</dt>
              <dd>
                <svg
                  className="match-card__fact-icon"
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path d={fact.icon} />
                </svg>
                {fact.value}
              </dd>
            </div>
          ))}
        </dl>

        <section className="match-card__section">
          <h3 className="match-card__heading">About</h3>
          <p className={profile.bio ? undefined : 'text-muted'}>{profile.bio || 'No bio yet.'}</p>
        </section>

        <section className="match-card__section match-card__summary">
          <h3 className="match-card__heading">
            <svg className="match-card__sparkle" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9z" />
            </svg>
            AI Generated Compatibility Summary
          </h3>
          <p>{compatibility.summary}</p>
        </section>
      </div>
    </article>
  );
}

function MatchPhoto({ url, name }: { url: string | null | undefined; name: string }) {
  const photo = useProtectedImage(url);
  if (photo.status === 'loading') return <div className="match-card__photo skeleton" aria-hidden="true" />;
  if (photo.status === 'ready' && photo.src) {
    return <img className="match-card__photo" src={photo.src} alt={`Photo of ${name}`} />;
  }
  return (
    <div className="match-card__photo match-card__photo--empty">
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0" />
      </svg>
      <span>No image</span>
    </div>
  );
}

const ICONS = {
  location:
    'M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  age: 'M7 3v3m10-3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z',
  gender: 'M12 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm-6.5 9a6.5 6.5 0 0 1 13 0',
  education: 'M2 9l10-5 10 5-10 5zm4 2v5c0 1.5 3 3 6 3s6-1.5 6-3v-5',
  instagram:
    'M7.5 3.5h9a4 4 0 0 1 4 4v9a4 4 0 0 1-4 4h-9a4 4 0 0 1-4-4v-9a4 4 0 0 1 4-4zM12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM17 7h.01',
};
