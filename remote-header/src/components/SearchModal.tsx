import { useEffect, useId, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES, keepTabWithin, trackEvent } from 'shared-store';
import { useSuggestions } from './Suggestions';

/** The results page's path. */
const SEARCH_PATH = '/search';

/** How long the dialog stays open after a search, while the results page opens. */
const CLOSE_AFTER_SEARCH_MS = 1000;

export interface SearchModalProps {
  /** Closes the dialog, the focus going back to what opened it. */
  onClose: () => void;
  /** Closes the dialog after it moved to another page, whose heading takes the focus. */
  onLeave: () => void;
}

/**
 * The search dialog: focus stays inside while it is open, Escape closes it, and the caller gets
 * focus back. A valid term navigates to /search?s=, goes to the data layer (search_form, then
 * search), and the dialog closes 1 s later. The box is a combobox: matches are suggested under it
 * as the visitor types (useSuggestions), and opening one closes the dialog. After a move to
 * another page the focus is that page's, as after every move in the app (its heading); a new
 * search from the results page gives it back to the caller. The dialog's code, suggestions
 * included, loads when it is first opened (Header.tsx).
 */
export default function SearchModal({ onClose, onLeave }: SearchModalProps) {
  const titleId = useId();
  const errorId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState('');
  const [error, setError] = useState('');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Once a search is made, while the dialog closes, nothing more is suggested.
  const [searched, setSearched] = useState(false);
  const suggestions = useSuggestions(searched ? '' : term, {
    onSearchAll: search,
    onOpened: onLeave,
  });

  useEffect(() => {
    input.current?.focus();
    return () => {
      clearTimeout(closeTimer.current);
    };
  }, []);

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    search();
  }

  function search() {
    const trimmed = term.trim();
    if (!trimmed) {
      setError(MESSAGES.emptySearch);
      input.current?.focus();
      return;
    }
    setError('');
    setSearched(true);
    void navigate(`${SEARCH_PATH}?s=${encodeURIComponent(trimmed)}`);
    // The specification's search_form, and GA4's own search event for the same term.
    trackEvent({ event: 'search_form', search_term: trimmed });
    trackEvent({ event: 'search', search_term: trimmed });
    closeTimer.current = setTimeout(
      pathname === SEARCH_PATH ? onClose : onLeave,
      CLOSE_AFTER_SEARCH_MS,
    );
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (dialog.current) keepTabWithin(dialog.current, event);
  }

  return (
    <div className="hdr-modal" onKeyDown={onKeyDown}>
      <div className="hdr-modal__backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={dialog}
        className="hdr-modal__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <div className="hdr-modal__head">
          <h2 id={titleId}>Search</h2>
          <button
            type="button"
            className="hdr-modal__close"
            aria-label="Close search"
            onClick={onClose}
          >
            ×
          </button>
        </div>
        <form className="hdr-search" role="search" onSubmit={submit} noValidate>
          <input
            ref={input}
            type="search"
            className="hdr-search__input"
            placeholder="What are you looking for?"
            aria-label="Search term"
            aria-invalid={error !== ''}
            aria-describedby={error ? errorId : undefined}
            {...suggestions.input}
            value={term}
            onChange={(event) => {
              setTerm(event.target.value);
            }}
          />
          <button type="submit" className="hdr-button">
            Search
          </button>
        </form>
        {suggestions.list}
        {error && (
          <p id={errorId} className="hdr-search__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
