import { Component, Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { loadRemoteComponent } from './federation';

/** A remote module (remote/Module, e.g. header/Header) as a lazily loaded component. */
export interface LazyRemote {
  id: string;
  Component: ComponentType;
}

/** Declared once at module level, so re-renders never reload or remount the remote. */
export function lazyRemote(id: string): LazyRemote {
  return { id, Component: lazy(() => loadRemoteComponent(id)) };
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

export function RemoteSlot({ remote, placeholder, fallback }: RemoteSlotProps) {
  return (
    <SlotBoundary id={remote.id} fallback={fallback}>
      <Suspense fallback={placeholder}>
        <remote.Component />
      </Suspense>
    </SlotBoundary>
  );
}
