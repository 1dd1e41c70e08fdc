import type { ReactNode } from 'react';

export interface PageShellProps {
  /** The page's one <h1>. */
  heading: ReactNode;
  children?: ReactNode;
  /** Forms read better in a narrow column. */
  narrow?: boolean;
  /** Marks the page as loading for assistive technology. */
  busy?: boolean;
}

/**
 * The heading's id: a document shows one page, and a page's server render (shell/src/server)
 * writes the same id as the browser's first render, which useId's would not.
 */
const HEADING_ID = 'shell-page-title';

/** Every simple page's frame: the `shell-page` section, labelled by its heading. */
export function PageShell({ heading, children, narrow = false, busy = false }: PageShellProps) {
  return (
    <section
      className={narrow ? 'shell-page shell-page--narrow' : 'shell-page'}
      aria-labelledby={HEADING_ID}
      aria-busy={busy || undefined}
    >
      <h1 className="shell-page__title" id={HEADING_ID}>
        {heading}
      </h1>
      {children}
    </section>
  );
}
