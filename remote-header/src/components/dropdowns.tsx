import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';

/** Where a dropdown sits: the keys of the dropdowns it is inside, then its own. */
export type DropdownPath = readonly string[];

interface Group {
  /** The open dropdown (and the ones it is inside); empty when none is. */
  openPath: DropdownPath;
  open: (path: DropdownPath) => void;
  closeAll: () => void;
  /** Each dropdown's button and area, by its path joined with '/'. */
  parts: Map<string, { button?: HTMLButtonElement | null; area?: HTMLElement | null }>;
}

const GroupContext = createContext<Group | null>(null);

const keyOf = (path: DropdownPath) => path.join('/');

/**
 * The header's dropdowns, one open at a time (with the ones it is inside): opening one closes any
 * other; Escape closes the open one and gives the focus back to its button; a click outside it, or
 * going to another page, closes it. The Escape it handles is marked (`defaultPrevented`), so a
 * panel around it knows it is not its own.
 */
export function DropdownGroup({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Open for the page it was opened on: navigating closes it.
  const [state, setState] = useState<{ path: DropdownPath; on: string }>({ path: [], on: '' });
  const openPath = useMemo(() => (state.on === pathname ? state.path : []), [state, pathname]);
  // The dropdowns' elements, as their refs report them: kept, not rendered from.
  const [parts] = useState<Group['parts']>(() => new Map());

  useEffect(() => {
    if (openPath.length === 0) return undefined;
    // A press on another dropdown's button is left to that button, which opens its own in the
    // open one's place: closed at the press, the open one would move the button away from under
    // the pointer (in the phone's menu panel) before the click lands.
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      const area = parts.get(keyOf(openPath.slice(0, 1)))?.area;
      const onAButton = [...parts.values()].some(({ button }) => button?.contains(target));
      if (!area?.contains(target) && !onAButton) setState({ path: [], on: '' });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      parts.get(keyOf(openPath))?.button?.focus();
      setState({ path: openPath.slice(0, -1), on: pathname });
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [openPath, parts, pathname]);

  const group = useMemo<Group>(
    () => ({
      openPath,
      open: (path) => {
        setState({ path, on: pathname });
      },
      closeAll: () => {
        setState({ path: [], on: '' });
      },
      parts,
    }),
    [openPath, parts, pathname],
  );
  return <GroupContext.Provider value={group}>{children}</GroupContext.Provider>;
}

function useGroup(): Group {
  const group = useContext(GroupContext);
  if (!group) throw new Error('A header dropdown is used outside its DropdownGroup.');
  return group;
}

/** Whether any dropdown of the group is open, and a way to close them all (a link was followed). */
export function useDropdowns(): { anyOpen: boolean; closeAll: () => void } {
  const { openPath, closeAll } = useGroup();
  return { anyOpen: openPath.length > 0, closeAll };
}

/** One dropdown of the group: whether it is open, its toggle, and refs for its button and area. */
export function useDropdown(path: DropdownPath) {
  const { openPath, open, parts } = useGroup();
  const key = keyOf(path);
  const isOpen = path.every((part, index) => openPath[index] === part);
  const toggle = useCallback(() => {
    open(isOpen ? path.slice(0, -1) : path);
  }, [open, isOpen, path]);
  const buttonRef = useCallback(
    (button: HTMLButtonElement | null) => {
      parts.set(key, { ...parts.get(key), button });
    },
    [parts, key],
  );
  const areaRef = useCallback(
    (area: HTMLElement | null) => {
      parts.set(key, { ...parts.get(key), area });
    },
    [parts, key],
  );
  return { open: isOpen, toggle, buttonRef, areaRef };
}
