import { lazy, type ComponentType } from 'react';

/**
 * A page the remote exposes whose code is a chunk of its own, loaded the first time the page is
 * shown: the exposed modules share one file (tooling's `exposed` chunk), which the home page
 * loads, and this keeps each page's code out of it. The shell's slot shows its placeholder
 * meanwhile (RemoteSlot's Suspense).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(load);
  return function LazyPage() {
    return <Page />;
  };
}
