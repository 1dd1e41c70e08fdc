import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { contentReads, useDocumentTitle, useHeadText, useRead, useShownText } from 'shared-store';
import { PackagesSection, packagesOf } from '../components/PackagesSection';
import { LoadFailed, PageFrame } from './PageParts';
import { membershipsPage } from './reads';

/** The page's heading while WordPress has not named it. */
const HEADING = 'Memberships';

/**
 * /memberships: the Silver, Gold and Ultimate packages (the home page document's
 * SubscriptionPackages), each with its features, its durations and their prices, and Choose to
 * put it in the cart; under the title and introduction of the WordPress page of the same name.
 */
export default function MembershipsPage() {
  const intro = useRead(membershipsPage);
  const home = useRead(contentReads.homePage);
  const page = intro.status === 'ready' ? intro.data[0] : undefined;
  const title = useShownText(page?.title?.rendered ?? '') || HEADING;
  // The introduction is WordPress's HTML (a paragraph), shown as the gateway sanitized it: the
  // server draws it as the browser does, where a plain text reading of markup it cannot.
  const excerpt = page?.excerpt?.rendered.trim() ?? '';
  const description = useHeadText(excerpt).trim();
  useDocumentTitle(title, description || undefined);
  const data = home.status === 'ready' ? home.data?.acf_groups?.SubscriptionPackages : undefined;
  const packages = useMemo(() => packagesOf(data), [data]);
  const settled = home.status === 'ready' || home.status === 'failed';
  return (
    <PageFrame trail={[{ label: HEADING }]} heading={title} busy={!settled}>
      {excerpt && <div className="home-shop__lead" dangerouslySetInnerHTML={{ __html: excerpt }} />}
      {!settled ? (
        <div className="home-shop__space" />
      ) : packages.length > 0 ? (
        <PackagesSection packages={packages} />
      ) : (
        <LoadFailed message="We couldn't load our memberships." retry={home.retry} />
      )}
      <p>
        Questions about which membership fits your exam? <Link to="/contact-us">Contact us</Link>.
      </p>
    </PageFrame>
  );
}
