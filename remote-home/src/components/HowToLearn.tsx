import { memo } from 'react';
import type { HomePage } from 'shared-store';

/** How to learn with us: the home page's own content, as the gateway served it sanitized. */
export const HowToLearn = memo(function HowToLearn({ page }: { page: HomePage | undefined }) {
  const html = page?.content.rendered;
  if (!html) return null;
  return (
    <section className="home-section home-learn" aria-labelledby="home-learn-title">
      <h2 id="home-learn-title">How to learn with us</h2>
      <div className="home-learn__body" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
});
