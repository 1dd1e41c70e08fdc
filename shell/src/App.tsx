import {
  Suspense,
  cloneElement,
  lazy,
  useLayoutEffect,
  useState,
  type ComponentType,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import {
  BARE_IN_APP_ROUTES,
  DEFAULT_DESCRIPTION,
  FOOTER_SHOW_DELAY_MS,
  PAGE_CONTRACT,
  SITE_NAME,
  isMobileApp,
  metaDescription,
  type LayoutSlot as LayoutPart,
  type PageRoute,
} from 'shared-store';
import { ScrollToTopButton } from './behaviours/ScrollToTopButton';
import { POPUP_CODE_AT_MS } from './behaviours/popupTiming';
import { useFocusOnNavigation } from './behaviours/useFocusOnNavigation';
import { useHomeMeta } from './behaviours/useHomeMeta';
import { useIosDashboardRedirect } from './behaviours/useIosDashboardRedirect';
import { useScrollOnNavigation } from './behaviours/useScrollOnNavigation';
import { useScrollToHash } from './behaviours/useScrollToHash';
import { useSessionWatcher } from './behaviours/useSessionWatcher';
import { useStorageNotice } from './behaviours/useStorageNotice';
import { Toasts } from './bridges/Toasts';
import { SiteLogo } from './components/BrandMark';
import { LogoutPrompt } from './components/LogoutPrompt';
import { MinimalHeader } from './components/MinimalHeader';
import { UNAVAILABLE } from './components/unavailable';
import { useNearViewport } from './hooks/useNearViewport';
import { useOpenFor } from './hooks/useOpenFor';
import { usePageLoaded } from './hooks/usePageLoaded';
import { SHELL_PAGES } from './pages';
import { RemoteSlot, SlotBoundary, lazyRemote, type LazyRemote } from './remotes/RemoteSlot';
import { PageSpace } from './remotes/ServerRendered';
import { servedFor } from './remotes/servedAddress';
import { startPageReads } from './remotes/pageReads';

/** Each remote module the page contract shows, declared once, so it loads once for the page. */
const remoteModules = new Map<string, LazyRemote>(
  [...PAGE_CONTRACT.layout, ...PAGE_CONTRACT.routes].flatMap((part) => {
    const module = 'module' in part ? part.module : part.remote;
    return module ? [[module, lazyRemote(module)] as const] : [];
  }),
);

/** The remote a module (remote/Module) belongs to. */
const remoteName = (module: string) => module.split('/')[0];

function remoteOf(module: string): LazyRemote {
  const remote = remoteModules.get(module);
  if (!remote) throw new Error(`The page contract names no remote module "${module}".`);
  return remote;
}

/**
 * What shows where a part of the page cannot come, and the newsletter popup (its code 7 s after
 * the page opened, for a popup due at 10 s): code no first screen needs, loaded when it is
 * wanted. A fallback whose own code cannot come either says, in a line, what its message would.
 */
const fallbackOf = <Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> =>
  lazy<ComponentType<Props>>(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: () => <p role="alert">{UNAVAILABLE}</p> }),
    ),
  );
const UnavailablePage = fallbackOf(() =>
  import('./remotes/UnavailablePage').then((module) => module.UnavailablePage),
);
const SlotMessage = fallbackOf(() =>
  import('./components/SlotMessage').then((module) => module.SlotMessage),
);
const MinimalFooter = fallbackOf(() =>
  import('./components/MinimalFooter').then((module) => module.MinimalFooter),
);
const Popup = lazy(() =>
  import(/* webpackChunkName: "newsletter-popup" */ './behaviours/Popup').then(
    (module) => ({ default: module.Popup }),
    (error: unknown) => {
      console.warn('The newsletter popup could not load; the next page offers it.', error);
      return { default: () => null };
    },
  ),
);

const bannerPlaceholder = <div className="shell-banner-space" aria-hidden="true" />;
const headerPlaceholder = (
  <div className="shell-header-space" aria-hidden="true">
    <SiteLogo />
  </div>
);
const trustPlaceholder = <div className="shell-trust-space" aria-hidden="true" />;
const footerPlaceholder = <div className="shell-footer-space" aria-hidden="true" />;

/** What the shell shows of each layout slot while its remote loads, and when it cannot. */
const SLOTS: Record<
  string,
  { placeholder: ReactElement<{ ref?: Ref<HTMLDivElement> }> | null; fallback: ReactNode }
> = {
  banner: { placeholder: bannerPlaceholder, fallback: null },
  header: { placeholder: headerPlaceholder, fallback: <MinimalHeader /> },
  trust: { placeholder: trustPlaceholder, fallback: null },
  footer: {
    placeholder: footerPlaceholder,
    fallback: (
      <Suspense fallback={footerPlaceholder}>
        <MinimalFooter />
      </Suspense>
    ),
  },
};

