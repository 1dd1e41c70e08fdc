import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { sanitizeHtml, type MenuItem } from 'shared-store';
import { menuTarget } from './menuLinks';

function MenuLink({ item }: { item: MenuItem }) {
  const target = menuTarget(item.url);
  const title = <span dangerouslySetInnerHTML={{ __html: sanitizeHtml(item.title) }} />;
  if (!target) return <span className="hdr-menu__text">{title}</span>;
  const { to, external } = target;
  if (external) {
    return (
      <a
        className="hdr-menu__link"
        href={to}
        target={item.target === '_blank' ? '_blank' : undefined}
      >
        {title}
      </a>
    );
  }
  return (
    <Link className="hdr-menu__link" to={to}>
      {title}
    </Link>
  );
}

function MenuEntry({ item, depth }: { item: MenuItem; depth: number }) {
  const [open, setOpen] = useState(false);
  const children = Array.isArray(item.items) ? item.items : [];
  if (children.length === 0) {
    return (
      <li className="hdr-menu__item">
        <MenuLink item={item} />
      </li>
    );
  }
  return (
    <li className="hdr-menu__item hdr-menu__item--parent">
      <button
        type="button"
        className="hdr-menu__toggle"
        aria-expanded={open}
        onClick={() => {
          setOpen((value) => !value);
        }}
      >
        <span dangerouslySetInnerHTML={{ __html: sanitizeHtml(item.title) }} />
      </button>
      {open && <MenuList items={children} depth={depth + 1} />}
    </li>
  );
}

function MenuList({ items, depth }: { items: MenuItem[]; depth: number }) {
  return (
    <ul className={depth === 0 ? 'hdr-menu' : 'hdr-menu__sub'}>
      {items.map((item, index) => (
        <MenuEntry key={`${String(item.ID)}-${String(index)}`} item={item} depth={depth} />
      ))}
    </ul>
  );
}

/** The multi-level dropdown menu; a click outside closes every dropdown. */
export function Menu({ items }: { items: MenuItem[] }) {
  const ref = useRef<HTMLElement>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    function onPointerDown(event: PointerEvent) {
      if (ref.current && !ref.current.contains(event.target as Node)) {
        setGeneration((value) => value + 1);
      }
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, []);
  return (
    <nav ref={ref} className="hdr-nav" aria-label="Main">
      <MenuList key={generation} items={items} depth={0} />
    </nav>
  );
}
