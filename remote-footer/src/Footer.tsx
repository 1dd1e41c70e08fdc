import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  COURSES_SECTION_ID,
  FOOTER_SHOW_DELAY_MS,
  contentReads,
  eventBus,
  linkTarget,
  safeUrl,
  useRead,
} from 'shared-store';
import './footer.css';

const COURSES_HREF = `/#${COURSES_SECTION_ID}`;

/** A link of the footer's menus, as the footer's read gives it. */
type FooterLink = (typeof contentReads.footer.empty)['menu_footer_1'][number];

/** The copyright line: the backend's text where present, always with the current year. */
export function copyrightLine(text: string | undefined, year: number): string {
  const base = text?.trim() || 'Arora Medical Education. All rights reserved.';
  const withoutSymbol = base.replace(/^©\s*(\d{4}\s*)?/, '');
  return `© ${String(year)} ${withoutSymbol}`;
}

/** The footer item named Courses always goes to the courses section of the home page. */
function hrefOf(link: FooterLink): string {
  return link.text.trim().toLowerCase() === 'courses' ? COURSES_HREF : link.href;
}

/**
 * A footer link: to the WordPress site's own host or this site, a storefront route; to another
 * host, a plain link; an unusable URL, its text.
 */
function FooterEntry({ link }: { link: FooterLink }) {
  const target = linkTarget(hrefOf(link));
  if (!target) return <span>{link.text}</span>;
  return target.external ? (
    <a href={target.to}>{link.text}</a>
  ) : (
    <Link to={target.to}>{link.text}</Link>
  );
}

function FooterMenu({ title, links }: { title: string; links: FooterLink[] }) {
  return (
    <nav className="ftr-menu" aria-label={title}>
      <h2 className="ftr-menu__title">{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.id}>
            <FooterEntry link={link} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** How long until the footer is due: 2 s after the page opened (the shell loads it on the way). */
function untilShown(): number {
  return FOOTER_SHOW_DELAY_MS - performance.now();
}

/**
 * The site footer. A skeleton of its final size stands in for the page's first 2 s; then logo,
 * about text, the MENU and COMPANY lists, the Arora Updates newsletter block, Back to Top and the
 * copyright line.
 */
export default function Footer() {
  // The logo, about text and copyright are the home page's fields: the page's one read of it.
  const homePage = useRead(contentReads.homePage);
  const content =
    homePage.status === 'ready' ? homePage.data?.acf_groups?.FooterContent : undefined;
  const [shown, setShown] = useState(() => untilShown() <= 0);
  const footer = useRead(contentReads.footer);
  const menus = footer.status === 'ready' ? footer.data : null;

  useEffect(() => {
    if (shown) return undefined;
    const timer = setTimeout(() => {
      setShown(true);
    }, untilShown());
    return () => {
      clearTimeout(timer);
    };
  }, [shown]);

  if (!shown) return <div className="ftr-footer ftr-footer--skeleton" aria-hidden="true" />;

  const logoUrl = safeUrl(content?.footerlogo?.url);
  return (
    <footer className="ftr-footer">
      <div className="ftr-grid">
        <div className="ftr-about">
          {logoUrl !== '#' && (
            <img
              className="ftr-logo"
              src={logoUrl}
              alt={content?.footerlogo?.alt || 'Arora Medical Education'}
              width={content?.footerlogo?.width ?? 190}
              height={content?.footerlogo?.height ?? 79}
              loading="lazy"
            />
          )}
          {/* The about text is HTML the gateway sanitized when it served the home page. */}
          <div
            className="ftr-about__text"
            dangerouslySetInnerHTML={{ __html: content?.footerabtcontent ?? '' }}
          />
        </div>
        <FooterMenu title="MENU" links={menus?.menu_footer_1 ?? []} />
        <FooterMenu title="COMPANY" links={menus?.menu_footer_2 ?? []} />
        <section className="ftr-newsletter" aria-labelledby="ftr-newsletter-title">
          <h2 id="ftr-newsletter-title" className="ftr-menu__title">
            Arora Updates
          </h2>
          <p>Exam tips, course news and offers for doctors, once a fortnight.</p>
          <Link className="ftr-button" to="/arora-subscribe-form">
            Register here
          </Link>
        </section>
      </div>
      <div className="ftr-bottom">
        <p className="ftr-copyright">
          {copyrightLine(content?.copyrighttext, new Date().getFullYear())}
        </p>
        {/* The visitor's cookie choice, asked by the shell: shown again to be changed. */}
        <button
          type="button"
          className="ftr-link-button"
          onClick={() => {
            eventBus.emit({ type: 'consent:open' });
          }}
        >
          Cookie settings
        </button>
        <button
          type="button"
          className="ftr-top"
          onClick={() => {
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        >
          Back to Top
        </button>
      </div>
    </footer>
  );
}