const slotOf = (slot: string) => SLOTS[slot] ?? { placeholder: null, fallback: null };

/** A part of the layout from its remote. */
function LayoutSlot({ slot, module }: LayoutPart) {
  const { placeholder, fallback } = slotOf(slot);
  return <RemoteSlot remote={remoteOf(module)} placeholder={placeholder} fallback={fallback} />;
}

/**
 * A part of the layout below every first screen (the footer): its code and data come once the
 * page is `due` (loaded) and the visitor has scrolled within a screen of it. A visitor who reads
 * the top of a long page never downloads it; until then its reserved space holds its place.
 * Where it is is judged once the page is due: before, the page's content may not have come yet.
 */
function LayoutSlotBelow({ due, ...part }: LayoutPart & { due: boolean }) {
  const [space, setSpace] = useState<HTMLDivElement | null>(null);
  const near = useNearViewport(due ? space : null);
  const { placeholder } = slotOf(part.slot);
  if (due && (near || !placeholder)) return <LayoutSlot {...part} />;
  return placeholder && cloneElement(placeholder, { ref: setSpace });
}

/** The home page's title and description: its own SEO fields from the backend when present. */
function HomeMeta() {
  useHomeMeta();
  return null;
}

/** What the shell puts in a route's head besides its title, by the route's path. */
const ROUTE_HEADS: Record<string, ComponentType> = { '/': HomeMeta };

/**
 * Starts a route's reads (its `data`) as its page opens, not once the page's code has arrived:
 * the gateway names them in the page it serves, and the shell starts them when the visitor comes
 * from another page (`fromAnotherPage`). Once: later renders of the same page start nothing.
 */
function useOpeningReads(route: PageRoute, fromAnotherPage: boolean): void {
  const { pathname, search } = useLocation();
  const [opening] = useState(() => ({
    reads: fromAnotherPage ? (route.data ?? []) : [],
    page: { path: pathname, pattern: route.path, search },
  }));
  useLayoutEffect(() => {
    startPageReads(opening.reads, opening.page);
  }, [opening]);
}

/**
 * The description of a page the visitor opens from another: the site's (a page that knows its own
 * sets it after; the routes' own are the gateway's, for the pages it serves). The page the gateway
 * served keeps the one it came with, which the gateway read from the page's own data.
 */
function useRouteDescription(route: PageRoute, fromAnotherPage: boolean): void {
  useLayoutEffect(() => {
    if (fromAnotherPage) metaDescription().content = DEFAULT_DESCRIPTION;
  }, [route.path, fromAnotherPage]);
}

/**
 * A remote's page: the space (keeping what the gateway rendered of it) while it loads, a message
 * under its title if it cannot. Its reads start as it opens (useOpeningReads).
 */
function RemotePage({
  route,
  module,
  fromAnotherPage,
}: {
  route: PageRoute;
  module: string;
  fromAnotherPage: boolean;
}) {
  const Head = ROUTE_HEADS[route.path];
  useOpeningReads(route, fromAnotherPage);
  useRouteDescription(route, fromAnotherPage);
  // The route's title until the page names its own: set before any page's effect runs, so a
  // page that names one (a course) has the last word.
  useLayoutEffect(() => {
    if (route.title) document.title = `${route.title} | ${SITE_NAME}`;
  }, [route.title]);
  // What the gateway rendered is kept for the page it was served for only.
  const served = route.serverRender && !fromAnotherPage ? module : undefined;
  // Keyed by what it keeps: the space that kept the served markup goes with it when the visitor
  // moves on inside the same route (another list's address), before this page's code is in.
  const space = (
    <PageSpace key={served ?? 'skeleton'} serverRenderOf={served} shape={route.serverRender} />
  );
  return (
    <>
      {Head && <Head />}
      <RemoteSlot
        remote={remoteOf(module)}
        placeholder={space}
        fallback={
          <Suspense fallback={space}>
            <UnavailablePage
              title={route.unavailableTitle ?? route.title ?? 'Something went wrong'}
              {...(served ? { serverRenderOf: served } : {})}
              cart={remoteName(module) === remoteName(PAGE_CONTRACT.models.cart)}
            />
          </Suspense>
        }
      />
    </>
  );
}

/**
 * A lazily loaded shell page: the page's space while its code loads (keeping what the gateway
 * rendered of the page, `serverRenderOf`, marked by the page's name; else the skeleton of its
 * `shape`), a message if its code cannot.
 */
