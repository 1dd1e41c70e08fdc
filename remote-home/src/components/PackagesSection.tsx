import { memo } from 'react';
import { ListPrices, useListPrices } from '../hooks/useVariations';
import { PackageCard } from './PackageCard';
import { type SubscriptionPackage } from '../data/shapes';

function isPackage(value: unknown): value is SubscriptionPackage {
  const p = value as SubscriptionPackage;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof p.product_id === 'number' &&
    typeof p.title === 'string' &&
    typeof p.tier === 'string' &&
    Array.isArray(p.features)
  );
}

/** The packages of the home page's document (its SubscriptionPackages): the well-formed ones. */
export function packagesOf(data: unknown): SubscriptionPackage[] {
  return Array.isArray(data) ? data.filter(isPackage) : [];
}

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
