import { captureCampaignIds, mountApp } from 'shared-store';
import { App } from './App';
import { bridgeAnalytics, bridgeNotifications } from './bridges/bridges';
import { startRemoteDiscovery } from './remotes/federation';
import './shell.css';

startRemoteDiscovery();
captureCampaignIds(window.location.search);
bridgeAnalytics();
bridgeNotifications();

// The app starts in a task of its own, after the one that ran its code's modules: two short
// tasks for the browser rather than one long one while the page is already on screen.
setTimeout(() => {
  const root = document.getElementById('root');
  if (root) void mountApp(root, () => <App />);
}, 0);
