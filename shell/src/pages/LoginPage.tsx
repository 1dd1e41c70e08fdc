import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  MESSAGES,
  SESSION_EXPIRED_QUERY,
  trackEvent,
  useDocumentTitle,
  useSession,
} from 'shared-store';
import { FormActions } from './components/FormActions';
import { FormField } from './components/FormField';
import { Notice } from './components/Notice';
import { PageShell } from './components/PageShell';
import { useAction } from './components/useAction';
import { useForm } from './components/useForm';
import { required } from './components/validation';
import './pages.css';

type LoginFields = 'email' | 'password';

function validate(values: Record<LoginFields, string>) {
  return {
    email: required(values.email, 'Please enter your email address.'),
    password: values.password === '' ? 'Please enter your password.' : undefined,
  };
}

/**
 * /login: email and password; the session's expiry said, where the company's app came here for it
 * by a full page load (elsewhere the expiry's own message says it). On success the session keeps the token and merges the saved cart,
 * the login goes to analytics (how, never who), then the learner goes home; a refusal shows the
 * server's message (it may hold a link).
 */
export default function LoginPage() {
  useDocumentTitle('Log in');
  const session = useSession();
  const navigate = useNavigate();
  const expired = useLocation().search.slice(1) === SESSION_EXPIRED_QUERY;
  const form = useForm<LoginFields>({ email: '', password: '' }, validate);
  const login = useAction((values: Record<LoginFields, string>) =>
    session.login(values.email.trim(), values.password),
  );

  const onSubmit = form.handleSubmit((values) => {
    void login.run(values).then((outcome) => {
      if (outcome?.status !== 'done') return;
      trackEvent({ event: 'login', method: 'email' });
      void navigate('/');
    });
  });

  return (
    <PageShell heading="Log in" narrow>
      {expired && <Notice tone="error">{MESSAGES.sessionExpired}</Notice>}
      <form className="shell-form" onSubmit={onSubmit} noValidate>
        <FormField
          label="Email address"
          type="email"
          autoComplete="username"
          {...form.field('email')}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <FormActions state={login.state} label="Log in" busyLabel="Logging in…" html />
      </form>
      <ul className="shell-links">
        <li>
          <Link to="/forgotpass">Forgot your password?</Link>
        </li>
        <li>
          New here? <Link to="/signup">Create an account</Link>
        </li>
      </ul>
    </PageShell>
  );
}
