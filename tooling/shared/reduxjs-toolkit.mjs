// The parts of Redux Toolkit shared-store uses, shared as the singleton "@reduxjs/toolkit" (see
// react-router-dom.mjs beside this file). They come from the package's own ES module build, named
// by path because its exports map offers no subpath and "@reduxjs/toolkit" resolves to this file.
export {
  combineSlices,
  configureStore,
  createListenerMiddleware,
  createSlice,
  original,
} from '../../node_modules/@reduxjs/toolkit/dist/redux-toolkit.modern.mjs';
