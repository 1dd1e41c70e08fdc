import type { PageContract, PageRoute } from './contractReader';

/** The route that shows every path no other route matches (react-router's splat). */
const ANY_OTHER_PATH = '*';

/**
 * The contract's route a path shows (react-router's patterns: `:name` is any one segment, `*`
 * any path no other route matches).
 */
export function routeOf(
  contract: Pick<PageContract, 'routes'>,
  route: string,
): PageRoute | undefined {
  const segments = route.split('/');
  const matches = (candidate: PageRoute) => {
    const parts = candidate.path.split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))
    );
  };
  return (
    contract.routes.find((candidate) => candidate.path !== ANY_OTHER_PATH && matches(candidate)) ??
    contract.routes.find((candidate) => candidate.path === ANY_OTHER_PATH)
  );
}
