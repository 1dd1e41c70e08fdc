import { Link, useSearchParams } from 'react-router-dom';
import { useDocumentTitle, validateEmail } from 'shared-store';
import { Confirmation } from './components/Confirmation';
import { FormActions } from './components/FormActions';
import { FormField } from './components/FormField';
import { NewPasswordFields } from './components/NewPasswordFields';
import { confirmationMessage } from './components/messages';
import { Notice } from './components/Notice';
import { PageShell } from './components/PageShell';
import { useAction } from './components/useAction';
import { useForm } from './components/useForm';
import { confirmError, passwordError } from './components/validation';
import './pages.css';
import { siteApi } from './reads/site';

async function requestLink({ email }: Record<'email', string>): Promise<string> {
  const answer = await siteApi.forgotPassword(email.trim());
  return confirmationMessage(answer, 'Please check your inbox for a link to reset your password.');
}

/** Step one: the email address the reset link goes to. */
function RequestLinkForm({ incompleteLink }: { incompleteLink: boolean }) {
  const form = useForm<'email'>({ email: '' }, (values) => ({
    email: validateEmail(values.email) ?? undefined,
  }));
  const request = useAction(requestLink);

  if (request.state.status === 'done') {
    return (
      <Confirmation heading="Check your inbox">
        <p>{request.state.result}</p>
        <p>
          <Link to="/login">Back to log in</Link>
        </p>
      </Confirmation>
    );
  }
  return (
    <>
      {incompleteLink ? (
        <Notice tone="error">
          <p>
            This password reset link is incomplete: part of it is missing. Please request a new one
            below, or <Link to="/forgotpass">start again</Link>.
          </p>
        </Notice>
      ) : (
        <p>
          Enter the email address of your account and we will send you a link to reset your
          password.
        </p>
      )}
      <form
        className="shell-form"
        onSubmit={form.handleSubmit((values) => void request.run(values))}
        noValidate
      >
        <FormField
          label="Email address"
          type="email"
          autoComplete="email"
          {...form.field('email')}
        />
        <FormActions state={request.state} label="Send reset link" busyLabel="Sending…" />
      </form>
      <p className="shell-links">
        Remembered it? <Link to="/login">Log in</Link>
      </p>
    </>
  );
}

type ResetFields = 'password' | 'confirm';

/** Step two, from the emailed link: the new password, typed twice. */
function ResetPasswordForm({ resetKey, login }: { resetKey: string; login: string }) {
  const form = useForm<ResetFields>({ password: '', confirm: '' }, (values) => ({
    password: passwordError(values.password),
    confirm: confirmError(values.password, values.confirm),
  }));
  const reset = useAction(async (values: Record<ResetFields, string>) =>
    confirmationMessage(
      await siteApi.resetPassword({ key: resetKey, login, new_password: values.password }),
      'Your password has been reset.',
    ),
  );

  if (reset.state.status === 'done') {
    return (
      <Confirmation heading="Password changed">
        <p>{reset.state.result}</p>
        <p>
          <Link className="shell-button" to="/login">
            Log in
          </Link>
        </p>
      </Confirmation>
    );
  }
  return (
    <>
      <p>Choose a new password for your account.</p>
      <form
        className="shell-form"
        onSubmit={form.handleSubmit((values) => void reset.run(values))}
        noValidate
      >
        <NewPasswordFields field={form.field} label="New password" />
        {reset.state.status === 'failed' && (
          <Notice tone="error">
            <p>{reset.state.message}</p>
            <p>
              <Link to="/forgotpass">Request a new reset link</Link>
            </p>
          </Notice>
        )}
        <button className="shell-button" type="submit" disabled={reset.pending}>
          {reset.pending ? 'Saving…' : 'Save new password'}
        </button>
      </form>
    </>
  );
}

/**
 * /forgotpass: without a reset link's `key` and `login` it asks for the email to send one to;
 * with both it sets the new password; with only one of them it says the link is incomplete.
 */
export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const resetKey = params.get('key')?.trim() ?? '';
  const login = params.get('login')?.trim() ?? '';
  const resetting = resetKey !== '' && login !== '';
  const heading = resetting ? 'Reset your password' : 'Forgot your password?';
  useDocumentTitle(heading);

  return (
    <PageShell heading={heading} narrow>
      {resetting ? (
        <ResetPasswordForm key={`${resetKey}\n${login}`} resetKey={resetKey} login={login} />
      ) : (
        <RequestLinkForm incompleteLink={params.has('key') || params.has('login')} />
      )}
    </PageShell>
  );
}
