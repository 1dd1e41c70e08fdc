import { safeUrl } from '../lib/url';

/** A footer menu entry parsed from the footer HTML. */
interface FooterLink {
  id: string;
  text: string;
  href: string;
}

/** Footer data, as read from the footer's HTML: the two menus and the newsletter form's action. */
export interface FooterData {
  menu_footer_1: FooterLink[];
  menu_footer_2: FooterLink[];
  newsletter: { formAction: string };
}

export const EMPTY_FOOTER: FooterData = {
  menu_footer_1: [],
  menu_footer_2: [],
  newsletter: { formAction: '' },
};

function parseMenu(doc: Document, id: string): FooterLink[] {
  const links = Array.from(doc.querySelectorAll<HTMLAnchorElement>(`#${id} a`));
  return links
    .map((link, index) => ({
      id: link.closest('li')?.id || `${id}-${String(index)}`,
      text: (link.textContent || '').trim(),
      href: safeUrl(link.getAttribute('href')),
    }))
    .filter((link) => link.text !== '' && link.href !== '#');
}

/**
 * Reads the footer HTML without ever attaching it to the page: only texts and vetted URLs come
 * out, so hostile markup has nothing to run.
 */
export function parseFooterHtml(html: unknown): FooterData {
  if (typeof html !== 'string' || html.trim() === '') return EMPTY_FOOTER;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const action = doc.querySelector('form')?.getAttribute('action');
  const formAction = safeUrl(action);
  return {
    menu_footer_1: parseMenu(doc, 'menu_footer_1'),
    menu_footer_2: parseMenu(doc, 'menu_footer_2'),
    newsletter: { formAction: formAction === '#' ? '' : formAction },
  };
}
