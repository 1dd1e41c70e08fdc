import { useCallback, useEffect, useRef, useState } from 'react';
import { oneRead, safeUrl, toNumber, useRead } from 'shared-store';
import { REDUCED_MOTION_QUERY, SMALL_SCREEN_QUERY, useMediaQuery } from './useMediaQuery';
import { promotionalBanner } from './data/shapes';
import './promo-banner.css';

/** The longest the banner stays paused by a hover or a touch before it scrolls again. */
export const BANNER_PAUSE_CAP_MS = 10_000;
/** Seconds added to one pass on screens 500 px wide or less. */
const BANNER_SMALL_SCREEN_EXTRA_S = 3;
/** Seconds for one pass when the backend names no usable speed. */
const DEFAULT_SPEED_S = 20;

/** custom/v2/getPromotionalBanner: the banner's text, link and speed; null when unreadable. */
const bannerRead = oneRead(
  'promotionalBanner',
  () => ({ path: '/wp-json/custom/v2/getPromotionalBanner' }),
  promotionalBanner,
);

/** Seconds for one pass: the backend's speed, 3 s more on screens 500 px wide or less. */
export function scrollDuration(speed: unknown, smallScreen: boolean): number {
  const seconds = toNumber(speed) > 0 ? toNumber(speed) : DEFAULT_SPEED_S;
  return seconds + (smallScreen ? BANNER_SMALL_SCREEN_EXTRA_S : 0);
}

/**
 * The scrolling promotional banner. It pauses on hover or touch and starts again after at most
 * BANNER_PAUSE_CAP_MS; with reduced motion it stands still and wraps. No banner data: nothing, no
 * gap.
 */
export default function PromoBanner() {
  const answer = useRead(bannerRead);
  const [paused, setPaused] = useState(false);
  const resumeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const smallScreen = useMediaQuery(SMALL_SCREEN_QUERY);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);

  const resume = useCallback(() => {
    clearTimeout(resumeTimer.current);
    setPaused(false);
  }, []);
  const pause = useCallback(() => {
    clearTimeout(resumeTimer.current);
    setPaused(true);
    resumeTimer.current = setTimeout(resume, BANNER_PAUSE_CAP_MS);
  }, [resume]);
  useEffect(() => () => clearTimeout(resumeTimer.current), []);
  const banner = answer.status === 'ready' && answer.data?.promotional_text ? answer.data : null;

  if (answer.status === 'loading')
    return <div className="hdr-promo hdr-promo--loading" aria-hidden="true" />;
  if (!banner) return null;

  const link = banner.promotional_link;
  const href = safeUrl(link.url);
  // The banner's text is HTML the gateway sanitized when it served WordPress's answer.
  const text = (
    <span
      className="hdr-promo__text"
      dangerouslySetInnerHTML={{ __html: banner.promotional_text }}
    />
  );
  return (
    <aside
      className={`hdr-promo${reducedMotion ? ' hdr-promo--static' : ''}`}
      aria-label="Promotion"
      data-paused={paused || reducedMotion}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onTouchStart={pause}
    >
      <div
        className="hdr-promo__track"
        style={{
          animationDuration: `${String(scrollDuration(banner.promotional_speed, smallScreen))}s`,
        }}
      >
        {text}
        {link.title && href !== '#' && (
          <a
            className="hdr-promo__link"
            href={href}
            target={link.target === '_blank' ? '_blank' : undefined}
            rel={link.target === '_blank' ? 'noopener noreferrer' : undefined}
          >
            {link.title}
          </a>
        )}
      </div>
    </aside>
  );
}
