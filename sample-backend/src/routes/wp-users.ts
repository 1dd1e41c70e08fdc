import { createHash } from 'node:crypto';
import { CANONICAL_SITE_URL } from '../config';
import type { UserAccount } from '../domain/users';
import type { JsonObject } from '../json';

/**
 * The `users/me` body of an account created at run time, in the shape WordPress gives the demo
 * learner (whose captured profile is served from `wp-users.json` as is).
 */
export function userProfile(user: UserAccount): JsonObject {
  const hash = createHash('md5').update(user.email.trim().toLowerCase()).digest('hex');
  const avatar = (size: number): string =>
    `http://2.gravatar.com/avatar/${hash}?s=${String(size)}&d=mm&r=g`;
  const slug = user.login.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
  return {
    id: user.id,
    name: user.displayName,
    url: '',
    description: '',
    link: `${CANONICAL_SITE_URL}/author/${slug}/`,
    slug,
    avatar_urls: { '24': avatar(24), '48': avatar(48), '96': avatar(96) },
    meta: [],
    _links: {
      self: [{ href: `${CANONICAL_SITE_URL}/wp-json/wp/v2/users/${String(user.id)}` }],
      collection: [{ href: `${CANONICAL_SITE_URL}/wp-json/wp/v2/users` }],
    },
  };
}
