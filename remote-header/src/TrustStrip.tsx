import { useEffect, useState } from 'react';
import { MOBILE_QUERY, REDUCED_MOTION_QUERY, useMediaQuery } from './useMediaQuery';
import './trust-strip.css';

/** The third-party review page the strip links to. */
export const REVIEW_PAGE_URL = 'https://uk.trustpilot.com/review/aroramedicaleducation.co.uk';
/** On small screens the slider starts moving by itself this long after it is shown. */
const AUTOPLAY_DELAY_MS = 40_000;
/** Once autoplay has started, the slider moves on this often. */
export const SLIDE_INTERVAL_MS = 4000;

const ITEMS = [
  { title: 'Award Winning', detail: 'Medical education awards' },
  { title: 'Over 10 Years of Teaching Experience', detail: 'Thousands of doctors taught' },
  { title: 'Excellent', detail: 'Rated on Trustpilot' },
] as const;

/**
 * The trust strip. On small screens it is a slider whose autoplay starts after 40 s (never with
 * reduced motion); the arrows work at any time.
 */
export default function TrustStrip() {
  const slider = useMediaQuery(MOBILE_QUERY);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const [active, setActive] = useState(0);
  const [autoplay, setAutoplay] = useState(false);

  useEffect(() => {
    if (!slider || reducedMotion) return;
    const start = setTimeout(() => {
      setAutoplay(true);
    }, AUTOPLAY_DELAY_MS);
    return () => {
      clearTimeout(start);
    };
  }, [slider, reducedMotion]);

  useEffect(() => {
    if (!autoplay || !slider || reducedMotion) return;
    const timer = setInterval(() => {
      setActive((index) => (index + 1) % ITEMS.length);
    }, SLIDE_INTERVAL_MS);
    return () => {
      clearInterval(timer);
    };
  }, [autoplay, slider, reducedMotion]);

  const move = (step: number) => {
    setActive((index) => (index + step + ITEMS.length) % ITEMS.length);
  };

  return (
    <section
      className={`hdr-trust${slider ? ' hdr-trust--slider' : ''}`}
      aria-label="Why doctors choose us"
      aria-roledescription={slider ? 'carousel' : undefined}
    >
      {slider && (
        <button
          type="button"
          className="hdr-trust__arrow"
          aria-label="Previous"
          onClick={() => move(-1)}
        >
          ‹
        </button>
      )}
      <ul className="hdr-trust__list" aria-live={slider && !autoplay ? 'polite' : 'off'}>
        {ITEMS.map((item, index) => (
          <li
            key={item.title}
            className="hdr-trust__item"
            hidden={slider && index !== active}
            aria-roledescription={slider ? 'slide' : undefined}
          >
            <a href={REVIEW_PAGE_URL} target="_blank" rel="noopener noreferrer">
              <strong>{item.title}</strong>
              <span>{item.detail}</span>
            </a>
          </li>
        ))}
      </ul>
      {slider && (
        <button
          type="button"
          className="hdr-trust__arrow"
          aria-label="Next"
          onClick={() => move(1)}
        >
          ›
        </button>
      )}
    </section>
  );
}
