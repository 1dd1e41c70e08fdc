import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDropdown, useDropdowns, type DropdownPath } from './dropdowns';
import { menuTarget, reorderForMobile } from './menuLinks';
import { type MenuItem } from '../data/shapes';

const MENU_ID = 'hdr-main-menu';

/** A menu title is HTML, which the gateway sanitized when it served WordPress's menu. */
function Title({ html }: { html: string }) {
  return <span dangerouslySetInnerHTML={{ __html: html }} />;
}

function MenuLink({ item, onNavigate }: { item: MenuItem; onNavigate: () => void }) {
  const target = menuTarget(item.url);
  if (!target) {
    return (
      <span className="hdr-menu__text">
        <Title html={item.title} />
      </span>
    );
  }
  if (target.external) {
    const newTab = item.target === '_blank';
    return (
      <a
        className="hdr-menu__link"
        href={target.to}
        target={newTab ? '_blank' : undefined}
        rel={newTab ? 'noopener noreferrer' : undefined}
      >
        <Title html={item.title} />
      </a>
    );
  }
  return (
    <Link className="hdr-menu__link" to={target.to} onClick={onNavigate}>
      <Title html={item.title} />
    </Link>
  );
}

interface LevelProps {
  items: MenuItem[];
  /** The dropdowns this level is inside (empty for the menu's first level). */
  path: DropdownPath;
  mobile: boolean;
  onNavigate: () => void;
}

function MenuEntry({
  item,
  path,
  mobile,
  onNavigate,
}: Omit<LevelProps, 'items'> & { item: MenuItem }) {
  const { open, toggle, buttonRef, areaRef } = useDropdown(path);
  const children = item.items ?? [];
  if (children.length === 0) {
    return (
      <li className="hdr-menu__item">
        <MenuLink item={item} onNavigate={onNavigate} />
      </li>
    );
  }
  // On phones the second level shows odd items first, then even (reorderForMobile).
  const shown = mobile && path.length === 1 ? reorderForMobile(children) : children;
  return (
    <li ref={areaRef} className="hdr-menu__item hdr-menu__item--parent">
      <button
        ref={buttonRef}
        type="button"
        className="hdr-menu__toggle"
        aria-expanded={open}
        onClick={toggle}
      >
        <Title html={item.title} />
        <span className="hdr-menu__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && <MenuLevel items={shown} path={path} mobile={mobile} onNavigate={onNavigate} />}
    </li>
  );
}

function MenuLevel({ items, path, mobile, onNavigate }: LevelProps) {
  return (
    <ul className={path.length === 0 ? 'hdr-menu' : 'hdr-menu__sub'}>
      {items.map((item, index) => {
        const key = `${String(item.ID)}-${String(index)}`;
        return (
          <MenuEntry
            key={key}
            item={item}
            path={[...path, key]}
            mobile={mobile}
            onNavigate={onNavigate}
          />
        );
      })}
    </ul>
  );
}

export interface MenuProps {
  items: MenuItem[];
  mobile: boolean;
  /** On mobile the menu is a panel behind the hamburger: whether it is open. */
  open: boolean;
  onToggle: () => void;
  /** The panel closes: a link was followed, a click landed outside, or Escape was pressed. */
  onClose: () => void;
  /** Shown at the end of the panel on mobile (the account buttons). */
  children?: ReactNode;
}

/**
 * The multi-level dropdown menu, its dropdowns part of the header's DropdownGroup (one open at a
 * time, closed by Escape or a click outside). On mobile it is a panel the hamburger opens, closed
 * by a click outside or by an Escape no dropdown took (the focus goes back to the hamburger).
 */
export function Menu({ items, mobile, open, onToggle, onClose, children }: MenuProps) {
  const area = useRef<HTMLElement>(null);
  const hamburger = useRef<HTMLButtonElement>(null);
  const dropdowns = useDropdowns();
  const dropdownOpen = dropdowns.anyOpen;
  useEffect(() => {
    if (!open) return undefined;
    function onPointerDown(event: PointerEvent) {
      if (area.current && !area.current.contains(event.target as Node)) onClose();
    }
    function onKey(event: globalThis.KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented || dropdownOpen) return;
      onClose();
      hamburger.current?.focus();
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, onClose, dropdownOpen]);
  const levels = (
    <MenuLevel
      items={items}
      path={[]}
      mobile={mobile}
      onNavigate={() => {
        dropdowns.closeAll();
        onClose();
      }}
    />
  );
  if (!mobile) {
    return (
      <nav ref={area} id={MENU_ID} className="hdr-nav" aria-label="Main">
        {levels}
      </nav>
    );
  }
  return (
    <nav ref={area} className="hdr-menu-area" aria-label="Main">
      <button
        ref={hamburger}
        type="button"
        className="hdr-icon-button"
        aria-expanded={open}
        aria-controls={MENU_ID}
        aria-label="Menu"
        onClick={onToggle}
      >
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 6h16M4 12h16M4 18h16'}
          />
        </svg>
      </button>
      <div id={MENU_ID} className="hdr-nav hdr-nav--mobile" hidden={!open}>
        {levels}
        {children}
      </div>
    </nav>
  );
}
