import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { toast } from '@/components/ui/toast';
import './premium-page.css';

type Perk = { title: string; description: string; icon: ReactNode };

const PERKS: Perk[] = [
  {
    title: 'Multiple daily profiles',
    description: 'See more than one curated match a day.',
    icon: (
      <path d="M8.5 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm7-1a3 3 0 1 0 0-6M2 20a6.5 6.5 0 0 1 13 0m2.5-6.5A5.5 5.5 0 0 1 22 19" />
    ),
  },
  {
    title: 'Priority matches',
    description: 'Your profile is considered first when new matches are made.',
    icon: <path d="M13 2 4 14h7l-1 8 9-12h-7z" />,
  },
  {
    title: 'Early access to features',
    description: 'Try new Fated features before everyone else.',
    icon: <path d="m12 3 2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6 6.6 19.5l1.2-6-4.5-4.2 6.1-.7z" />,
  },
];

export function PremiumPage() {
  function upgrade() {
    toast.info('Premium is coming soon', "Upgrades aren't available yet. We'll let you know when they are.");
  }

  return (
    <Page>
      <Card className="premium" padding="lg">
        <div className="premium__hero">
          <span className="premium__crown" aria-hidden="true">
            <svg viewBox="0 0 24 24" focusable="false">
              <path d="m3 7 4.5 4L12 4l4.5 7L21 7l-2 11H5z" />
            </svg>
          </span>
          <p className="eyebrow premium__eyebrow">Fated Premium</p>
          <h1 className="premium__title display">Go Premium</h1>
          <p className="premium__lead">More chances at the one, on your schedule.</p>
        </div>

        <ul className="premium__perks" aria-label="Premium perks">
          {PERKS.map((perk) => (
            <li key={perk.title} className="premium__perk">
              <span className="premium__perk-icon icon-tile" aria-hidden="true">
                <svg viewBox="0 0 24 24" focusable="false">
                  {perk.icon}
                </svg>
              </span>
              <span className="premium__perk-text">
                <span className="premium__perk-title">{perk.title}</span>
                <span className="premium__perk-description">{perk.description}</span>
              </span>
            </li>
          ))}
        </ul>

        <Button size="lg" block onClick={upgrade}>
          Upgrade Now
        </Button>
        <p className="text-muted text-small text-center">
          Premium is not on sale yet; nothing will be charged.
        </p>
      </Card>
    </Page>
  );
}
