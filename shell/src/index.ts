// An async boundary so the federation runtime has the shared modules ready before the app runs.
// Started in a task of its own: the runtime's set-up (this file's task) and the start of the app
// are two short tasks for the browser, not one long one.
setTimeout(() => {
  void import('./bootstrap');
}, 0);
