import { Link } from 'react-router-dom';
import { trackEvent, useDocumentTitle, validateEmail } from 'shared-store';
import { Confirmation } from './components/Confirmation';
import { FormActions } from './components/FormActions';
import { FormField } from './components/FormField';
import { NewPasswordFields } from './components/NewPasswordFields';
import { confirmationMessage } from './components/messages';
import { PageShell } from './components/PageShell';
import { useAction } from './components/useAction';
import { useForm } from './components/useForm';
import { confirmError, passwordError, required } from './components/validation';
import './pages.css';
import { siteApi } from './reads/site';

type SignupFields = 'username' | 'email' | 'password' | 'confirm';

function validate(values: Record<SignupFields, string>) {
  return {
    username: required(values.username, 'Please choose a username.'),
    email: validateEmail(values.email) ?? undefined,
    password: passwordError(values.password),
    confirm: confirmError(values.password, values.confirm),
  };
}

async function register(values: Record<SignupFields, string>): Promise<string> {
  const answer = await siteApi.register({
    username: values.username.trim(),
    email: values.email.trim(),
    password: values.password,
  });
  return confirmationMessage(answer, 'You can now log in with your email address and password.');
}

/**
 * /signup: an account from a username, an email and a password typed twice. The answer is the
 * same whether or not the address already had an account (the gateway says so in its message),
 * so the confirmation promises nothing more than a way to log in or to reset the password; analytics is told of a sign-up
 * (how, never who) whenever it is confirmed.
 */
export default function SignupPage() {
  useDocumentTitle('Sign up');
  const form = useForm<SignupFields>(
    { username: '', email: '', password: '', confirm: '' },
    validate,
  );
  const signup = useAction(register);

  if (signup.state.status === 'done') {
    return (
      <PageShell heading="Sign up" narrow>
        <Confirmation heading="Thank you for signing up">
          <p>{signup.state.result}</p>
          <p>
            <Link className="shell-button" to="/login">
              Log in
            </Link>
          </p>
          <p>
            <Link to="/forgotpass">Reset your password</Link>
          </p>
        </Confirmation>
      </PageShell>
    );
  }

  return (
    <PageShell heading="Sign up" narrow>
      <form
        className="shell-form"
        onSubmit={form.handleSubmit((values) => {
          void signup.run(values).then((outcome) => {
            if (outcome?.status === 'done') trackEvent({ event: 'sign_up', method: 'email' });
          });
        })}
        noValidate
      >
        <FormField label="Username" autoComplete="username" {...form.field('username')} />
        <FormField
          label="Email address"
          type="email"
          autoComplete="email"
          {...form.field('email')}
        />
        <NewPasswordFields field={form.field} label="Password" />
        <FormActions
          state={signup.state}
          label="Create account"
          busyLabel="Creating your account…"
        />
      </form>
      <p className="shell-links">
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </PageShell>
  );
}
