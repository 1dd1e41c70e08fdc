import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { sanitizeHtml, type MenuItem } from 'shared-store';
import { menuTarget, reorderForMobile } from './menuLinks';

/** A menu title as sanitized HTML; sanitized once per title, not on every header render. */
const Title = memo(function Title({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <span dangerouslySetInnerHTML={{ __html: clean }} />;
});

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
  depth: number;
  mobile: boolean;
  onNavigate: () => void;
}

function MenuEntry({
  item,
  depth,
  mobile,
  onNavigate,
}: Omit<LevelProps, 'items'> & { item: MenuItem }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const children = item.items ?? [];
  if (children.length === 0) {
    return (
      <li className="hdr-menu__item">
        <MenuLink item={item} onNavigate={onNavigate} />
      </li>
    );
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
    }
  };
  // The second level is the one the specification reorders on mobile.
  const shown = mobile && depth === 0 ? reorderForMobile(children) : children;
  return (
    <li className="hdr-menu__item hdr-menu__item--parent" onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className="hdr-menu__toggle"
        aria-expanded={open}
        onClick={() => {
          setOpen((value) => !value);
        }}
      >
        <Title html={item.title} />
        <span className="hdr-menu__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <MenuLevel items={shown} depth={depth + 1} mobile={mobile} onNavigate={onNavigate} />
      )}
    </li>
  );
}

function MenuLevel({ items, depth, mobile, onNavigate }: LevelProps) {
  return (
    <ul className={depth === 0 ? 'hdr-menu' : 'hdr-menu__sub'}>
      {items.map((item, index) => (
        <MenuEntry
          key={`${String(item.ID)}-${String(index)}`}
          item={item}
          depth={depth}
          mobile={mobile}
          onNavigate={onNavigate}
        />
      ))}
    </ul>
  );
}

export interface MenuProps {
  items: MenuItem[];
  mobile: boolean;
  /** On mobile the menu is behind the hamburger. */
  open: boolean;
  onNavigate: () => void;
}

/** The multi-level dropdown menu; a click outside or Escape closes every dropdown. */
export function Menu({ items, mobile, open, onNavigate }: MenuProps) {
  const ref = useRef<HTMLElement>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const closeAll = () => {
      setGeneration((value) => value + 1);
    };
    function onPointerDown(event: PointerEvent) {
      if (ref.current && !ref.current.contains(event.target as Node)) closeAll();
    }
    function onKey(event: globalThis.KeyboardEvent) {
      if (event.key === 'Escape') closeAll();
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  return (
    <nav
      ref={ref}
      id="hdr-main-menu"
      className={`hdr-nav${mobile ? ' hdr-nav--mobile' : ''}`}
      aria-label="Main"
      hidden={mobile && !open}
    >
      <MenuLevel
        key={generation}
        items={items}
        depth={0}
        mobile={mobile}
        onNavigate={() => {
          setGeneration((value) => value + 1);
          onNavigate();
        }}
      />
    </nav>
  );
}
