/** A refusal or failure of a commerce operation, answered as `{code, message, data: {status}}`. */
export class ShopError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra fields of `data` the page reads (the new prices of a changed order). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ShopError';
  }

  body() {
    return {
      code: this.code,
      message: this.message,
      data: { status: this.status, ...this.details },
    };
  }
}

export const unavailable = () =>
  new ShopError(502, 'upstream_unavailable', 'The shop could not be reached. Please try again.');
