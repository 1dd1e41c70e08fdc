// An async boundary so the federation runtime has the shared modules ready before the app runs.
void import('./bootstrap');
