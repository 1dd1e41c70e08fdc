import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Query } from './input';
import { listParam } from './wp-collection';

/** The fields kept, as a tree: `true` keeps a field whole, an object keeps some of its fields. */
interface FieldTree {
  [field: string]: true | FieldTree;
}

/**
 * `_fields=id,title.rendered` as WordPress reads it (rest_filter_response_fields): a list, each
 * entry a field or a dotted path into one; a field kept whole keeps all of its sub-fields.
 */
function fieldTree(entries: readonly string[]): FieldTree {
  const tree: FieldTree = {};
  for (const entry of entries) {
    const parts = entry.trim().split('.');
    const last = parts.pop();
    if (last === undefined || last === '') continue;
    let at: FieldTree | undefined = tree;
    for (const part of parts) {
      const next: true | FieldTree | undefined = at[part];
      if (next === true) {
        at = undefined;
        break;
      }
      at = at[part] = next ?? {};
    }
    if (at) at[last] = true;
  }
  return tree;
}

/** `value` with only the fields of `tree`, at every depth it names (_rest_array_intersect_key_recursive). */
function intersect(value: unknown, tree: FieldTree): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const kept: Record<string, unknown> = {};
  for (const [field, wanted] of Object.entries(tree)) {
    if (!Object.hasOwn(value, field)) continue;
    const inner = (value as Record<string, unknown>)[field];
    kept[field] = wanted === true ? inner : intersect(inner, wanted);
  }
  return kept;
}

/** The answer with only the asked fields: of each item of a list, or of the one object. */
export function filterFields(data: unknown, entries: readonly string[]): unknown {
  const tree = fieldTree(entries);
  if (Object.keys(tree).length === 0) return data;
  return Array.isArray(data) ? data.map((item) => intersect(item, tree)) : intersect(data, tree);
}

/**
 * WordPress's `_fields` on every REST answer that is not an error: the client names the fields it
 * wants (`_fields=id,slug,title`), and gets those only.
 */
export function registerFieldsFilter(
  app: FastifyInstance,
  isRestRequest: (request: FastifyRequest) => boolean,
): void {
  app.addHook('preSerialization', (request, reply, payload, done) => {
    const fields = listParam(request.query as Query, '_fields');
    if (!isRestRequest(request) || fields === undefined || reply.statusCode >= 400) {
      done(null, payload);
      return;
    }
    done(null, filterFields(payload, fields));
  });
}
