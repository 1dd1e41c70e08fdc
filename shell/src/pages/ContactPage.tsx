import { Link } from 'react-router-dom';
import { ApiError, apiClient, useDocumentTitle, useMounted, validateEmail } from 'shared-store';
import type { ShellPageProps } from '.';
import { Confirmation } from './components/Confirmation';
import { FormActions } from './components/FormActions';
import { FormField, TextAreaField } from './components/FormField';
import { assertSuccess } from './components/messages';
import { usePageContent } from './components/pageContent';
import { PageShell } from './components/PageShell';
import { RichText } from './components/RichText';
import { useAction } from './components/useAction';
import { useForm } from './components/useForm';
import './pages.css';

/** The contact form: the four fields it posts (name, phone, email, message), and where. */
type ContactFields = 'name' | 'phonenum' | 'email' | 'message';
const CONTACT_PATH = '/wp-json/contact-form/v1/submit';
/** The WordPress page whose text introduces the form, when there is one. */
export const INTRO_SLUG = 'contact-us';

const MAX_NAME_LENGTH = 100;
const MIN_PHONE_DIGITS = 7;
const MAX_PHONE_DIGITS = 20;
const MIN_MESSAGE_LENGTH = 10;
const MAX_MESSAGE_LENGTH = 5000;

export const TOO_MANY_MESSAGES =
  'You have sent several messages in a short time. Please wait a minute, then send yours again.';
export const NOT_SENT = 'We could not send your message just now. Please try again in a moment.';

function nameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'Please enter your name.';
  if (trimmed.length > MAX_NAME_LENGTH) {
    return `Your name must be ${String(MAX_NAME_LENGTH)} characters at most.`;
  }
  return undefined;
}

/** Digits, spaces, + ( ) and - only, with 7 to 20 digits. */
function phoneError(phone: string): string | undefined {
  const trimmed = phone.trim();
  if (trimmed === '') return 'Please enter your phone number.';
  const digits = trimmed.replace(/\D/g, '').length;
  if (!/^[\d +()-]+$/.test(trimmed) || digits < MIN_PHONE_DIGITS || digits > MAX_PHONE_DIGITS) {
    return `Please enter a phone number of ${String(MIN_PHONE_DIGITS)} to ${String(MAX_PHONE_DIGITS)} digits, like 07700 900123 or +44 7700 900123.`;
  }
  return undefined;
}

function messageError(message: string): string | undefined {
  const length = message.trim().length;
  if (length === 0) return 'Please enter your message.';
  if (length < MIN_MESSAGE_LENGTH) {
    return `Your message must be at least ${String(MIN_MESSAGE_LENGTH)} characters long.`;
  }
  if (length > MAX_MESSAGE_LENGTH) {
    return `Your message must be ${String(MAX_MESSAGE_LENGTH)} characters at most (it has ${String(length)}).`;
  }
  return undefined;
}

function validate(values: Record<ContactFields, string>) {
  return {
    name: nameError(values.name),
    phonenum: phoneError(values.phonenum),
    email: validateEmail(values.email) ?? undefined,
    message: messageError(values.message),
  };
}

/** Who the confirmation thanks, and where the reply goes. */
interface Sent {
  name: string;
  email: string;
}

/**
 * Posts exactly {name, phonenum, email, message}, trimmed. A refusal carries the server's
 * message; too many messages (429) ask to wait a minute; an answer without a message says the
 * message was not sent.
 */
async function sendMessage(values: Record<ContactFields, string>): Promise<Sent> {
  const body = {
    name: values.name.trim(),
    phonenum: values.phonenum.trim(),
    email: values.email.trim(),
    message: values.message.trim(),
  };
  let answer: unknown;
  try {
    answer = await apiClient.request<unknown>(CONTACT_PATH, { method: 'POST', body });
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) throw new Error(TOO_MANY_MESSAGES);
    if (error instanceof ApiError && ['http_error', 'invalid_json'].includes(error.code)) {
      throw new Error(NOT_SENT);
    }
    throw error;
  }
  assertSuccess(answer);
  return { name: body.name, email: body.email };
}

/**
 * /contact-us: the WordPress page `contact-us` as an introduction when there is one, then the
 * contact form, checked before it is sent, and a confirmation that takes the focus.
 */
export default function ContactPage({ title }: ShellPageProps) {
  useDocumentTitle(title);
  const intro = usePageContent(INTRO_SLUG);
  const form = useForm<ContactFields>({ name: '', phonenum: '', email: '', message: '' }, validate);
  const contact = useAction(sendMessage);
  // Drawn on the server, the form waits for the page's code: typed text would be lost when the
  // page takes the markup over, and a send would put the learner's details in the address.
  const codeRunning = useMounted();

  return (
    <PageShell heading={title} narrow>
      {intro.status === 'ready' && intro.data && (
        <RichText className="shell-prose" html={intro.data} />
      )}
      {contact.state.status === 'done' ? (
        <Confirmation heading="Message sent">
          <p>
            Thank you, {contact.state.result.name}. We have your message and will reply to{' '}
            {contact.state.result.email} within two working days.
          </p>
          <p>
            <Link to="/courses">Browse our courses</Link>
          </p>
        </Confirmation>
      ) : (
        <form
          className="shell-form"
          aria-label="Contact form"
          inert={!codeRunning}
          onSubmit={form.handleSubmit((values) => void contact.run(values))}
          noValidate
        >
          <FormField label="Name" autoComplete="name" {...form.field('name')} />
          <FormField
            label="Phone number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            {...form.field('phonenum')}
          />
          <FormField
            label="Email address"
            type="email"
            autoComplete="email"
            inputMode="email"
            {...form.field('email')}
          />
          <TextAreaField
            label="Message"
            hint={`${String(MIN_MESSAGE_LENGTH)} to ${String(MAX_MESSAGE_LENGTH)} characters.`}
            {...form.field('message')}
          />
          <FormActions
            state={contact.state}
            label="Send message"
            busyLabel="Sending…"
            ready={codeRunning}
          />
        </form>
      )}
    </PageShell>
  );
}
