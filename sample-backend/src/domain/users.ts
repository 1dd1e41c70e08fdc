import { DEMO_LEARNER } from '../config';

/** An account that can log in. */
export interface UserAccount {
  id: number;
  login: string;
  email: string;
  password: string;
  displayName: string;
  firstName: string;
  lastName: string;
}

/**
 * The accounts that can log in: the demo learner from the start, plus those created through
 * `custom/v1/register`, which live for the process lifetime only.
 */
export class UserDirectory {
  private readonly accounts: UserAccount[] = [
    {
      id: DEMO_LEARNER.userId,
      login: DEMO_LEARNER.username,
      email: DEMO_LEARNER.email,
      password: DEMO_LEARNER.password,
      displayName: DEMO_LEARNER.displayName,
      firstName: 'Test',
      lastName: 'Learner',
    },
  ];

  /** Ids 1 and 2 are the site's authors; new accounts come after the learner. */
  private nextId: number = DEMO_LEARNER.userId + 1;

  /** Every account, in id order. */
  all(): readonly UserAccount[] {
    return this.accounts;
  }

  byId(id: number): UserAccount | undefined {
    return this.accounts.find((account) => account.id === id);
  }

  /** Looks up a login name, case-insensitively as WordPress (MySQL) does. */
  byLogin(login: string): UserAccount | undefined {
    const wanted = login.trim().toLowerCase();
    return this.accounts.find((account) => account.login.toLowerCase() === wanted);
  }

  /** Looks up an email address, case-insensitively. */
  byEmail(email: string): UserAccount | undefined {
    const wanted = email.trim().toLowerCase();
    return this.accounts.find((account) => account.email.toLowerCase() === wanted);
  }

  /** Adds an account; the caller has checked that login and email are free. */
  register(login: string, email: string, password: string): UserAccount {
    const account: UserAccount = {
      id: this.nextId,
      login,
      email,
      password,
      displayName: login,
      firstName: '',
      lastName: '',
    };
    this.nextId += 1;
    this.accounts.push(account);
    return account;
  }
}
