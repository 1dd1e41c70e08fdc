import { useState } from 'react';
import { safeUrl } from 'shared-store';
import type { WpImage } from '../data/shapes';

const PLACEHOLDER =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9" fill="#e3ebf3"/></svg>',
  );

export interface SafeImageProps {
  image: WpImage | undefined;
  className?: string;
  width: number;
  height: number;
  /** Above the fold: load now, at high priority. */
  priority?: boolean;
}

/** A backend image with its size reserved; a missing or broken one shows a neutral placeholder. */
export function SafeImage({ image, className, width, height, priority = false }: SafeImageProps) {
  const [broken, setBroken] = useState(false);
  const url = safeUrl(image?.url);
  const src = broken || url === '#' ? PLACEHOLDER : url;
  return (
    <img
      className={className}
      src={src}
      alt={image?.alt ?? ''}
      width={image?.width ?? width}
      height={image?.height ?? height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
      onError={() => {
        setBroken(true);
      }}
    />
  );
}

/** A card's image, its 16:9 box reserved; `priority` when the card is on the page's first screen. */
export function CardImage({ image, priority }: { image: WpImage | undefined; priority: boolean }) {
  return (
    <SafeImage
      className="home-card__image"
      image={image}
      width={400}
      height={225}
      priority={priority}
    />
  );
}
