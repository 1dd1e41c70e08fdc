import type { AppStore } from '../store/makeStore';

/**
 * A team that keeps something of the learner's (the cart, in the learner's account) and must take
 * part in the session: told when the learner logs in, asked to save before a logout, told when the
 * session has ended.
 */
export interface SessionParticipant {
  /** The learner has logged in on this page (the cart merges the account's saved cart). */
  loggedIn?: () => Promise<void>;
  /**
   * A logout is about to end the session: save what must be saved while the token still works.
   * `failed` keeps the learner logged in and asks them (try again, or keep it on this device).
   */
  beforeLogout?: () => Promise<'saved' | 'failed'>;
  /**
   * The session ended on this page (a logout, an expiry, another tab). `keepOnDevice`: what the
   * learner had stays on this device, to join the account at the next login.
   */
  sessionEnded?: (options: { keepOnDevice: boolean }) => void;
}

const participants = new WeakMap<AppStore, SessionParticipant[]>();

/** The participants in the session of the page whose store this is. */
export function participantsOf(store: AppStore): readonly SessionParticipant[] {
  let list = participants.get(store);
  if (!list) {
    list = [];
    participants.set(store, list);
  }
  return list;
}

/** Makes a team take part in the page's session; answers how to stop. */
export function joinSession(store: AppStore, participant: SessionParticipant): () => void {
  const list = participantsOf(store) as SessionParticipant[];
  list.push(participant);
  return () => {
    const index = list.indexOf(participant);
    if (index >= 0) list.splice(index, 1);
  };
}
