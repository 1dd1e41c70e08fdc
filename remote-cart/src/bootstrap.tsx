import { mountApp } from 'shared-store';
import CartPage from './CartPage';

const root = document.getElementById('root');
if (root) void mountApp(root, () => <CartPage />);
