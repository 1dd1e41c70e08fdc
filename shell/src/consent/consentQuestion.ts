import type { ConsentChoice } from './consentChoice';

/**
 * Brings the page's cookie question to life (shell/public/index.html, outside the app's root, so
 * no render takes it over and nothing moves). Accept all and Reject all answer at once; Choose
 * shows the two choices and Save my choices; the answer is kept (consentChoice.ts) and the
 * question hidden. `open` (the footer's Cookie settings) shows it again with the answer given,
 * focused, and focus goes back to Cookie settings after the new answer. Loaded when the visitor
 * first reaches for the question (lazyQuestion.ts).
 *
 * The focus is never dropped (to the page's body, where a keyboard or screen reader user would
 * start again from the top): Choose, which hides itself, gives it to the first choice, and an
 * answer, which hides the question, gives it back to where it came from into the question, or
 * else (it came from nowhere, or before this code) to the page's content, the skip link's target.
 */
export function startConsentQuestion(
  question: HTMLElement,
  consent: ConsentChoice,
): { open: () => void } {
  const doc = question.ownerDocument;
  const choices = question.querySelector('fieldset');
  const box = (name: string) => choices?.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const button = (action: string) =>
    question.querySelector<HTMLButtonElement>(`button[data-consent="${action}"]`);
  let returnTo: HTMLElement | null = null;

  const choose = (shown: boolean) => {
    if (choices) choices.hidden = !shown;
    const [choosing, saving] = [button('choose'), button('save')];
    if (choosing) choosing.hidden = shown;
    if (saving) saving.hidden = !shown;
  };
  const decide = (analytics: boolean, marketing: boolean) => {
    consent.choose({ analytics, marketing });
    const active = doc.activeElement;
    const focusInQuestion = active === null || active === doc.body || question.contains(active);
    question.hidden = true;
    choose(false);
    if (focusInQuestion) {
      if (returnTo?.isConnected) returnTo.focus();
      else doc.getElementById('main')?.focus({ preventScroll: true });
    }
    returnTo = null;
  };

  // Where the focus came from into the question: where it goes back after the answer.
  question.addEventListener('focusin', (event) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !question.contains(from)) returnTo = from;
  });

  question.addEventListener('click', (event) => {
    const action = event.target instanceof Element ? event.target.closest('button') : null;
    switch (action?.dataset.consent) {
      case 'accept':
        decide(true, true);
        break;
      case 'reject':
        decide(false, false);
        break;
      case 'choose':
        choose(true);
        choices?.querySelector('input')?.focus();
        break;
      case 'save':
        decide(box('analytics')?.checked ?? false, box('marketing')?.checked ?? false);
        break;
    }
  });

  return {
    open() {
      const choice = consent.choice();
      const [analytics, marketing] = [box('analytics'), box('marketing')];
      if (analytics) analytics.checked = choice?.analytics ?? false;
      if (marketing) marketing.checked = choice?.marketing ?? false;
      choose(true);
      question.hidden = false;
      // Asked for from the foot of the page: focus (which scrolls it into view) goes to it.
      question.querySelector<HTMLElement>('h2')?.focus();
    },
  };
}
