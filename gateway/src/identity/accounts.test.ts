import type { FastifyInstance } from 'fastify';
import {
  accountsGatewayPerTest,
  accountsGatewaysOnRedis,
  CLASS,
  LEARNERS,
} from '../test-support/accountsWordPress';

const [LEARNER, COLLEAGUE] = LEARNERS as [(typeof LEARNERS)[number], (typeof LEARNERS)[number]];
const VENUE = '198.51.100.7';
const ELSEWHERE = '203.0.113.9';

const login = (
  gateway: FastifyInstance,
  username: string,
  password: string,
  remoteAddress = VENUE,
) =>
  gateway.inject({
    method: 'POST',
    url: '/wp-json/jwt-auth/v1/token',
    remoteAddress,
    payload: { username, password },
  });

const LOCKED =
  'Too many failed attempts. Please wait 15 minutes and try again, or reset your password.';

const INCORRECT = {
  code: '[jwt_auth] invalid_credentials',
  message: 'The email address or password is incorrect.',
  data: { status: 403 },
};

describe('the account forms through the gateway', () => {
  // A gateway per test: each starts with no failure counted.
  const forms = accountsGatewayPerTest();

  describe('login', () => {
    it('a wrong address, a wrong username and a wrong password get one answer', async () => {
      const answers = [
        await login(forms.gateway, 'nobody@example.com', 'anything'),
        await login(forms.gateway, 'nobody', 'anything'),
        await login(forms.gateway, LEARNER.email, 'not-the-password'),
        await login(forms.gateway, LEARNER.username, 'not-the-password'),
      ];
      for (const answer of answers) {
        expect(answer.statusCode).toBe(403);
        expect(answer.json()).toEqual(INCORRECT);
      }
      expect((await login(forms.gateway, LEARNER.email, LEARNER.password)).statusCode).toBe(200);
    });

    it('a class of 25 behind one venue’s address all log in within a minute, each after a typo', async () => {
      const statuses: number[] = [];
      for (const doctor of CLASS) {
        expect((await login(forms.gateway, doctor.email, 'typo')).statusCode).toBe(403);
        statuses.push((await login(forms.gateway, doctor.email, doctor.password)).statusCode);
      }
      expect(statuses).toEqual(CLASS.map(() => 200));
    });

    it('one address tries at most 5 passwords on one account in 15 minutes; the account stays open to others', async () => {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect(
          (await login(forms.gateway, LEARNER.email, `guess-${String(attempt)}`)).statusCode,
        ).toBe(403);
      }
      const refused = await login(forms.gateway, LEARNER.email, LEARNER.password);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        message:
          'Too many failed attempts. Please wait 15 minutes and try again, or reset your password.',
      });
      expect(refused.headers['retry-after']).toBe('900');
      // The same account spelled otherwise is the same account.
      expect(
        (await login(forms.gateway, ' LEARNER@Example.com ', LEARNER.password)).statusCode,
      ).toBe(429);
      // Another account from this address, this account from another address.
      expect((await login(forms.gateway, COLLEAGUE.email, COLLEAGUE.password)).statusCode).toBe(
        200,
      );
      expect(
        (await login(forms.gateway, LEARNER.email, LEARNER.password, ELSEWHERE)).statusCode,
      ).toBe(200);

      jest.setSystemTime(Date.now() + 15 * 60_000);
      expect((await login(forms.gateway, LEARNER.email, LEARNER.password)).statusCode).toBe(200);
    });

    it('the login name and the email address of one account share one count', async () => {
      for (const [index, entry] of [LEARNER.email, LEARNER.username, ' Learner '].entries()) {
        expect((await login(forms.gateway, entry, `guess-${String(index)}`)).statusCode).toBe(403);
      }
      for (const index of [3, 4]) {
        expect(
          (await login(forms.gateway, LEARNER.email.toUpperCase(), `guess-${String(index)}`))
            .statusCode,
        ).toBe(403);
      }
      for (const entry of [LEARNER.username, LEARNER.email]) {
        const refused = await login(forms.gateway, entry, LEARNER.password);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ message: LOCKED });
      }
      expect((await login(forms.gateway, COLLEAGUE.username, COLLEAGUE.password)).statusCode).toBe(
        200,
      );
    });

    it('an account takes at most 10 failed logins in 15 minutes from every address together; a password reset opens it at once', async () => {
      const addresses = Array.from({ length: 10 }, (_, index) => `192.0.2.${String(index + 1)}`);
      for (const [index, address] of addresses.entries()) {
        const entry = index % 2 === 0 ? LEARNER.email : LEARNER.username;
        expect((await login(forms.gateway, entry, 'guess', address)).statusCode).toBe(403);
      }
      const refused = await login(forms.gateway, LEARNER.username, LEARNER.password, ELSEWHERE);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ message: LOCKED });
      expect(
        (await login(forms.gateway, COLLEAGUE.email, COLLEAGUE.password, ELSEWHERE)).statusCode,
      ).toBe(200);

      const reset = await forms.gateway.inject({
        method: 'POST',
        url: '/wp-json/custom/v1/reset-password-form',
        remoteAddress: ELSEWHERE,
        payload: { key: LEARNER.resetKey, login: LEARNER.email, new_password: 'A new one 2026' },
      });
      expect(reset.statusCode).toBe(200);
      expect(
        (await login(forms.gateway, LEARNER.email, LEARNER.password, ELSEWHERE)).statusCode,
      ).toBe(200);
    });

    it('a name with no account is counted and locked as an account is: the lock tells nothing', async () => {
      const answers = [];
      for (const entry of ['nobody@example.com', LEARNER.email]) {
        for (let attempt = 1; attempt <= 5; attempt += 1) {
          expect((await login(forms.gateway, entry, 'guess')).statusCode).toBe(403);
        }
        const refused = await login(forms.gateway, entry, 'guess');
        answers.push({ status: refused.statusCode, body: refused.body });
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]?.status).toBe(429);
    });

    it('with WooCommerce’s customer list unusable, a login works and its failures count by the name given', async () => {
      forms.wordpress.state.failCustomers = true;
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await login(forms.gateway, LEARNER.email, 'guess')).statusCode).toBe(403);
      }
      expect((await login(forms.gateway, LEARNER.email, LEARNER.password)).statusCode).toBe(429);
      expect((await login(forms.gateway, COLLEAGUE.email, COLLEAGUE.password)).statusCode).toBe(
        200,
      );
    });

    it('one address makes at most 30 failed logins a minute, across accounts', async () => {
      for (let account = 1; account <= 30; account += 1) {
        const answer = await login(
          forms.gateway,
          `guess-${String(account)}@example.com`,
          'password1',
        );
        expect(answer.statusCode).toBe(403);
      }
      const refused = await login(forms.gateway, 'guess-31@example.com', 'password1');
      expect(refused.statusCode).toBe(429);
      expect((await login(forms.gateway, LEARNER.email, LEARNER.password)).statusCode).toBe(429);
      expect(
        (await login(forms.gateway, LEARNER.email, LEARNER.password, ELSEWHERE)).statusCode,
      ).toBe(200);
      jest.setSystemTime(Date.now() + 60_000);
      expect((await login(forms.gateway, LEARNER.email, LEARNER.password)).statusCode).toBe(200);
    });

    it('a login WordPress could not answer is no failed guess', async () => {
      forms.wordpress.state.failLogins = true;
      for (let attempt = 1; attempt <= 6; attempt += 1) {
        expect((await login(forms.gateway, LEARNER.email, LEARNER.password)).statusCode).toBe(500);
      }
      forms.wordpress.state.failLogins = false;
      expect((await login(forms.gateway, LEARNER.email, LEARNER.password)).statusCode).toBe(200);
    });
  });

  describe('sign-up', () => {
    const signUp = (email: string, username: string) =>
      forms.gateway.inject({
        method: 'POST',
        url: '/wp-json/custom/v1/register',
        payload: { username, email, password: 'Long enough 2026' },
      });

    it('answers an address or a username with an account as it answers new ones, and never with a user id', async () => {
      const addressTaken = await signUp(LEARNER.email, 'drnewname');
      const usernameTaken = await signUp('another.doctor@example.com', LEARNER.username);
      const fresh = await signUp('new.doctor@example.com', 'drnewdoctor');
      for (const answer of [addressTaken, usernameTaken, fresh]) {
        expect(answer.statusCode).toBe(201);
        expect(answer.body).toBe(fresh.body);
      }
      expect(fresh.json()).toEqual({
        success: true,
        message:
          'If this email address and username are new to us, your account is ready: log in with your email address and password. If either already has an account, log in with that account’s password or reset it, or sign up again with another username.',
      });
    });
  });

  describe('forgot password', () => {
    const forgot = (email: unknown) =>
      forms.gateway.inject({
        method: 'POST',
        url: '/wp-json/custom/v1/forgot-password',
        payload: { email },
      });

    it('answers an address with an account as it answers one without', async () => {
      const known = await forgot(LEARNER.email);
      const unknown = await forgot('nobody@example.com');
      expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
      expect(known.body).toBe(unknown.body);
      expect(known.json()).toEqual({
        success: true,
        message: 'If an account exists for that email, a reset link has been sent.',
      });
    });

    it('refuses what is not an address before WordPress is asked', async () => {
      for (const email of ['not an address', '', 42, undefined]) {
        const answer = await forgot(email);
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toMatchObject({ message: 'Please enter a valid email address.' });
      }
      expect(forms.wordpress.reached('forgot-password')).toEqual([]);
    });
  });
});

describe('failed logins, across gateways sharing Redis', () => {
  const gateways = accountsGatewaysOnRedis();

  it('count every gateway’s failures together, an account’s login name and address as one', async () => {
    const [a, b] = [await gateways.gateway(), await gateways.gateway()];
    for (const [index, instance] of [a, b, a, b, a].entries()) {
      const entry = index % 2 === 0 ? LEARNER.email : LEARNER.username;
      expect((await login(instance, entry, `guess-${String(index)}`)).statusCode).toBe(403);
    }
    expect((await login(b, LEARNER.email, LEARNER.password)).statusCode).toBe(429);
    expect((await login(a, LEARNER.email, LEARNER.password)).statusCode).toBe(429);
  });
});
