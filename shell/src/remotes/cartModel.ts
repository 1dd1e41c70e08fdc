import { provideModel, type AddOutcome, type CartModel, type MountOptions } from 'shared-store';
import { loadRemoteModule } from './federation';

/**
 * How long the first render waits for the cart's model: its slices and the badge's count are
 * there from the first paint when it comes in time. Later, the page shows without it (the badge
 * counts the stored cart) and the model joins when it arrives.
 */
const CART_MODEL_WAIT_MS = 3000;

/** The functions of the cart's model the page calls (shared-store's CartModel contract). */
const CART_MODEL_FUNCTIONS = [
  'connect',
  'start',
  'selectTotalQuantity',
  'lineAdded',
  'packageChosen',
] as const;

/**
 * A cart model as a cart release before `addOutcome` joined the contract exposes it: the page
 * still loads one while its cart remote is an older release (deployed apart from the shell and
 * the home remote, or rolled back).
 */
type ReleasedCartModel = Omit<CartModel, 'addOutcome'> & Partial<Pick<CartModel, 'addOutcome'>>;

function isCartModelModule(module: unknown): module is { default: ReleasedCartModel } {
  const model: unknown = (module as { default?: unknown } | null)?.default;
  if (typeof model !== 'object' || model === null) return false;
  const fields = model as Record<string, unknown>;
  return (
    CART_MODEL_FUNCTIONS.every((name) => typeof fields[name] === 'function') &&
    (fields.addOutcome === undefined || typeof fields.addOutcome === 'function')
  );
}

/** What an older cart does with every add: it takes it, and the mini-cart confirms it. */
const PLAIN_ADD: AddOutcome = { adds: true };

/**
 * The model as the other teams use it: one without `addOutcome` (an older cart release) answers
 * every add as a plain add, as that release took them, so the home remote's add still works.
 */
function withAddOutcome(model: ReleasedCartModel): CartModel {
  return { ...model, addOutcome: model.addOutcome ?? (() => PLAIN_ADD) };
}

/**
 * Loads the cart's model from the cart remote's exposed module `id` (an older release's gets the
 * plain add's outcome); a failure is logged.
 */
export function loadCartModel(id: string): Promise<CartModel> {
  const model = loadRemoteModule(id, isCartModelModule).then((module) =>
    withAddOutcome(module.default),
  );
  model.catch((error: unknown) => {
    console.error('The cart could not load: the page shows without it.', error);
  });
  return model;
}

/**
 * Waits for `task` to settle, at most `ms`: resolves when it is done (whether it succeeded or
 * failed), or when the time is up. Never rejects: what the task does, or how it fails, is its
 * own concern.
 */
export function withinMs(ms: number, task: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    task.then(done, done);
  });
}

/**
 * The page's start with the cart's model (mountApp's options): the model is connected to the
 * store and provided to the other teams before the first render, which waits for it at most
 * `waitMs`; it starts once the stored state is back. A model that comes later joins then; one
 * that never comes leaves the page without a cart, whose stored state stays as it was.
 */
export function withCartModel(
  cartModel: Promise<CartModel>,
  waitMs: number = CART_MODEL_WAIT_MS,
): Pick<MountOptions, 'prepare' | 'start'> {
  return {
    prepare: (store) =>
      withinMs(
        waitMs,
        cartModel.then((model) => {
          model.connect(store);
          provideModel('cart', model);
        }),
      ),
    start: (store) => {
      cartModel.then(
        (model) => {
          model.start(store);
        },
        () => undefined,
      );
    },
  };
}
