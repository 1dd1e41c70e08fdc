import { memo } from 'react';
import type { SubscriptionPackage } from 'shared-store';
import { ListPrices, useListPrices } from '../hooks/useVariations';
import { PackageCard } from './PackageCard';

/** The membership packages, priced by one read. */
export const PackagesSection = memo(function PackagesSection({
  packages,
}: {
  packages: SubscriptionPackage[];
}) {
  const prices = useListPrices(packages.map((pack) => pack.product_id));
  if (packages.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-packages-title">
      <h2 id="home-packages-title">Membership packages</h2>
      <ListPrices.Provider value={prices}>
        <ul className="home-grid home-grid--packages">
          {packages.map((pack) => (
            <li key={pack.product_id}>
              <PackageCard pack={pack} />
            </li>
          ))}
        </ul>
      </ListPrices.Provider>
    </section>
  );
});
