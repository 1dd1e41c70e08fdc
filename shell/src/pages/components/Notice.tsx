import type { ReactNode } from 'react';
import { RichText } from './RichText';

export interface NoticeProps {
  /** error: announced at once (role="alert"); info: a polite status. */
  tone: 'error' | 'info';
  children?: ReactNode;
  /** Backend HTML to show instead of children, as the gateway served it (sanitized). */
  html?: string;
}

/** A message box: a failed request, a missing page, an empty list. */
export function Notice({ tone, children, html }: NoticeProps) {
  const role = tone === 'error' ? 'alert' : 'status';
  const className = `shell-notice shell-notice--${tone}`;
  if (html !== undefined) return <RichText className={className} role={role} html={html} />;
  return (
    <div className={className} role={role}>
      {children}
    </div>
  );
}
