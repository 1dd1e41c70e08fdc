import { captureCampaignIds, mountApp } from 'shared-store';
import { App } from './App';
import { bridgeAnalytics, bridgeNotifications } from './bridges/bridges';
import { startRemoteDiscovery } from './remotes/federation';
import './shell.css';

startRemoteDiscovery();
captureCampaignIds(window.location.search);
bridgeAnalytics();
bridgeNotifications();

const root = document.getElementById('root');
if (root) void mountApp(root, () => <App />);
