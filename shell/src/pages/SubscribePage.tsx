import { contentReads, read, useDocumentTitle, validateEmail } from 'shared-store';
import { Confirmation } from './components/Confirmation';
import { FormActions } from './components/FormActions';
import { FormField } from './components/FormField';
import { confirmationMessage } from './components/messages';
import { usePageContent } from './components/pageContent';
import { PageShell } from './components/PageShell';
import { RichText } from './components/RichText';
import { useAction } from './components/useAction';
import { useForm } from './components/useForm';
import './pages.css';
import { siteApi } from './reads/site';

const NEWSLETTER_NAME = 'Arora Updates';
const DEFAULT_NEWSLETTER_ACTION = '/wp-json/custom/v1/newsletter';
const PAGE_SLUG = 'arora-subscribe-form';

/** Posts the email to the footer's newsletter form action (or the site's default route). */
async function subscribe({ email }: Record<'email', string>): Promise<string> {
  const { newsletter } = await read(contentReads.footer);
  const action = newsletter.formAction || DEFAULT_NEWSLETTER_ACTION;
  const answer = await siteApi.subscribeNewsletter(action, email.trim());
  return confirmationMessage(answer, `Thank you for subscribing to ${NEWSLETTER_NAME}.`);
}

/** /arora-subscribe-form: the page's text from WordPress (if any) and the newsletter form. */
export default function SubscribePage() {
  useDocumentTitle(`Subscribe to ${NEWSLETTER_NAME}`);
  const page = usePageContent(PAGE_SLUG);
  const form = useForm<'email'>({ email: '' }, (values) => ({
    email: validateEmail(values.email) ?? undefined,
  }));
  const signup = useAction(subscribe);

  return (
    <PageShell heading={`Subscribe to ${NEWSLETTER_NAME}`} narrow>
      {page.status === 'ready' && page.data && (
        <RichText className="shell-prose" html={page.data} />
      )}
      {signup.state.status === 'done' ? (
        <Confirmation heading="You're on the list">
          <p>{signup.state.result}</p>
        </Confirmation>
      ) : (
        <form
          className="shell-form"
          aria-label={`${NEWSLETTER_NAME} newsletter`}
          onSubmit={form.handleSubmit((values) => void signup.run(values))}
          noValidate
        >
          <FormField
            label="Email address"
            type="email"
            autoComplete="email"
            inputMode="email"
            {...form.field('email')}
          />
          <FormActions state={signup.state} label="Subscribe" busyLabel="Subscribing…" />
        </form>
      )}
    </PageShell>
  );
}
