import { useEffect } from 'react';
import {
  homePageSlice,
  loadHomePage,
  safeUrl,
  sanitizeHtml,
  useAppDispatch,
  useAppSelector,
} from 'shared-store';
import './footer.css';

/** The copyright line: the backend's text where present, always with the current year. */
export function copyrightLine(text: string | undefined, year: number): string {
  const base = text?.trim() || 'Arora Medical Education. All rights reserved.';
  const withoutSymbol = base.replace(/^©\s*/, '');
  return `© ${String(year)} ${withoutSymbol}`;
}

/** The site footer: logo, about text and the copyright line. */
export default function Footer() {
  const dispatch = useAppDispatch();
  const page = useAppSelector(homePageSlice.selectors.selectItems)[0]?.homeData;
  const content = page?.acf_groups?.FooterContent;

  useEffect(() => {
    void dispatch(loadHomePage());
  }, [dispatch]);

  return (
    <footer className="ftr-footer">
      <div className="ftr-about">
        {content?.footerlogo?.url && (
          <img
            className="ftr-logo"
            src={safeUrl(content.footerlogo.url)}
            alt={content.footerlogo.alt ?? 'Arora Medical Education'}
            width={content.footerlogo.width ?? 190}
            height={content.footerlogo.height ?? 79}
            loading="lazy"
          />
        )}
        <div
          className="ftr-about__text"
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(content?.footerabtcontent) }}
        />
      </div>
      <p className="ftr-copyright">
        {copyrightLine(content?.copyrighttext, new Date().getFullYear())}
      </p>
    </footer>
  );
}
