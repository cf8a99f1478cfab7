import type { ReactNode } from 'react';
import { paths } from '@/app/paths';
import { Page } from '@/components/ui/page';
import './legal-document.css';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

export interface LegalDocumentProps {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}

const slug = (index: number) => `section-${index + 1}`;

/** Numbered sections with a table of contents; anchors let support link to a single clause. */
export function LegalDocument({ title, updated, intro, sections }: LegalDocumentProps) {
  return (
    <Page
      title={title}
      subtitle={`Last updated ${updated}`}
      back={{ to: paths.home, label: 'Home' }}
      width="md"
    >
      <article className="legal">
        <div className="legal__intro">{intro}</div>
        <nav className="legal__toc" aria-label="Contents">
          <h2 className="legal__toc-title">Contents</h2>
          <ol>
            {sections.map((section, index) => (
              <li key={section.title}>
                <a href={`#${slug(index)}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section
            key={section.title}
            id={slug(index)}
            className="legal__section"
            aria-labelledby={`${slug(index)}-title`}
          >
            <h2 id={`${slug(index)}-title`} className="legal__heading">
              <span className="legal__number">{index + 1}.</span> {section.title}
            </h2>
            <div className="legal__body">{section.body}</div>
          </section>
        ))}
      </article>
    </Page>
  );
}
