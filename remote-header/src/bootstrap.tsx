import { mountApp } from 'shared-store';
import Header from './Header';

const root = document.getElementById('root');
if (root) void mountApp(root, () => <Header />);
