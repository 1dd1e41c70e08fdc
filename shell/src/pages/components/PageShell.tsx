import { useId, type ReactNode } from 'react';

export interface PageShellProps {
  /** The page's one <h1>. */
  heading: ReactNode;
  children?: ReactNode;
  /** Forms read better in a narrow column. */
  narrow?: boolean;
  /** Marks the page as loading for assistive technology. */
  busy?: boolean;
}

/** Every simple page's frame: the `shell-page` section, labelled by its heading. */
export function PageShell({ heading, children, narrow = false, busy = false }: PageShellProps) {
  const headingId = useId();
  return (
    <section
      className={narrow ? 'shell-page shell-page--narrow' : 'shell-page'}
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
    >
      <h1 className="shell-page__title" id={headingId}>
        {heading}
      </h1>
      {children}
    </section>
  );
}
