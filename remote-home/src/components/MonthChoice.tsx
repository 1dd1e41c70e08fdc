import { useState } from 'react';
import type { MonthOption } from 'shared-store';
import { useVariations } from '../hooks/useVariations';
import { MonthPicker, PendingMonthPicker, PriceTag } from './MonthPicker';

/**
 * A product's month options: the choice so far (the first option until one is picked) and the
 * picker with the price (on sale, the regular price struck through before it), "Price on request"
 * when there are none, a placeholder while loading; and whether the options are loading, ready or
 * missing.
 */
export function useMonthChoice(productId: number | undefined, label: string) {
  const variations = useVariations(productId);
  const [chosen, setChosen] = useState<number | null>(null);
  const options = variations.status === 'ready' ? variations.options : [];
  const option: MonthOption | undefined =
    options.find((o) => o.variationId === chosen) ?? options[0];

  const view = (
    <>
      {variations.status === 'loading' && (
        <>
          <PendingMonthPicker label={label} />
          <p className="home-card__price home-skeleton-text" />
        </>
      )}
      {variations.status === 'failed' && <p className="home-card__price">Price on request</p>}
      {option && (
        <>
          <MonthPicker
            label={label}
            name={`${label}-${String(productId)}`}
            options={options}
            value={option.variationId}
            onChange={setChosen}
          />
          <p className="home-card__price">
            <PriceTag {...option} />
          </p>
        </>
      )}
    </>
  );
  return { option, view, status: variations.status };
}
