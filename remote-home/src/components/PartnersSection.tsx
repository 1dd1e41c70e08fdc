import { memo } from 'react';
import { linkTarget } from 'shared-store';
import type { Partner } from '../data/shapes';
import { SafeImage } from './SafeImage';

/** A partner's logo, a link to the partner's own site when it has one (another site only). */
function PartnerLogo({ partner }: { partner: Partner }) {
  const logo = (
    <SafeImage
      className="home-partners__logo"
      image={{ ...partner.logo, alt: partner.logo.alt || partner.name }}
      width={240}
      height={96}
    />
  );
  const target = linkTarget(partner.url);
  if (!target?.external) return logo;
  return (
    <a href={target.to} target="_blank" rel="noopener noreferrer">
      {logo}
    </a>
  );
}

export const PartnersSection = memo(function PartnersSection({
  partners,
}: {
  partners: Partner[];
}) {
  if (partners.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-partners-title">
      <h2 id="home-partners-title">Our partners</h2>
      <ul className="home-partners">
        {partners.map((partner) => (
          <li key={partner.id}>
            <PartnerLogo partner={partner} />
          </li>
        ))}
      </ul>
    </section>
  );
});
