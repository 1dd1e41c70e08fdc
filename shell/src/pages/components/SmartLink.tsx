import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { linkTarget } from 'shared-store';

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
 * A link to a backend URL: the site's own pages (on this host or the WordPress site's) go
 * through the router, other safe URLs are plain links, and a script or otherwise unsafe URL is
 * no link at all (its text only).
 */
export function SmartLink({ href, children, className }: SmartLinkProps) {
  const target = linkTarget(href);
  if (!target || target.to === '#') return <span className={className}>{children}</span>;
  if (!target.external && isSitePath(target.to)) {
    return (
      <Link className={className} to={target.to}>
        {children}
      </Link>
    );
  }
  return (
    <a className={className} href={target.to}>
      {children}
    </a>
  );
}
