import type { ReactNode } from 'react';
import { Notice } from './Notice';

/** What a page shows while its content is on its way (announced politely). */
export function Loading({ children = 'Loading…' }: { children?: ReactNode }) {
  return (
    <p className="shell-loading" role="status">
      {children}
    </p>
  );
}

export interface LoadFailedProps {
  /** What could not be loaded, and what the visitor can do about it. */
  children: ReactNode;
  retry: () => void;
}

/** A read that failed: why, and a "Try again" button that asks again. */
export function LoadFailed({ children, retry }: LoadFailedProps) {
  return (
    <Notice tone="error">
      {children}
      <p>
        <button type="button" className="shell-button" onClick={retry}>
          Try again
        </button>
      </p>
    </Notice>
  );
}
