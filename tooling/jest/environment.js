'use strict';
const JSDOMEnvironment = require('jest-environment-jsdom').default;

/**
 * jsdom with Node's fetch and the web platform it stands on, as Mock Service Worker needs them
 * (after mswjs/jest-fixed-jsdom): jsdom has no fetch of its own, and Node's Request cannot take
 * jsdom's streams, encoders or abort signals. Modules resolve as in Node ('' export condition),
 * not as in a browser, so `msw/node` is found. The DOM's own FormData stays: it reads forms.
 */
class StorefrontEnvironment extends JSDOMEnvironment {
  constructor(config, context) {
    super(config, context);
    this.customExportConditions = [''];
    Object.assign(this.global, {
      TextDecoder,
      TextEncoder,
      TextDecoderStream,
      TextEncoderStream,
      ReadableStream,
      WritableStream,
      TransformStream,
      Blob,
      Headers,
      Request,
      Response,
      fetch,
      AbortController,
      AbortSignal,
      structuredClone,
      BroadcastChannel,
    });
  }
}

module.exports = StorefrontEnvironment;
