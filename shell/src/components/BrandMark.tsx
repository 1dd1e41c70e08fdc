import { useState } from 'react';

/**
 * The storefront's mark, drawn inline (no request): where the page came without the site's logo,
 * the header's reserved space shows it from the page's first paint until the header remote
 * arrives. shell/public/index.html holds the same markup, so the page paints it before any script
 * runs (src/firstPaint.test.tsx keeps the two equal).
 */
function BrandMark() {
  return (
    <svg className="shell-brand" viewBox="0 0 190 79" xmlns="http://www.w3.org/2000/svg">
      <rect width="190" height="79" rx="8" fill="#0b3d6e" />
      <text
        x="95"
        y="38"
        fill="#fff"
        fontFamily="Arial, sans-serif"
        fontSize="24"
        fontWeight="700"
        textAnchor="middle"
      >
        ARORA
      </text>
      <text
        x="95"
        y="60"
        fill="#9fd3ff"
        fontFamily="Arial, sans-serif"
        fontSize="12"
        textAnchor="middle"
      >
        MEDICAL EDUCATION
      </text>
    </svg>
  );
}

/**
 * The site's logo as the gateway served it in the header's space, in the mark's place (its
 * address checked there: https or this site's own image): found before React's first render
 * replaces that markup, then kept; empty once it could not be drawn.
 */
let served: string | undefined;

/**
 * The site's logo where the page came with it, drawn as the page drew it (same address, same
 * box), else the bundled mark; the mark too once the logo cannot be drawn.
 */
export function SiteLogo() {
  served ??= document.querySelector<HTMLImageElement>('.shell-header-space img')?.src;
  const [logo, setLogo] = useState(served);
  return logo ? (
    <img
      className="shell-brand"
      src={logo}
      alt=""
      onError={() => {
        setLogo((served = ''));
      }}
    />
  ) : (
    <BrandMark />
  );
}
