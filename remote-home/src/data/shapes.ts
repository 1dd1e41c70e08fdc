import type * as v from 'valibot';
import type { course, WpImage } from 'shared-store';

/** The home remote's backend data as its sections read it. */

/** GET wp/v2/courseList */
export type Course = v.InferOutput<typeof course>;

/** GET wp/v2/home_banner?t={timestamp} */
export interface HomeBanner {
  id: number;
  title: string;
  /** HTML */
  subtitle: string;
  image: WpImage;
  cta: { title: string; url: string };
}

/** A subscription package the home page offers (a WooCommerce variable product per tier). */
export interface SubscriptionPackage {
  tier: string;
  product_id: number;
  slug: string;
  title: string;
  features: string[];
}
