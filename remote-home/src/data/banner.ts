import { type HomeBanner } from './shapes';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * home_banner's slides as the hero can show them, whatever WordPress answered: an entry with no
 * title is dropped; a missing subtitle, link or image reads as empty (no text, no button, the
 * image placeholder) rather than breaking the page.
 */
export function bannerSlides(value: unknown): HomeBanner[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown, index) => {
    if (!isObject(item) || typeof item.title !== 'string') return [];
    const cta = isObject(item.cta) ? item.cta : {};
    const image = isObject(item.image) ? item.image : {};
    return [
      {
        id: typeof item.id === 'number' ? item.id : -(index + 1),
        title: item.title,
        subtitle: text(item.subtitle),
        image: {
          url: text(image.url),
          alt: text(image.alt),
          ...(typeof image.width === 'number' ? { width: image.width } : {}),
          ...(typeof image.height === 'number' ? { height: image.height } : {}),
        },
        cta: { title: text(cta.title), url: text(cta.url) },
      },
    ];
  });
}
