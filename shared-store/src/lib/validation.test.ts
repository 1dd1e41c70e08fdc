import { validateEmail } from './validation';

describe('email validation', () => {
  it("an empty email gives 'Email is required!'", () => {
    expect(validateEmail('   ')).toBe('Email is required!');
  });

  it('an email without the simple shape gives the example message', () => {
    for (const bad of ['doctor', 'doctor@', 'doctor@nhs', 'a b@nhs.uk']) {
      expect(validateEmail(bad)).toBe(
        "Please enter a valid email address like 'name@example.com'.",
      );
    }
  });

  it('a valid email passes', () => {
    expect(validateEmail(' dr.patel@nhs.net ')).toBeNull();
  });
});
