import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { safeUrl } from 'shared-store';

/** A path on this site ('/blogs/x'), not a protocol-relative URL ('//elsewhere.example'). */
export function isSitePath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\');
}

export interface SmartLinkProps {
  href: unknown;
  children: ReactNode;
  className?: string;
}

/**
 * A link to a backend URL: site paths go through the router, other safe URLs are plain links,
 * and a script or otherwise unsafe URL is no link at all (its text only).
 */
export function SmartLink({ href, children, className }: SmartLinkProps) {
  const url = safeUrl(href);
  if (url === '#') return <span className={className}>{children}</span>;
  if (isSitePath(url)) {
    return (
      <Link className={className} to={url}>
        {children}
      </Link>
    );
  }
  return (
    <a className={className} href={url}>
      {children}
    </a>
  );
}
