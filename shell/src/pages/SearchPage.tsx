import { useContext, useMemo, useState, type SubmitEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  COURSES_SECTION_ID,
  MESSAGES,
  PlainText,
  priceIds,
  productPriceText,
  shopReads,
  toPrice,
  trackEvent,
  useDocumentTitle,
  useMounted,
  useRead,
} from 'shared-store';
import { errorMessage, field, numberField, text } from './components/messages';
import { Notice } from './components/Notice';
import { PageShell } from './components/PageShell';
import { RichText } from './components/RichText';
import { SmartLink } from './components/SmartLink';
import './pages.css';
import { siteReads } from './reads/site';

const TYPE_LABELS: Record<string, string> = {
  course: 'Course',
  event: 'Event',
  post: 'Article',
  page: 'Page',
};

interface ResultView {
  key: string;
  title: string;
  url: unknown;
  type: string | undefined;
  excerptHtml: string;
  /** A course's or an event's WooCommerce product, which the shop prices. */
  productId: number | undefined;
  /** The price WordPress lists: an event's, whose product has no month options. */
  listed: number;
}

/** A WooCommerce product's id: a whole number from 1; undefined for anything else. */
const productIdOf = (id: number | null) =>
  id !== null && Number.isInteger(id) && id > 0 ? id : undefined;

/**
 * The results worth showing: each with a title (read as plain text by `readText`, the page's
 * PlainText reading); anything else in the answer is dropped.
 */
function toResults(list: unknown[], readText: (text: unknown) => string): ResultView[] {
  return list.flatMap((raw, index) => {
    const title = readText(text(raw, 'title')).trim();
    if (title === '') return [];
    return [
      {
        key: `${String(numberField(raw, 'id') ?? 'result')}-${String(index)}`,
        title,
        url: field(raw, 'url'),
        type: TYPE_LABELS[text(raw, 'type')],
        excerptHtml: text(raw, 'excerpt'),
        productId: productIdOf(numberField(raw, 'product_id')),
        listed: toPrice(field(raw, 'price')),
      },
    ];
  });
}

/**
 * The box's id: the page has one, and its server render (shell/src/server/pages.tsx) writes the
 * same id as the browser's first render, which useId's would not.
 */
const SEARCH_FIELD_ID = 'shell-search-term';

/** The search box on the page: refine the term without opening the header's dialog. */
function SearchForm({ term }: { term: string }) {
  const [, setParams] = useSearchParams();
  const [value, setValue] = useState(term);
  const [error, setError] = useState<string | null>(null);
  const id = SEARCH_FIELD_ID;
  // Drawn on the server, the form waits for the page's code, which alone knows what a search does.
  const codeRunning = useMounted();

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = value.trim();
    if (trimmed === '') {
      setError(MESSAGES.emptySearch);
      return;
    }
    setError(null);
    setParams({ s: trimmed });
    // The specification's search_form, and GA4's own search event for the same term.
    trackEvent({ event: 'search_form', search_term: trimmed });
    trackEvent({ event: 'search', search_term: trimmed });
  }

  return (
    <form
      className="shell-search-form"
      role="search"
      onSubmit={onSubmit}
      noValidate
      inert={!codeRunning}
    >
      <label className="shell-field__label" htmlFor={id}>
        Search courses, events and articles
      </label>
      <div className="shell-search-form__row">
        <input
          className="shell-field__input"
          id={id}
          type="search"
          value={value}
          placeholder="What are you looking for?"
          onChange={(event) => {
            setValue(event.target.value);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button className="shell-button" type="submit" disabled={!codeRunning}>
          Search
        </button>
      </div>
      {error && (
        <p className="shell-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** /search?s=term: the site search's results, with links; a blank term asks for one. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const term = (params.get('s') ?? '').trim();
  useDocumentTitle(term ? `Search results for “${term}”` : 'Search');
  const answer = useRead(siteReads.search, term || null);
  const found = answer.status === 'ready' ? answer.data : null;
  const { shown: readText } = useContext(PlainText);
  const shown = useMemo(() => (found ? toResults(found, readText) : []), [found, readText]);
  // The products' prices, in one read (carried in the page when the server drew it).
  const prices = useRead(shopReads.prices, priceIds(shown.flatMap((hit) => hit.productId ?? [])));
  const priced: Readonly<Record<string, unknown>> = prices.status === 'ready' ? prices.data : {};

  return (
    <PageShell
      heading={term ? `Search results for “${term}”` : 'Search'}
      busy={answer.status === 'loading'}
    >
      <SearchForm key={term} term={term} />
      {answer.status === 'idle' && <p>Type a course, an exam or a topic to search the site.</p>}
      {answer.status === 'loading' && (
        <p className="shell-loading" role="status">
          Searching…
        </p>
      )}
      {answer.status === 'failed' && <Notice tone="error">{errorMessage(answer.error)}</Notice>}
      {answer.status === 'ready' &&
        (shown.length === 0 ? (
          <Notice tone="info">
            <p>No results for “{term}”.</p>
            <p>
              <Link to={`/#${COURSES_SECTION_ID}`}>Browse all our courses</Link>
            </p>
          </Notice>
        ) : (
          <>
            <p className="shell-muted" role="status">
              {shown.length === 1 ? '1 result' : `${String(shown.length)} results`}
            </p>
            <ol className="shell-results">
              {shown.map((result) => (
                <li className="shell-card" key={result.key}>
                  {result.type && <p className="shell-card__meta">{result.type}</p>}
                  <h2 className="shell-card__title">
                    <SmartLink href={result.url}>{result.title}</SmartLink>
                  </h2>
                  {result.productId !== undefined && (
                    // Its line is there before its price comes: nothing below it moves.
                    <p className="shell-card__price">
                      {productPriceText(priced[String(result.productId)], result.listed)}
                    </p>
                  )}
                  <RichText className="shell-card__excerpt shell-prose" html={result.excerptHtml} />
                </li>
              ))}
            </ol>
          </>
        ))}
    </PageShell>
  );
}
