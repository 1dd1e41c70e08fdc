import { eventBus, type EventBus } from 'shared-store';
import { pageConsent, type ConsentChoice } from './consentChoice';
import type * as QuestionExports from './consentQuestion';

type Question = ReturnType<typeof QuestionExports.startConsentQuestion>;

/**
 * The cookie question's code is loaded when the visitor first reaches for it (a finger or a key
 * on it, a focus in it) or asks for it (Cookie settings), not with the page: most visits answer
 * it once. A tap that comes before the code is replayed once it has arrived; a load that fails
 * (the network down at that moment) is forgotten, so the next tap tries again.
 */
export function watchConsentQuestion(
  doc: Document = document,
  consent: ConsentChoice = pageConsent(),
  bus: EventBus = eventBus,
): void {
  const question = doc.querySelector<HTMLElement>('.shell-consent');
  if (!question) return;
  // Served with the question although its cookie holds an answer (the development server).
  if (consent.choice()) question.hidden = true;
  let started: Promise<Question> | undefined;
  let live = false;
  const start = () => {
    started ??= import('./consentQuestion').then(
      (module) => {
        live = true;
        return module.startConsentQuestion(question, consent);
      },
      (error: unknown) => {
        started = undefined;
        console.warn('The cookie question could not be loaded; a new tap tries again.', error);
        throw error;
      },
    );
    return started;
  };
  for (const reach of ['pointerdown', 'keydown', 'focusin']) {
    question.addEventListener(reach, () => void start().catch(() => undefined), { once: true });
  }
  // Once the code runs, its own listener (added after this one) takes every tap.
  question.addEventListener('click', (event) => {
    const tapped = event.target instanceof Element ? event.target.closest('button') : null;
    if (live || !tapped) return;
    void start().then(
      () => {
        tapped.click();
      },
      () => undefined,
    );
  });
  bus.on('consent:open').subscribe(() => {
    void start().then(
      (started) => {
        started.open();
      },
      () => undefined,
    );
  });
}
