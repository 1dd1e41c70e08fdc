import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { Hero } from '../components/Hero';
import { bannerSlides } from '../data/banner';

/**
 * The home page's first screen as the gateway puts it into the page (dist/server/hero.js): the
 * hero of the first banner slide in the page's frame, exactly as HomePage first renders it with
 * that banner in the store, so the browser paints it before any script runs and React replaces
 * it without a shift. `answer` is home_banner's answer as WordPress gave it; undefined when it
 * holds no slide (the page then shows what the store kept from the last visit, as before).
 */
export function renderHero(answer: unknown): string | undefined {
  const [slide] = bannerSlides(answer);
  if (!slide) return undefined;
  return renderToString(
    <StaticRouter location="/">
      <div className="home-page">
        <Hero slide={slide} />
      </div>
    </StaticRouter>,
  );
}
