import { memo } from 'react';
import { Link } from 'react-router-dom';
import { safeUrl } from 'shared-store';
import { SafeImage } from './SafeImage';
import { type HomeBanner } from '../data/shapes';

/** The hero: the first home banner slide, its image loaded first (it is the page's largest paint). */
export const Hero = memo(function Hero({ slide }: { slide: HomeBanner | undefined }) {
  if (!slide) {
    return (
      <section className="home-hero home-hero--fallback" aria-labelledby="home-hero-title">
        <div className="home-hero__text">
          <h1 id="home-hero-title">UKMLA, PLAB, MSRA and MRCGP exam preparation</h1>
          <p>Courses, question banks and mock exams written by UK doctors.</p>
          <Link className="home-cta" to="/#courses-section">
            Browse courses
          </Link>
        </div>
      </section>
    );
  }
  const cta = safeUrl(slide.cta.url);
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <SafeImage
        className="home-hero__image"
        image={slide.image}
        width={1600}
        height={640}
        priority
      />
      <div className="home-hero__text">
        <h1 id="home-hero-title">{slide.title}</h1>
        {/* The subtitle is HTML the gateway sanitized, in the banner it served or rendered. */}
        <div dangerouslySetInnerHTML={{ __html: slide.subtitle }} />
        {slide.cta.title && cta !== '#' && (
          <Link className="home-cta" to={cta}>
            {slide.cta.title}
          </Link>
        )}
      </div>
    </section>
  );
});
