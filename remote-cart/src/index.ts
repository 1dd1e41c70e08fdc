// The remote opened alone (dev server): an async boundary so shared modules are ready first.
void import('./bootstrap');
