'use strict';
require('@testing-library/jest-dom');

// jsdom lacks the encoders react-router needs; Node's are the standard ones.
const { TextDecoder, TextEncoder } = require('node:util');

Object.assign(globalThis, { TextDecoder, TextEncoder });
