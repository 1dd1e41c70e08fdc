import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { priceIds, productPriceText, read, shopReads, useRead } from 'shared-store';
import { MAX_SUGGESTIONS, countText, suggestionReads, suggestionsOf } from '../data/suggestions';
import './suggestions.css';

/** A shorter term suggests nothing: one letter matches half the site. */
const MIN_CHARS = 2;

/** The pause in the typing after which the box asks: keystrokes closer together ask nothing. */
const TYPING_PAUSE_MS = 200;

/** The answer the list shows: the search's, for `term`. */
interface Shown {
  term: string;
  answer: unknown[];
}

interface SuggestionsOptions {
  /** "See all results": the search the box's Search button makes. */
  onSearchAll: () => void;
  /** A suggestion was opened. */
  onOpened: () => void;
}

/**
 * The search box as a WAI-ARIA combobox: as the visitor types, once the typing pauses, the site's
 * best matches for the latest term are listed under it, each with its title, picture and, for a
 * product, its price (one read for them all), then "See all results"; a polite status says how
 * many results there are. An answer for an earlier term is never shown once a later one was
 * asked; the list stays while the next answer is on its way. The arrow keys choose an option,
 * Enter opens it, Escape closes the list (a second Escape, the dialog). A failed search lists
 * nothing, and the box's Search goes to the results page as ever.
 *
 * Gives the box's attributes and key handler, and what to show under the box.
 */
export function useSuggestions(term: string, { onSearchAll, onOpened }: SuggestionsOptions) {
  const navigate = useNavigate();
  const listboxId = useId();
  const wanted = term.trim().length >= MIN_CHARS ? term.trim() : null;
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    let latest = true;
    const timer = setTimeout(() => {
      if (wanted === null) {
        setShown(null);
        return;
      }
      read(suggestionReads.search, wanted).then(
        (answer) => {
          if (latest) setShown({ term: wanted, answer });
        },
        () => {
          if (latest) setShown(null);
        },
      );
    }, TYPING_PAUSE_MS);
    return () => {
      latest = false;
      clearTimeout(timer);
    };
  }, [wanted]);
  // A box cleared (or down to one letter) lists nothing at once.
  const current = wanted === null ? null : shown;
  const { total, items } = useMemo(() => {
    const all = current ? suggestionsOf(current.answer) : [];
    return { total: all.length, items: all.slice(0, MAX_SUGGESTIONS) };
  }, [current]);
  const prices = useRead(shopReads.prices, priceIds(items.flatMap((item) => item.productId ?? [])));
  const priced: Readonly<Record<string, unknown>> = prices.status === 'ready' ? prices.data : {};

  // The option chosen with the arrow keys, and whether Escape closed the list: both hold for the
  // answer they were made on only, so a new answer opens the list with none chosen.
  const [choice, setChoice] = useState({ on: current, index: -1, closed: false });
  const kept = choice.on === current;
  const open = !(kept && choice.closed);
  const options = items.length + 1;
  const expanded = open && items.length > 0;
  const index = expanded && kept ? choice.index : -1;
  const idOf = (at: number) => `${listboxId}-${String(at)}`;

  function onKeyDown(event: KeyboardEvent) {
    const { key } = event;
    if (items.length === 0) return;
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      // Round the options, "See all results" last; a closed list only opens.
      event.preventDefault();
      const up = key === 'ArrowUp';
      const next = expanded
        ? ((index < 0 && up ? 0 : index) + (up ? options - 1 : 1)) % options
        : -1;
      setChoice({ on: current, index: next, closed: false });
      // A short screen (a phone on its side) scrolls the list to it.
      document.getElementById(idOf(next))?.scrollIntoView({ block: 'nearest' });
    } else if (key === 'Enter' && index >= 0) {
      event.preventDefault();
      const item = items[index];
      if (!item) {
        onSearchAll();
        return;
      }
      void navigate(item.to);
      onOpened();
    } else if (key === 'Escape' && expanded) {
      // The list closes, the term stays (a search box's Escape would clear it), and the dialog
      // stays open for a second Escape.
      event.preventDefault();
      event.stopPropagation();
      setChoice({ on: current, index: -1, closed: true });
    }
  }

  const input = {
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': expanded,
    'aria-controls': expanded ? listboxId : undefined,
    'aria-activedescendant': index >= 0 ? idOf(index) : undefined,
    onKeyDown,
  } as const;

  const list = (
    <div className="hdr-suggest">
      <p role="status">{current && open ? countText(total, current.term) : ''}</p>
      {expanded && current && (
        <div id={listboxId} role="listbox" aria-label="Suggestions">
          {items.map((item, at) => (
            <Link
              // The options of one answer, in its order: an answer replaces them all.
              key={at}
              id={idOf(at)}
              role="option"
              aria-selected={at === index}
              tabIndex={-1}
              to={item.to}
              onClick={onOpened}
            >
              {item.image && <img src={item.image} alt="" width="64" height="36" />}
              {item.title}
              <span>
                {item.productId && productPriceText(priced[String(item.productId)], item.listed)}
              </span>
            </Link>
          ))}
          <Link
            id={idOf(items.length)}
            role="option"
            aria-selected={index === items.length}
            tabIndex={-1}
            to={`/search?s=${encodeURIComponent(current.term)}`}
            onClick={(event) => {
              event.preventDefault();
              onSearchAll();
            }}
          >
            See all results
          </Link>
        </div>
      )}
    </div>
  );
  return { input, list };
}
