import { Link } from 'react-router-dom';
import { PAGE_CONTRACT, SITE_NAME, eventBus } from 'shared-store';

/** The pages a footer must always reach: the legal pages and how to reach the company. */
const KEPT_PATHS = [
  '/privacy-policy',
  '/terms-and-conditions',
  '/acceptable-use-policy',
  '/contact-us',
];

const KEPT_LINKS = KEPT_PATHS.flatMap((path) => {
  const title = PAGE_CONTRACT.routes.find((route) => route.path === path)?.title;
  return title ? [{ path, title }] : [];
});

/**
 * The footer when the footer remote cannot load: the legal pages, contact, and the visitor's
 * cookie choice, each still a click away.
 */
export function MinimalFooter() {
  return (
    <footer className="shell-min-footer">
      <nav aria-label="Legal and contact">
        <ul>
          {KEPT_LINKS.map((link) => (
            <li key={link.path}>
              <Link to={link.path}>{link.title}</Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={() => {
                eventBus.emit({ type: 'consent:open' });
              }}
            >
              Cookie settings
            </button>
          </li>
        </ul>
      </nav>
      <p>
        © {new Date().getFullYear()} {SITE_NAME}
      </p>
    </footer>
  );
}
