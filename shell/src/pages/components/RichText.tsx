import type { AriaRole, MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { isSitePath } from './SmartLink';

export interface RichTextProps {
  html: string;
  className?: string;
  role?: AriaRole;
}

/**
 * Backend HTML as the gateway served it: sanitized there. A click on a link to a site path (e.g.
 * "Lost your password?" in a login error, or the privacy policy in page content) stays in the
 * single-page app.
 */
export function RichText({ html, className, role }: RichTextProps) {
  const navigate = useNavigate();

  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target.closest('a') : null;
    if (
      !target ||
      (target.target && target.target !== '_self') ||
      target.hasAttribute('download')
    ) {
      return;
    }
    const href = target.getAttribute('href') ?? '';
    if (!isSitePath(href)) return;
    event.preventDefault();
    void navigate(href);
  }

  return (
    <div
      className={className}
      role={role}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
