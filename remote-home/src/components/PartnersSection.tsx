import { memo } from 'react';
import { safeUrl, type Partner } from 'shared-store';
import { SafeImage } from './SafeImage';

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
            <a href={safeUrl(partner.url)} target="_blank" rel="noopener noreferrer">
              <SafeImage
                className="home-partners__logo"
                image={{ ...partner.logo, alt: partner.logo.alt ?? partner.name }}
                width={240}
                height={96}
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
});
