import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InvalidParams } from '../errors';
import { WpError } from '../errors';
import type { Query } from './input';
import { queryValue } from './input';
import { requestOrigin } from './origin';

/**
 * WordPress collection semantics shared by posts, pages, categories and WooCommerce variations:
 * parameter validation with WordPress's exact `rest_invalid_param` bodies, pagination, and the
 * X-WP-Total, X-WP-TotalPages and Link headers.
 */

interface IntegerRule {
  fallback: number;
  min: number;
  max?: number;
}

/** An integer query parameter within bounds, or the fallback when it is absent. */
function integerParam(
  query: Query,
  name: string,
  rule: IntegerRule,
  invalid: InvalidParams,
): number {
  const raw = queryValue(query, name);
  if (raw === undefined) return rule.fallback;
  if (!/^\s*-?\d+\s*$/.test(raw)) {
    invalid.add(name, 'rest_invalid_type', `${name} is not of type integer.`, { param: name });
    return rule.fallback;
  }
  const value = Number(raw);
  const tooBig = rule.max !== undefined && value > rule.max;
  if (value < rule.min || tooBig) {
    const message =
      rule.max === undefined
        ? `${name} must be greater than or equal to ${String(rule.min)}`
        : `${name} must be between ${String(rule.min)} (inclusive) and ${String(rule.max)} (inclusive)`;
    invalid.add(name, 'rest_out_of_bounds', message, null);
    return rule.fallback;
  }
  return value;
}

/** A comma-separated (or repeated) list parameter such as `slug=a,b`; undefined when absent. */
export function listParam(query: Query, name: string): string[] | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  return [value]
    .flat()
    .flatMap((entry) => entry.split(/[\s,]+/))
    .filter((entry) => entry !== '');
}

/** A WordPress "Term ID List" (`categories=2,3`); undefined when absent. */
export function termListParam(
  query: Query,
  name: string,
  invalid: InvalidParams,
): number[] | undefined {
  const entries = listParam(query, name);
  if (entries === undefined) return undefined;
  const badIndex = entries.findIndex((entry) => !/^-?\d+$/.test(entry));
  if (badIndex >= 0) {
    const message = `${name} is not a valid Term ID List. Reason: ${name}[${String(badIndex)}] is not of type integer.`;
    invalid.add(name, 'rest_no_matching_schema', message, { position: 0 });
    return undefined;
  }
  return entries.map(Number);
}

/** The standard `page` and `per_page` parameters (per_page 1..100, default 10). */
export function pageParams(
  query: Query,
  invalid: InvalidParams,
): { page: number; perPage: number } {
  return {
    page: integerParam(query, 'page', { fallback: 1, min: 1 }, invalid),
    perPage: integerParam(query, 'per_page', { fallback: 10, min: 1, max: 100 }, invalid),
  };
}

interface PageOptions {
  page: number;
  perPage: number;
  /** The route as WordPress names it, e.g. `/wp/v2/posts`, for the Link header. */
  route: string;
  /** The error for a page past the last one; terms controllers answer `[]` instead. */
  overflowError?: WpError;
}

function pageUrl(request: FastifyRequest, route: string, page: number): string {
  const search = new URLSearchParams(request.url.split('?')[1] ?? '');
  search.delete('page');
  search.append('page', String(page));
  return `${requestOrigin(request)}/wp-json${route}?${search.toString()}`;
}

/**
 * Slices one page of `items` and sets X-WP-Total, X-WP-TotalPages and, when there are
 * neighbouring pages, the Link header with rel="prev" / rel="next".
 */
export function paginate<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  items: readonly T[],
  options: PageOptions,
): T[] {
  const { page, perPage } = options;
  const total = items.length;
  const totalPages = Math.ceil(total / perPage);
  if (page > totalPages && total > 0 && options.overflowError) throw options.overflowError;
  reply.header('x-wp-total', String(total));
  reply.header('x-wp-totalpages', String(totalPages));
  const links: string[] = [];
  if (page > 1 && totalPages > 0) {
    links.push(`<${pageUrl(request, options.route, Math.min(page - 1, totalPages))}>; rel="prev"`);
  }
  if (totalPages > page) links.push(`<${pageUrl(request, options.route, page + 1)}>; rel="next"`);
  if (links.length > 0) reply.header('link', links.join(', '));
  return items.slice((page - 1) * perPage, page * perPage);
}

/** The error WordPress's posts controller gives for a page past the last. */
export function invalidPageNumberError(): WpError {
  return new WpError(
    400,
    'rest_post_invalid_page_number',
    'The page number requested is larger than the number of pages available.',
  );
}