function LazyPage({
  children,
  serverRenderOf,
  shape,
}: {
  children: ReactNode;
  serverRenderOf: string | undefined;
  shape: string | undefined;
}) {
  return (
    <SlotBoundary
      id="shell page"
      fallback={
        <Suspense fallback={<PageSpace />}>
          <SlotMessage title="Something went wrong" />
        </Suspense>
      }
    >
      <Suspense
        fallback={
          <PageSpace
            key={serverRenderOf ?? 'skeleton'}
            serverRenderOf={serverRenderOf}
            shape={shape}
          />
        }
      >
        {children}
      </Suspense>
    </SlotBoundary>
  );
}

/**
 * One of the shell's own pages, as a route of the page contract names it; its reads start as it
 * opens. The page the gateway served keeps its server render on screen while its code loads; a
 * page the visitor goes to from it never shows that one's.
 */
function ShellPage({
  route,
  name,
  fromAnotherPage,
}: {
  route: PageRoute;
  name: string;
  fromAnotherPage: boolean;
}) {
  const Page = SHELL_PAGES[name];
  if (!Page) throw new Error(`The page contract names no shell page "${name}".`);
  useOpeningReads(route, fromAnotherPage);
  useRouteDescription(route, fromAnotherPage);
  return (
    <LazyPage
      serverRenderOf={route.serverRender && !fromAnotherPage ? name : undefined}
      shape={route.serverRender}
    >
      <Page slug={route.path.slice(1)} title={route.title ?? ''} />
    </LazyPage>
  );
}

/**
 * A route of the page contract: a remote's page or one of the shell's own, keyed by its path so
 * that going from one route to another mounts the other's page (the same component shows both).
 * `fromAnotherPage`: the visitor came to it from another page of this one (not the page the
 * gateway served).
 */
function routeElement(route: PageRoute, fromAnotherPage: boolean): ReactNode {
  if (route.remote) {
    return (
      <RemotePage
        key={route.path}
        route={route}
        module={route.remote}
        fromAnotherPage={fromAnotherPage}
      />
    );
  }
  if (route.page) {
    return (
      <ShellPage
        key={route.path}
        route={route}
        name={route.page}
        fromAnotherPage={fromAnotherPage}
      />
    );
  }
  throw new Error(`The page contract's route ${route.path} shows nothing.`);
}

/**
 * The first stop of the keyboard: straight to the page's content, past the banner and the header's
 * links. It moves focus itself (the address keeps no `#main`, which would be a page of its own).
 */
function SkipLink() {
  return (
    <a
      className="shell-skip"
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById('main')?.focus();
      }}
    >
      Skip to content
    </a>
  );
}

const layoutAbove = PAGE_CONTRACT.layout.filter((part) => !part.afterLoad);
const layoutAfterLoad = PAGE_CONTRACT.layout.filter((part) => part.afterLoad);

/** The layout: header, the routed page and footer, each from its remote, and the shell's behaviours. */
export function App() {
  const location = useLocation();
  const { pathname } = location;
  // The location the page was served for: any other is one the visitor went to from it, a back
  // pressed while the page booted included (the served page shows another address's content).
  const [served] = useState(() => (servedFor(location) ? location : null));
  const [inApp] = useState(() => isMobileApp());
  const bare = inApp && BARE_IN_APP_ROUTES.includes(pathname.replace(/\/+$/, '') || '/');
  useSessionWatcher();
  useStorageNotice();
  useIosDashboardRedirect();
  useScrollOnNavigation();
  useScrollToHash();
  useFocusOnNavigation();
  // The footer is below the first screen and a skeleton for the page's first 2 s: its code and
  // data wait for the page to load (by the time it is due at the latest), so they do not compete
  // with what the first screen shows, and for the visitor to come near it (LayoutSlotBelow).
  const footerDue = usePageLoaded(FOOTER_SHOW_DELAY_MS);
  const popupCodeDue = useOpenFor(POPUP_CODE_AT_MS);

  return (
    <>
      <SkipLink />
      {!bare && layoutAbove.map((part) => <LayoutSlot key={part.slot} {...part} />)}
      <main className="shell-main" id="main" tabIndex={-1}>
        <Routes>
          {PAGE_CONTRACT.routes.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={routeElement(route, location !== served)}
            />
          ))}
        </Routes>
      </main>
      {!bare &&
        layoutAfterLoad.map((part) => (
          <LayoutSlotBelow key={part.slot} {...part} due={footerDue} />
        ))}
      <ScrollToTopButton />
      {!inApp && popupCodeDue && (
        <Suspense fallback={null}>
          <Popup />
        </Suspense>
      )}
      <LogoutPrompt />
      <Toasts />
    </>
  );
}
