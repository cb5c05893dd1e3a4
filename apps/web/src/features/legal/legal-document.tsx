import type { ReactNode } from 'react';
import { PageLayout } from '../../components/page-layout';
import { Card, CardContent } from '../../components/ui/card';

export const legalLastUpdated = '2026-11-24';
export const legalLastUpdatedText = 'November 24, 2026';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal text: the date, a table of contents linking to each section, then the sections. */
export function LegalDocument({
  title,
  description,
  sections,
}: {
  title: string;
  description: string;
  sections: readonly LegalSection[];
}) {
  return (
    <PageLayout title={title} description={description}>
      <p className="mb-6 text-sm text-zinc-500 dark:text-zinc-400">
        Last updated: <time dateTime={legalLastUpdated}>{legalLastUpdatedText}</time>
      </p>
      <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Table of contents" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
            Contents
          </h2>
          <ol className="space-y-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="text-zinc-700 hover:text-rose-600 hover:underline dark:text-zinc-300 dark:hover:text-rose-400"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <Card>
          <CardContent className="space-y-10 text-zinc-700 leading-relaxed dark:text-zinc-300">
            {sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-title`}
                className="scroll-mt-24 space-y-3"
              >
                <h2
                  id={`${section.id}-title`}
                  className="text-xl font-semibold text-zinc-900 dark:text-white"
                >
                  {index + 1}. {section.title}
                </h2>
                {section.body}
              </section>
            ))}
          </CardContent>
        </Card>
      </div>
    </PageLayout>
  );
}

export function Bullets({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-6">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
