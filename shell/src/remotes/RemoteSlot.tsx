import {
  Component,
  Suspense,
  startTransition,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { isLoadFailure, signal } from '../health/signals';
import { loadRemoteComponent } from './federation';

/** A remote module (remote/Module, e.g. header/Header), loaded once for the page. */
export interface LazyRemote {
  id: string;
  /** Loads it, the first time it is asked for; the same promise every time after. */
  load(): Promise<ComponentType>;
  /** Its component, once it has loaded. */
  loaded(): ComponentType | undefined;
}

/** Each remote module the page has named, so that it loads once whoever asks for it. */
const lazyRemotes = new Map<string, LazyRemote>();

/**
 * The remote module `id`, the same for every caller (the page's slots and reading ahead): its
 * code loads once for the page, and a page read ahead shows at once. Declared at module level,
 * so re-renders never reload or remount the remote.
 */
export function lazyRemote(id: string): LazyRemote {
  const known = lazyRemotes.get(id);
  if (known) return known;
  let loading: Promise<ComponentType> | undefined;
  let component: ComponentType | undefined;
  const remote: LazyRemote = {
    id,
    load() {
      if (!loading) {
        loading = loadRemoteComponent(id).then((module) => (component = module.default));
        // Its slot reports a failure; the promise itself is never left unhandled.
        loading.catch(() => undefined);
      }
      return loading;
    },
    loaded: () => component,
  };
  lazyRemotes.set(id, remote);
  return remote;
}

interface BoundaryProps {
  id: string;
  fallback: ReactNode;
  children: ReactNode;
}

/** A part that fails to load or throws while rendering takes down only its own slot. */
export class SlotBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`Remote "${this.props.id}" failed; showing its fallback.`, error);
    // A failed load is reported where it failed (federation.ts); a render that threw, here.
    if (!isLoadFailure(error)) {
      signal({ kind: 'render-failed', remote: this.props.id.split('/')[0] ?? this.props.id });
    }
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface RemoteSlotProps {
  remote: LazyRemote;
  /** Shown while it loads: must keep the slot's final size so nothing shifts. */
  placeholder: ReactNode;
  /** Shown when it cannot load or crashes. */
  fallback: ReactNode;
}

/**
 * The remote's component once it has loaded, the placeholder until then. Loaded into state, not
 * through React.lazy and a Suspense fallback: React holds back a boundary's content for up to
 * 300 ms after any fallback was shown while another one is still loading, so each remote would
 * wait for the page's other remotes or that delay. Here each shows the moment it arrives.
 */
function RemoteContent({ remote, placeholder }: { remote: LazyRemote; placeholder: ReactNode }) {
  const [Loaded, setLoaded] = useState<ComponentType | undefined>(() => remote.loaded());
  const [failure, setFailure] = useState<{ error: unknown }>();
  if (!Loaded) void remote.load();

  useEffect(() => {
    if (Loaded) return undefined;
    let live = true;
    remote.load().then(
      (component) => {
        // A transition: React renders the remote in slices, yielding to the browser between them.
        if (live) {
          startTransition(() => {
            setLoaded(() => component);
          });
        }
      },
      (error: unknown) => {
        if (live) setFailure({ error });
      },
    );
    return () => {
      live = false;
    };
  }, [remote, Loaded]);

  // To the slot's boundary, which shows the fallback.
  if (failure) throw failure.error;
  if (!Loaded) return placeholder;
  return (
    // A remote that loads parts of itself on demand shows the placeholder meanwhile.
    <Suspense fallback={placeholder}>
      <Loaded />
    </Suspense>
  );
}

export function RemoteSlot({ remote, placeholder, fallback }: RemoteSlotProps) {
  return (
    <SlotBoundary id={remote.id} fallback={fallback}>
      <RemoteContent remote={remote} placeholder={placeholder} />
    </SlotBoundary>
  );
}
