// The parts of RxJS the event bus uses, shared as the singleton "rxjs" (see react-router-dom.js
// beside this file). They come from RxJS's own module files: "rxjs" itself resolves to this file.
export { Subject } from 'rxjs/internal/Subject';
export { filter } from 'rxjs/internal/operators/filter';
