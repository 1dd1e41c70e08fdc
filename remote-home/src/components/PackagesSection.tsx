import { memo } from 'react';
import type { SubscriptionPackage } from 'shared-store';
import { PackageCard } from './PackageCard';

export const PackagesSection = memo(function PackagesSection({
  packages,
}: {
  packages: SubscriptionPackage[];
}) {
  if (packages.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-packages-title">
      <h2 id="home-packages-title">Membership packages</h2>
      <ul className="home-grid home-grid--packages">
        {packages.map((pack) => (
          <li key={pack.product_id}>
            <PackageCard pack={pack} />
          </li>
        ))}
      </ul>
    </section>
  );
});
