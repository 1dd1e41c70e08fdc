import type { JsonObject, JsonValue } from './json';

/** The WordPress REST error body: `{code, message, data: {status, ...}}`. */
export interface WpErrorBody {
  code: string;
  message: string;
  data: { status: number; [key: string]: JsonValue };
}

/**
 * An error a route throws to answer with a WordPress-style error body. The app's error handler
 * turns it into the response, so routes never build error replies by hand.
 */
export class WpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extraData: JsonObject;

  constructor(status: number, code: string, message: string, extraData: JsonObject = {}) {
    super(message);
    this.name = 'WpError';
    this.status = status;
    this.code = code;
    this.extraData = extraData;
  }

  /** The response body. */
  toBody(): WpErrorBody {
    return {
      code: this.code,
      message: this.message,
      data: { status: this.status, ...this.extraData },
    };
  }
}

/** WordPress's answer for a path or method no route serves. */
export function noRouteError(): WpError {
  return new WpError(
    404,
    'rest_no_route',
    'No route was found matching the URL and request method.',
  );
}

/** WordPress's answer when a request needs a logged-in user and has none. */
export function notLoggedInError(): WpError {
  return new WpError(401, 'rest_not_logged_in', 'You are not currently logged in.');
}

/** WordPress's answer when the logged-in user may not act on someone else's data. */
export function forbiddenError(): WpError {
  return new WpError(403, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
}

/** A 400 for one bad or missing field, naming it in `data.field` so a form can highlight it. */
export function invalidFieldError(field: string, message: string, code = 'invalid_field'): WpError {
  return new WpError(400, code, message, { field });
}

/** Collects invalid parameters so one 400 names them all, as WordPress does. */
export class InvalidParams {
  private readonly params: Record<string, string> = {};
  private readonly details: JsonObject = {};

  add(name: string, code: string, message: string, data: JsonObject | null): void {
    this.params[name] = message;
    this.details[name] = { code, message, data };
  }

  /** Throws WordPress's `rest_invalid_param` 400 when any parameter was invalid. */
  throwIfAny(): void {
    const names = Object.keys(this.params);
    if (names.length === 0) return;
    throw new WpError(400, 'rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, {
      params: this.params,
      details: this.details,
    });
  }
}
