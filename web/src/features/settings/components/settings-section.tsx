import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** One titled card of the settings page; the heading names the region for screen readers. */
export function SettingsSection({
  title,
  description,
  tone,
  children,
}: {
  title: string;
  description?: ReactNode;
  tone?: 'danger';
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card
      as="section"
      aria-labelledby={headingId}
      className={['settings__section', tone && `settings__section--${tone}`].filter(Boolean).join(' ')}
    >
      <h2 id={headingId} className="settings__heading">
        {title}
      </h2>
      {description ? <p className="settings__description">{description}</p> : null}
      {children}
    </Card>
  );
}
