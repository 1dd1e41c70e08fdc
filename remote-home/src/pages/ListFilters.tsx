import { Link, useSearchParams } from 'react-router-dom';

/**
 * One way to narrow or order a list, kept in the address's query (`?exam=plab`): its parameter,
 * its name and its choices as [value, words], the first of which (value '') is the list as it
 * comes, without the parameter.
 */
export interface Facet {
  key: string;
  label: string;
  choices: [value: string, words: string][];
}

/** The facet's choice in the address: one of its values, else '' (an unknown one is ignored). */
export function chosen(params: URLSearchParams, { key, choices }: Facet): string {
  const value = params.get(key)?.toLowerCase() ?? '';
  return choices.some(([known]) => known === value) ? value : '';
}

/** A facet's choices: All, then each of `values` once (its value in lower case), in their order. */
export const choicesOf = (values: readonly string[]): Facet['choices'] => [
  ['', 'All'],
  ...new Map(values.filter(Boolean).map((value) => [value.toLowerCase(), value] as const)),
];

/**
 * The facets' choices as links to the same list with one choice changed: a list is an address
 * that can be shared, the back button returns to the choice before, and a link works before the
 * page's code has come (the server draws the list an address names). Only the facets' known
 * choices are carried on.
 */
export function ListFilters({ facets }: { facets: Facet[] }) {
  const [params] = useSearchParams();
  const searchWith = (key: string, value: string) => {
    const next = new URLSearchParams();
    for (const facet of facets) {
      const kept = facet.key === key ? value : chosen(params, facet);
      if (kept) next.set(facet.key, kept);
    }
    return `?${next.toString()}`;
  };
  return (
    <div className="home-filters">
      {facets.map((facet) => (
        <div key={facet.key} role="group" aria-labelledby={`filter-${facet.key}`}>
          <span id={`filter-${facet.key}`}>{facet.label}</span>
          {facet.choices.map(([value, words]) => (
            <Link
              key={value}
              to={searchWith(facet.key, value)}
              aria-current={value === chosen(params, facet) ? 'page' : undefined}
            >
              {words}
            </Link>
          ))}
        </div>
      ))}
    </div>
  );
}
