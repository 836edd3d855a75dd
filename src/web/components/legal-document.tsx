import { useEffect, type ReactNode } from 'react';

import { useDocumentTitle } from '../hooks/use-document-title';
import { PublicLayout } from './layout/public-layout';

export type LegalSection = { id: string; title: string; body: ReactNode };

/** Readable long-form text without a typography plugin: spacing, lists and links for the section bodies. */
const proseClass =
  'text-foreground/90 text-[15px]/7 sm:text-base/7 [&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_li]:pl-1 [&_li::marker]:text-muted-foreground [&_code]:bg-muted [&_code]:rounded [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-[0.9em] [&_strong]:text-foreground [&_strong]:font-semibold [&_a]:text-primary [&_a]:font-medium [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:decoration-2 [&_a]:rounded-sm [&_a]:outline-none [&_a:focus-visible]:ring-[3px] [&_a:focus-visible]:ring-ring/50';

const tocLinkClass =
  'text-muted-foreground hover:text-foreground block rounded-sm py-1.5 lg:py-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 hover:underline underline-offset-4';

/**
 * The page's code loads after the browser has looked for the `#section` of the address, so a link straight
 * to a section (e.g. /terms#liability) would open at the top: scroll there once the text is in place.
 */
function useScrollToHashOnLoad() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
}

/**
 * A legal page (privacy policy, terms): title, date, a numbered table of contents linking to each
 * section, and the sections. The contents sit beside the text on wide screens and above it on narrow ones.
 */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  /** When the text last changed, as shown to readers, e.g. "22 November 2026". */
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  useDocumentTitle(title);
  useScrollToHashOnLoad();

  return (
    <PublicLayout>
      {/* Title first on every screen; on wide screens the contents move into a column on the left. */}
      <article className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:grid lg:grid-cols-[15rem_minmax(0,68ch)] lg:gap-x-14">
        <header className="border-b pb-6 lg:col-start-2">
          <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{title}</h1>
          <p className="text-muted-foreground mt-2 text-sm">Last updated {updated}</p>
          <div className={proseClass}>{intro}</div>
        </header>

        <nav
          aria-labelledby="toc-heading"
          className="bg-card mt-8 rounded-xl border p-5 text-sm lg:sticky lg:top-8 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:mt-0 lg:self-start lg:border-0 lg:bg-transparent lg:p-0"
        >
          <h2 id="toc-heading" className="text-foreground mb-2 font-semibold">
            Contents
          </h2>
          <ol className="space-y-0.5">
            {sections.map((section, index) => (
              <li key={section.id} className="flex gap-2">
                <span
                  aria-hidden="true"
                  className="text-muted-foreground w-5 shrink-0 py-1.5 tabular-nums lg:py-1"
                >
                  {index + 1}.
                </span>
                <a href={`#${section.id}`} className={tocLinkClass}>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="min-w-0 lg:col-start-2">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-6 pt-8"
            >
              <h2 id={`${section.id}-heading`} className="text-xl font-semibold tracking-tight">
                <span className="text-muted-foreground tabular-nums">{index + 1}.</span> {section.title}
              </h2>
              <div className={proseClass}>{section.body}</div>
            </section>
          ))}
        </div>
      </article>
    </PublicLayout>
  );
}
