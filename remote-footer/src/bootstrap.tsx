import { mountApp } from 'shared-store';
import Footer from './Footer';

const root = document.getElementById('root');
if (root) void mountApp(root, () => <Footer />);
