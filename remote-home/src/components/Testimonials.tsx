import { memo } from 'react';
const TESTIMONIALS = [
  {
    quote: 'The PLAB 1 question bank was closer to the real exam than anything else I used.',
    name: 'Dr Aisha R.',
    detail: 'Passed PLAB 1, 2026',
  },
  {
    quote: 'The CPSA mock day made the real circuit feel familiar. I walked in calm.',
    name: 'Dr Tomasz K.',
    detail: 'Passed UKMLA CPSA, 2026',
  },
  {
    quote: 'Structured, honest feedback on my SCA consultations every week.',
    name: 'Dr Priya S.',
    detail: 'Passed MRCGP SCA, 2025',
  },
] as const;

/** What doctors who passed say. */
export const Testimonials = memo(function Testimonials() {
  return (
    <section className="home-section" aria-labelledby="home-testimonials-title">
      <h2 id="home-testimonials-title">What our doctors say</h2>
      <ul className="home-grid home-testimonials">
        {TESTIMONIALS.map((t) => (
          <li key={t.name}>
            <figure className="home-quote">
              <blockquote>{t.quote}</blockquote>
              <figcaption>
                {t.name}, <span>{t.detail}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
});
