import { useState } from 'react';
import { shownImage } from '../lineLinks';

/**
 * A cart line's image (the cart page's, the drawer's), decorative beside the line's name; its box
 * is kept, empty, when there is none (a cart kept from before lines had one), when its URL is not
 * one to show, or when it fails to load.
 */
export function LineImage({
  url,
  className,
  size,
}: {
  url: string | undefined;
  className: string;
  size: number;
}) {
  const [broken, setBroken] = useState(false);
  const src = shownImage(url);
  return src && !broken ? (
    <img
      className={className}
      src={src}
      alt=""
      width={size}
      height={size}
      decoding="async"
      onError={() => {
        setBroken(true);
      }}
    />
  ) : (
    <span className={className} aria-hidden="true" />
  );
}
