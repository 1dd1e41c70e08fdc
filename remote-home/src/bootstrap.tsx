import { mountApp } from 'shared-store';
import HomePage from './HomePage';

const root = document.getElementById('root');
if (root) void mountApp(root, () => <HomePage />);
